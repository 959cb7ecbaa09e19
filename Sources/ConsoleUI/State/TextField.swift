import OrderModel
import TerminalCore

/// A one-line text input: typing appends, Backspace deletes, Ctrl-U clears. Enough for filters, amounts,
/// notes and commands, and nothing that needs a cursor to explain.
public struct TextField: Sendable, Equatable {
    public var text: String
    /// The most scalars it holds.
    public var limit: Int

    public init(_ text: String = "", limit: Int = 200) {
        self.text = text
        self.limit = limit
    }

    /// Applies an editing key; false when the key is not an edit.
    mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            // Counted in scalars: marks typed or pasted one by one join the last character and would
            // otherwise never reach the limit.
            if text.unicodeScalars.count < limit, !character.unicodeScalars.contains(where: \.isTerminalHazard) {
                text.append(character)
            }
            return true
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
            return true
        case .control("u"):
            text = ""
            return true
        case .control("w"):
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " " { text.removeLast() }
            return true
        default:
            return false
        }
    }
}
