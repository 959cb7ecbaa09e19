import TerminalCore

/// Colours and attributes by role. Theme files are read by the Themes module, where every theme starts from
/// the shipped default and overrides only the roles it names.
public struct Theme: Sendable {
    public let name: String
    var styles: [Role: Style]
    /// What the terminal's own background is taken to be, for the contrast of roles that keep its colours.
    public private(set) var background: TerminalBackground

    public init(name: String, styles: [Role: Style], background: TerminalBackground) {
        self.name = name
        self.styles = styles
        self.background = background
    }

    public func style(_ role: Role) -> Style { styles[role] ?? Style() }

    /// The theme as a terminal with `level` colours can show it. Without colour, the roles that have to stand
    /// out from their surroundings are drawn in reverse video, so the selected row is visible in every case.
    public func reduced(to level: ColorLevel) -> Theme {
        var reduced = self
        for (role, style) in styles { reduced.styles[role] = style.reduced(to: level) }
        if level == .none {
            for role in [Role.selection, .badge, .dialogTitle, .input, .footerKey] {
                reduced.styles[role, default: Style()].reverse = true
            }
        }
        return reduced
    }
}

extension Theme: RoleStyles {
    public func styles(for level: ColorLevel) -> [(role: Role, style: Style)] {
        let reduced = reduced(to: level)
        return Role.allCases.map { ($0, reduced.style($0)) }
    }
}
