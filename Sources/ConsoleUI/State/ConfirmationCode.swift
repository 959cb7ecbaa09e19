import TerminalCore
/// The deliberate answer a confirmation that changes an order needs: the last four characters of the order's
/// id, typed, then Enter. A single key never confirms, and neither does a shell command typed into the console
/// by mistake (`cat /var/log/syslog` Enter once reversed a paid order through `c` … `y`).
public struct ConfirmationCode: Sendable, Equatable {
    public let expected: String
    public private(set) var typed = ""
    /// What was typed when Enter came with another code; shown until the next key.
    public private(set) var refused: String?

    public init(orderId: String) { expected = String(orderId.suffix(4)) }

    /// What a code's line holds: enough to show a mistyped answer whole.
    static let longest = 12

    public enum Answer: Equatable { case confirmed, dismissed, waiting }

    /// Esc and Ctrl-C dismiss; characters go into the code, up to `longest`; Backspace takes one back; Enter
    /// confirms the exact code (letters in either case) and otherwise clears it. Any other key does nothing.
    /// Characters past the code's length are kept, so that `00012` is not taken for `0001`.
    public mutating func answer(_ key: Key) -> Answer {
        switch key {
        case .escape, .control("c"):
            return .dismissed
        case .enter:
            guard !typed.isEmpty else { return .waiting }
            if typed.lowercased() == expected.lowercased() { return .confirmed }
            refused = typed
            typed = ""
        case .backspace, .delete:
            if !typed.isEmpty { typed.removeLast() }
            refused = nil
        case .character(let character):
            guard typed.count < Self.longest, character.isASCII, !character.isWhitespace else { break }
            typed.append(character)
            refused = nil
        default:
            break
        }
        return .waiting
    }
}
