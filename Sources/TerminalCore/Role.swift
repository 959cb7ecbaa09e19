/// What a cell means, by name (`text`, `selection`): views say what they draw, and a theme says how each
/// meaning looks, so neither the buffer nor the terminal knows colours by cell. The console declares its roles.
public struct Role: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Plain text in the terminal's own colours: what a blank cell holds.
    public static let text = Role(rawValue: "text")
}

/// How roles are drawn: what a terminal asks of a theme once it knows how many colours it can show.
public protocol RoleStyles {
    /// Every role with its style on a terminal of `level` colours, in a fixed order.
    func styles(for level: ColorLevel) -> [(role: Role, style: Style)]
}
