/// What a piece of the screen means. Views say what they draw; themes say how each meaning looks.
public enum Role: String, CaseIterable, Sendable, Hashable {
    case text
    case dim
    case title
    case header
    case badge
    case columnHeader = "column-header"
    case section
    case selection
    case newRow = "new-row"
    case warning
    case error
    case success
    case footer
    case footerKey = "footer-key"
    case dialog
    case dialogTitle = "dialog-title"
    case input
    case inputError = "input-error"
    case statusAuthorized = "status-authorized"
    case statusHeld = "status-held"
    case statusCharging = "status-charging"
    case statusPaid = "status-paid"
    case statusFailed = "status-failed"
    case statusCanceled = "status-canceled"
    case statusReversed = "status-reversed"
    case statusRefunded = "status-refunded"
}
