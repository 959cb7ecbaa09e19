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

    /// 0-63 for the alphabet, `invalid` for anything else: one OR over a group's four values says whether they
    /// are all in the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()
    private static let invalid: UInt8 = 0x80

    public static func decode(_ text: String) throws(Problem) -> [UInt8] {
        var text = text
        return try text.withUTF8 { utf8 in Result { () throws(Problem) in try decode(utf8) } }.get()
    }

    /// Decodes a group of four characters at a time into an array of the exact size, and looks for what is
    /// wrong only once something is: a token's 4 KB of base64 is read at a few instructions a character.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> [UInt8] {
        guard text.count % 4 == 0 else { throw .length }
        var padding = 0
        if text.count > 0, text[text.count - 1] == UInt8(ascii: "=") {
            padding = text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        var problem: Problem?
        let bytes = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: text.count / 4 * 3 - padding) { out, count in
                do throws(Problem) { count = try decode(text, padding: padding, values: values, into: out) } catch { problem = error }
            }
        }
        if let problem { throw problem }
        return bytes
    }

    /// Writes what `text` stands for into `out` and returns how many bytes that is.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, padding: Int, values: UnsafeBufferPointer<UInt8>,
                               into out: UnsafeMutableBufferPointer<UInt8>) throws(Problem) -> Int {
        let groups = text.count / 4 - (padding > 0 ? 1 : 0)
        var seen: UInt8 = 0
        for group in 0..<groups {
            let a = values[Int(text[4 * group])], b = values[Int(text[4 * group + 1])]
            let c = values[Int(text[4 * group + 2])], d = values[Int(text[4 * group + 3])]
            seen |= a | b | c | d
            let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
            out[3 * group] = UInt8(truncatingIfNeeded: bits >> 16)
            out[3 * group + 1] = UInt8(truncatingIfNeeded: bits >> 8)
            out[3 * group + 2] = UInt8(truncatingIfNeeded: bits)
        }
        var last: UInt32 = 0
        for position in 4 * groups..<text.count - padding {
            let value = values[Int(text[position])]
            seen |= value
            last = last << 6 | UInt32(value)
        }
        if seen & invalid != 0 {
            let position = (0..<text.count - padding).first { values[Int(text[$0])] == invalid }!
            throw text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
        }
        let written = 3 * groups
        switch padding {
        case 1:
            guard last & 0x3 == 0 else { throw .unusedBits }
            out[written] = UInt8(truncatingIfNeeded: last >> 10)
            out[written + 1] = UInt8(truncatingIfNeeded: last >> 2)
            return written + 2
        case 2:
            guard last & 0xF == 0 else { throw .unusedBits }
            out[written] = UInt8(truncatingIfNeeded: last >> 4)
            return written + 1
        default:
            return written
        }
    }
}
