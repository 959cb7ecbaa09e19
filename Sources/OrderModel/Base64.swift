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

    /// 0-63 for the alphabet, `invalid` for anything else: one OR over many characters' values says whether
    /// they are all in the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: invalid, count: 256)
        for (value, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(character)] = UInt8(value)
        }
        return table
    }()
    private static let invalid: UInt8 = 0x80

    public static func decode(_ text: String) throws(Problem) -> [UInt8] {
        try text.withUTF8Bytes { utf8 in Result { () throws(Problem) in try decode(utf8) } }.get()
    }

    public static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> [UInt8] {
        let count = try decodedCount(text)
        return values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                // Checked: every character before the padding is in the alphabet.
                var group = 0
                while 3 * group + 3 <= count {
                    let bits = UInt32(values[Int(text[4 * group])]) << 18 | UInt32(values[Int(text[4 * group + 1])]) << 12
                        | UInt32(values[Int(text[4 * group + 2])]) << 6 | UInt32(values[Int(text[4 * group + 3])])
                    out[3 * group] = UInt8(truncatingIfNeeded: bits >> 16)
                    out[3 * group + 1] = UInt8(truncatingIfNeeded: bits >> 8)
                    out[3 * group + 2] = UInt8(truncatingIfNeeded: bits)
                    group += 1
                }
                if 3 * group < count {
                    let bits = UInt32(values[Int(text[4 * group])]) << 18 | UInt32(values[Int(text[4 * group + 1])]) << 12
                        | UInt32(values[Int(text[4 * group + 2])] & 0x3F) << 6
                    out[3 * group] = UInt8(truncatingIfNeeded: bits >> 16)
                    if 3 * group + 1 < count { out[3 * group + 1] = UInt8(truncatingIfNeeded: bits >> 8) }
                }
                initialized = count
            }
        }
    }

    /// How many bytes `text` stands for, once it is known to be strict base64: the whole check without the
    /// decoding, at about two instructions a character (a token's data is kilobytes of base64, on every line
    /// ingest reads). What is wrong is looked for only once something is.
    public static func decodedCount(_ text: String) throws(Problem) -> Int {
        try text.withUTF8Bytes { utf8 in Result { () throws(Problem) in try decodedCount(utf8) } }.get()
    }

    public static func decodedCount(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> Int {
        guard text.count % 4 == 0 else { throw .length }
        var padding = 0
        if text.count > 0, text[text.count - 1] == UInt8(ascii: "=") {
            padding = text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
        }
        let characters = text.count - padding
        let problem = values.withUnsafeBufferPointer { values -> Problem? in
            var seen: UInt8 = 0
            var position = 0
            while position + 32 <= characters {
                for offset in position..<position + 32 { seen |= values[Int(text[offset])] }
                position += 32
            }
            for offset in position..<characters { seen |= values[Int(text[offset])] }
            if seen & invalid != 0 {
                let position = (0..<characters).first { values[Int(text[$0])] == invalid }!
                return text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
            }
            // The bits of the last character that no byte takes: 2 of 18 after one '=', 4 of 12 after two.
            let unused: UInt8 = padding == 1 ? 0x3 : 0xF
            return padding > 0 && values[Int(text[characters - 1])] & unused != 0 ? .unusedBits : nil
        }
        if let problem { throw problem }
        return text.count / 4 * 3 - padding
    }
}
