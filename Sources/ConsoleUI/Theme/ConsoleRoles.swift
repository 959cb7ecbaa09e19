import TerminalCore

/// The console's roles: what each piece of its screens means. Views say which they draw; themes say how each
/// looks, by these names. `text`, what a blank cell holds, is TerminalCore's own.
extension Role {
    public static let dim = Role(rawValue: "dim")
    public static let title = Role(rawValue: "title")
    public static let header = Role(rawValue: "header")
    public static let badge = Role(rawValue: "badge")
    public static let columnHeader = Role(rawValue: "column-header")
    public static let section = Role(rawValue: "section")
    public static let selection = Role(rawValue: "selection")
    public static let newRow = Role(rawValue: "new-row")
    public static let warning = Role(rawValue: "warning")
    public static let error = Role(rawValue: "error")
    public static let success = Role(rawValue: "success")
    public static let footer = Role(rawValue: "footer")
    public static let footerKey = Role(rawValue: "footer-key")
    public static let dialog = Role(rawValue: "dialog")
    public static let dialogTitle = Role(rawValue: "dialog-title")
    public static let input = Role(rawValue: "input")
    public static let inputError = Role(rawValue: "input-error")
    public static let statusAuthorized = Role(rawValue: "status-authorized")
    public static let statusHeld = Role(rawValue: "status-held")
    public static let statusCharging = Role(rawValue: "status-charging")
    public static let statusPaid = Role(rawValue: "status-paid")
    public static let statusFailed = Role(rawValue: "status-failed")
    public static let statusCanceled = Role(rawValue: "status-canceled")
    public static let statusReversed = Role(rawValue: "status-reversed")
    public static let statusRefunded = Role(rawValue: "status-refunded")

    /// Every role a theme can set, in the order themes and palettes list them.
    public static let allCases: [Role] = [
        .text, .dim, .title, .header, .badge, .columnHeader, .section, .selection, .newRow, .warning, .error,
        .success, .footer, .footerKey, .dialog, .dialogTitle, .input, .inputError, .statusAuthorized, .statusHeld,
        .statusCharging, .statusPaid, .statusFailed, .statusCanceled, .statusReversed, .statusRefunded,
    ]
}
