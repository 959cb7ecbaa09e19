import CNcursesw
import Foundation

/// What a terminal of the xterm family shows after the bytes it was sent: enough of ECMA-48 to tell where every
/// character landed and in which look. A character takes the columns the C library gives it, as the terminal's
/// own would; a look is the graphic renditions sent since the last reset.
struct TerminalReplay {
    /// What ECMA-48's graphic renditions set, by meaning rather than by the bytes that set it.
    struct Look: Equatable, CustomStringConvertible {
        var bold = false, dim = false, underline = false, reverse = false
        var foreground: Int?, background: Int?
        var description: String {
            [bold ? "bold" : nil, dim ? "dim" : nil, underline ? "underline" : nil, reverse ? "reverse" : nil,
             foreground.map { "fg \($0)" }, background.map { "bg \($0)" }].compactMap { $0 }.joined(separator: " ")
        }

        /// Sets what `parameters` (one SGR's, e.g. `1;38;5;221`) say.
        mutating func apply(_ parameters: [Int]) {
            var index = 0
            while index < parameters.count {
                let number = parameters[index]
                switch number {
                case 0: self = Look()
                case 1: bold = true
                case 2: dim = true
                case 4: underline = true
                case 7: reverse = true
                case 22: (bold, dim) = (false, false)
                case 24: underline = false
                case 27: reverse = false
                case 30...37: foreground = number - 30
                case 90...97: foreground = number - 90 + 8
                case 40...47: background = number - 40
                case 100...107: background = number - 100 + 8
                case 39: foreground = nil
                case 49: background = nil
                case 38, 48:
                    let color: Int? = index + 2 < parameters.count && parameters[index + 1] == 5 ? parameters[index + 2] : nil
                    if number == 38 { foreground = color } else { background = color }
                    index += 2
                default: break
                }
                index += 1
            }
        }
    }

    struct Shown: Equatable, CustomStringConvertible {
        var text: String
        var look: Look
        var description: String { "\"\(text)\" in (\(look))" }
    }

    let width: Int, height: Int
    private(set) var cells: [[Shown]]
    private var row = 0, column = 0, look = Look()

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: Shown(text: " ", look: Look()), count: width), count: height)
    }

    /// The look a terminal is left in by `bytes` sent from the plain one.
    static func look(after bytes: [UInt8]) -> Look {
        var replay = TerminalReplay(width: 1, height: 1)
        replay.play(bytes)
        return replay.look
    }

    mutating func play(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                index = escape(bytes, from: index + 1)
                continue
            case UInt8(ascii: "\r"): column = 0
            case UInt8(ascii: "\n"): row = min(row + 1, height - 1)
            case 0x08: column = max(0, column - 1)
            case 0..<0x20, 0x7F: break
            default:
                let length = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
                let end = min(bytes.count, index + length)
                put(String(decoding: bytes[index..<end], as: UTF8.self))
                index = end
                continue
            }
            index += 1
        }
    }

    private mutating func put(_ character: String) {
        let scalar = character.unicodeScalars.first!
        let columns = Int(paydesk_wcwidth(scalar.value))
        if columns == 0 {
            // A combining mark joins the character before it.
            if column > 0 { cells[row][column - 1].text += character }
            return
        }
        let used = max(1, columns)
        if column + used > width {
            column = 0
            row = min(row + 1, height - 1)
        }
        // Writing over either half of a wide character blanks the other, as xterm does.
        for x in column..<column + used {
            if cells[row][x].text.isEmpty, x > 0 { cells[row][x - 1].text = " " }
            if !cells[row][x].text.isEmpty, x + 1 < width, cells[row][x + 1].text.isEmpty { cells[row][x + 1].text = " " }
        }
        cells[row][column] = Shown(text: character, look: look)
        if used == 2 { cells[row][column + 1] = Shown(text: "", look: look) }
        column += used
    }

    /// Reads the escape sequence after ESC at `start`; returns the index after it.
    private mutating func escape(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "["):
            var end = start + 1
            while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return end }
            let parameters = String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            control(final: bytes[end], parameters)
            return end + 1
        case UInt8(ascii: "]"):
            var end = start + 1
            while end < bytes.count, bytes[end] != 0x07, !(bytes[end] == 0x1B && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: "\\")) { end += 1 }
            return min(bytes.count, bytes[safe: end] == 0x07 ? end + 1 : end + 2)
        case UInt8(ascii: "("), UInt8(ascii: ")"):
            return start + 2
        default:
            return start + 1
        }
    }

    private mutating func control(final: UInt8, _ parameters: String) {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        switch final {
        case UInt8(ascii: "H"):
            row = min(height - 1, max(1, numbers.first.flatMap { $0 } ?? 1) - 1)
            column = min(width - 1, max(1, numbers.dropFirst().first.flatMap { $0 } ?? 1) - 1)
        case UInt8(ascii: "J") where parameters == "2":
            cells = Array(repeating: Array(repeating: Shown(text: " ", look: look), count: width), count: height)
        case UInt8(ascii: "K") where parameters.isEmpty || parameters == "0":
            // Blanks to the end of the row, in the current look (a terminal that erases in its background colour).
            // Erasing the right half of a wide character blanks its left half too.
            if column > 0, cells[row][column].text.isEmpty { cells[row][column - 1].text = " " }
            for x in column..<width { cells[row][x] = Shown(text: " ", look: look) }
        case UInt8(ascii: "m"):
            look.apply(parameters.isEmpty ? [0] : numbers.map { $0 ?? 0 })
        default:
            break
        }
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
