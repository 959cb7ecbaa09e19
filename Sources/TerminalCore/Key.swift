/// A key as the console understands it, whatever the terminal sent.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete

    /// The key a terminal sends as this character code (a wide character, or a control code such as 13 for
    /// Enter and 3 for Ctrl-C); nil for control codes that are no key.
    public init?(characterCode code: UInt32) {
        switch code {
        case 10, 13: self = .enter
        case 27: self = .escape
        case 9: self = .tab
        case 8, 127: self = .backspace
        case 1...26: self = .control(Character(Unicode.Scalar(code + 96) ?? "?"))
        case 0..<32: return nil
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            self = .character(Character(scalar))
        }
    }

    /// How a key is written in the footer and in help.
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let character): String(character)
        case .control(let character): "^" + character.uppercased()
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .backspace: "Bksp"
        case .delete: "Del"
        }
    }
}

/// A terminal's size in cells.
public struct Size: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }
}
