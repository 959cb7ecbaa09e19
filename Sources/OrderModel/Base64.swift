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

    /// Four characters at a time into three bytes, with no check in the loop but one for a character outside the
    /// alphabet at the end; the rare text that has one is read again to name the first.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> [UInt8] {
        guard text.count % 4 == 0 else { throw .length }
        var padding = 0
        if text.count > 0, text[text.count - 1] == UInt8(ascii: "=") {
            padding = text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        let digits = text.count - padding
        var out = [UInt8](repeating: 0, count: digits * 3 / 4)
        let (seen, last) = values.withUnsafeBufferPointer { values in
            out.withUnsafeMutableBufferPointer { decode(text.prefix(digits), into: $0, values: values) }
        }
        if seen & 0x80 != 0 {
            let position = text.indices.first { values[Int(text[$0])] == 0xFF } ?? 0
            throw text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
        }
        guard last & (padding == 1 ? 0x3 : padding == 2 ? 0xF : 0) == 0 else { throw .unusedBits }
        return out
    }

    /// Decodes `digits` (the text without its padding) into `out`, which has room for exactly their bytes.
    /// Returns every value ORed together (0xFF, outside the alphabet, sets the top bit) and the bits of the last,
    /// partial group.
    private static func decode(_ digits: Slice<UnsafeBufferPointer<UInt8>>, into out: UnsafeMutableBufferPointer<UInt8>,
                               values: UnsafeBufferPointer<UInt8>) -> (seen: UInt8, last: UInt32) {
        var seen: UInt8 = 0
        var written = 0
        var start = digits.startIndex
        while digits.endIndex - start >= 4 {
            let a = values[Int(digits[start])], b = values[Int(digits[start + 1])]
            let c = values[Int(digits[start + 2])], d = values[Int(digits[start + 3])]
            seen |= a | b | c | d
            let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            out[written] = UInt8(truncatingIfNeeded: group >> 16)
            out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
            out[written + 2] = UInt8(truncatingIfNeeded: group)
            written += 3
            start += 4
        }
        var last: UInt32 = 0
        for position in start..<digits.endIndex {
            let value = values[Int(digits[position])]
            seen |= value
            last = last << 6 | UInt32(value)
        }
        switch digits.endIndex - start {
        case 3:  // one '=' of padding
            out[written] = UInt8(truncatingIfNeeded: last >> 10)
            out[written + 1] = UInt8(truncatingIfNeeded: last >> 2)
        case 2:  // two
            out[written] = UInt8(truncatingIfNeeded: last >> 4)
        default:
            break
        }
        return (seen, last)
    }
}
