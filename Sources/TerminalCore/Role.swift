import Synchronization

/// What a cell means, by name (`text`, `selection`): views say what they draw, and a theme says how each
/// meaning looks, so neither the buffer nor the terminal knows colours by cell. The console declares its roles.
///
/// Every cell carries one and every frame compares and looks them up, so a role is a small number standing for
/// its name (as a `String` it made each frame 10–25% slower): names are numbered the first time they are used.
public struct Role: RawRepresentable, Hashable, Sendable {
    @usableFromInline let number: UInt16

    public init(rawValue: String) { number = RoleNames.number(for: rawValue) }

    public var rawValue: String { RoleNames.name(of: number) }

    // By number: RawRepresentable's defaults compare and hash the names, which take a lock to look up, so
    // without these every cell compared in a frame did that twice.
    @inlinable public static func == (lhs: Role, rhs: Role) -> Bool { lhs.number == rhs.number }

    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(number) }

    /// Plain text in the terminal's own colours: what a blank cell holds.
    public static let text = Role(rawValue: "text")
}

/// The role names in use, each numbered once; a handful, declared by the console and read from themes.
private enum RoleNames {
    static let names = Mutex<[String]>([])

    static func number(for name: String) -> UInt16 {
        names.withLock { names in
            if let number = names.firstIndex(of: name) { return UInt16(number) }
            names.append(name)
            return UInt16(names.count - 1)
        }
    }

    static func name(of number: UInt16) -> String { names.withLock { $0[Int(number)] } }
}

/// How roles are drawn: what a terminal asks of a theme once it knows how many colours it can show.
public protocol RoleStyles {
    /// Every role with its style on a terminal of `level` colours, in a fixed order.
    func styles(for level: ColorLevel) -> [(role: Role, style: Style)]
}
