/// Base64 exactly as Apple writes it in a payment token: RFC 4648's standard alphabet, padded with `=` to a
/// multiple of four characters, the unused bits of the last character zero, and nothing else: no whitespace,
/// no line breaks, no URL-safe alphabet. So every byte string has one spelling, and a token's
/// `publicKeyHash` can be compared as text.
public enum Base64 {
    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case length
        /// 1-based, as a person counts.
        case character(position: Int)
        case padding
        case unusedBits

        public var description: String {
            switch self {
            case .length: "length is not a multiple of 4"
            case .character(let position): "character \(position) is not in the standard base64 alphabet"
            case .padding: "'=' padding is misplaced"
            case .unusedBits: "the last character's unused bits are not zero"
            }
        }
    }

    /// 0-63 for the alphabet, 0xFF for anything else.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()

    public static func decode(_ text: String) throws(Problem) -> [UInt8] {
        var text = text
        return try text.withUTF8 { utf8 in Result { () throws(Problem) in try decode(utf8) } }.get()
    }

    public static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> [UInt8] {
        guard text.count % 4 == 0 else { throw .length }
        var padding = 0
        if text.count > 0, text[text.count - 1] == UInt8(ascii: "=") {
            padding = text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.count / 4 * 3)
        let values = Self.values
        var group: UInt32 = 0
        for position in 0..<text.count - padding {
            let value = values[Int(text[position])]
            guard value != 0xFF else {
                throw text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
            }
            group = group << 6 | UInt32(value)
            if position % 4 == 3 {
                out.append(UInt8(truncatingIfNeeded: group >> 16))
                out.append(UInt8(truncatingIfNeeded: group >> 8))
                out.append(UInt8(truncatingIfNeeded: group))
                group = 0
            }
        }
        switch padding {
        case 1:
            guard group & 0x3 == 0 else { throw .unusedBits }
            out.append(UInt8(truncatingIfNeeded: group >> 10))
            out.append(UInt8(truncatingIfNeeded: group >> 2))
        case 2:
            guard group & 0xF == 0 else { throw .unusedBits }
            out.append(UInt8(truncatingIfNeeded: group >> 4))
        default:
            break
        }
        return out
    }
}
