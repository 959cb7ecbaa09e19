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

    /// Decodes and checks in one pass: each group's four values are ORed into what was seen, so a character
    /// outside the alphabet shows once the pass is over, and only then is what is wrong looked for.
    public static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> [UInt8] {
        guard text.count % 4 == 0 else { throw lengthProblem(in: text) }
        guard let input = text.baseAddress, !text.isEmpty else { return [] }
        let padding = padding(of: text), count = text.count / 4 * 3 - padding
        var seen: UInt8 = 0
        let bytes = values.withUnsafeBufferPointer { values in
            [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
                var input = input, output = out.baseAddress!
                // The groups before the last, then the last, whose padding stands for no bits.
                for _ in 0..<text.count / 4 - 1 {
                    let a = values[Int(input[0])], b = values[Int(input[1])], c = values[Int(input[2])], d = values[Int(input[3])]
                    seen |= a | b | c | d
                    let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output[0] = UInt8(truncatingIfNeeded: bits >> 16)
                    output[1] = UInt8(truncatingIfNeeded: bits >> 8)
                    output[2] = UInt8(truncatingIfNeeded: bits)
                    input += 4
                    output += 3
                }
                let a = values[Int(input[0])], b = values[Int(input[1])]
                let c = padding < 2 ? values[Int(input[2])] : 0, d = padding < 1 ? values[Int(input[3])] : 0
                // The bits of the last character that no byte takes: 2 of 18 after one '=', 4 of 12 after two.
                let unused = padding == 1 ? c & 0x3 : padding == 2 ? b & 0xF : 0
                seen |= a | b | c | d | (unused == 0 ? 0 : invalid)
                let bits = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c & 0x3F) << 6 | UInt32(d & 0x3F)
                output[0] = UInt8(truncatingIfNeeded: bits >> 16)
                if padding < 2 { output[1] = UInt8(truncatingIfNeeded: bits >> 8) }
                if padding < 1 { output[2] = UInt8(truncatingIfNeeded: bits) }
                initialized = count
            }
        }
        guard seen & invalid == 0 else { throw problem(in: text, padding: padding) }
        return bytes
    }

    /// How many bytes `text` stands for, once it is known to be strict base64: the whole check without the
    /// decoding, at about two instructions a character (a token's data is kilobytes of base64, on every line
    /// ingest reads). What is wrong is looked for only once something is.
    public static func decodedCount(_ text: String) throws(Problem) -> Int {
        try text.withUTF8Bytes { utf8 in Result { () throws(Problem) in try decodedCount(utf8) } }.get()
    }

    public static func decodedCount(_ text: UnsafeBufferPointer<UInt8>) throws(Problem) -> Int {
        guard text.count % 4 == 0 else { throw lengthProblem(in: text) }
        let padding = padding(of: text), characters = text.count - padding
        let valid = values.withUnsafeBufferPointer { values -> Bool in
            var seen: UInt8 = 0
            var position = 0
            while position + 32 <= characters {
                for offset in position..<position + 32 { seen |= values[Int(text[offset])] }
                position += 32
            }
            for offset in position..<characters { seen |= values[Int(text[offset])] }
            let unused: UInt8 = padding == 1 ? 0x3 : 0xF
            return seen & invalid == 0 && (padding == 0 || values[Int(text[characters - 1])] & unused == 0)
        }
        guard valid else { throw problem(in: text, padding: padding) }
        return text.count / 4 * 3 - padding
    }

    /// How many '=' end `text`, a multiple of four characters: 0, 1 or 2.
    private static func padding(of text: UnsafeBufferPointer<UInt8>) -> Int {
        guard text.count >= 2, text[text.count - 1] == UInt8(ascii: "=") else { return 0 }
        return text[text.count - 2] == UInt8(ascii: "=") ? 2 : 1
    }

    /// A length that is not a multiple of 4 is most often a line break or a space left in: that character is
    /// named, if there is one, rather than the length it threw off.
    private static func lengthProblem(in text: UnsafeBufferPointer<UInt8>) -> Problem {
        let trailingPadding = text.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard let position = (0..<text.count - trailingPadding).first(where: { values[Int(text[$0])] == invalid }) else { return .length }
        return text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
    }

    /// What is wrong with `text`, of a right length, known to be wrong: the first character before the padding
    /// outside the alphabet, or else the last character's unused bits.
    private static func problem(in text: UnsafeBufferPointer<UInt8>, padding: Int) -> Problem {
        guard let position = (0..<text.count - padding).first(where: { values[Int(text[$0])] == invalid }) else { return .unusedBits }
        return text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
    }
}
