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

    /// Set in a group by a character outside the alphabet.
    private static let invalid: UInt32 = 1 << 31

    /// For each of the four places in a group, every character's six bits already shifted to that place of the
    /// group's 24 (`invalid` outside the alphabet), 256 entries a place: a group is four lookups ORed together.
    private static let placed: [UInt32] = (0..<4).flatMap { place in
        values.map { $0 == 0xFF ? invalid : UInt32($0) << (18 - 6 * place) }
    }

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
        let (seen, last) = placed.withUnsafeBufferPointer { placed in
            out.withUnsafeMutableBufferPointer { decode(text.prefix(digits), into: $0, placed: placed) }
        }
        if seen & invalid != 0 {
            let position = text.indices.first { values[Int(text[$0])] == 0xFF } ?? 0
            throw text[position] == UInt8(ascii: "=") ? .padding : .character(position: position + 1)
        }
        // The bits of the last group that no byte takes must be zero, so that the bytes have one spelling.
        guard last & (padding == 1 ? 0xFF : padding == 2 ? 0xFFFF : 0) == 0 else { throw .unusedBits }
        return out
    }

    /// Decodes `digits` (the text without its padding) into `out`, which has room for exactly their bytes.
    /// Returns every group ORed together (`invalid` is set if any character was outside the alphabet) and the
    /// last, partial group.
    private static func decode(_ digits: Slice<UnsafeBufferPointer<UInt8>>, into out: UnsafeMutableBufferPointer<UInt8>,
                               placed: UnsafeBufferPointer<UInt32>) -> (seen: UInt32, last: UInt32) {
        // Indices stay within the buffers, so their arithmetic needs no overflow checks (&+).
        func group(_ start: Int, _ count: Int) -> UInt32 {
            var group: UInt32 = 0
            for place in 0..<count { group |= placed[place << 8 | Int(digits[start &+ place])] }
            return group
        }
        var seen: UInt32 = 0
        var written = 0
        var start = digits.startIndex
        while digits.endIndex &- start >= 4 {
            let bits = group(start, 4)
            seen |= bits
            out[written] = UInt8(truncatingIfNeeded: bits >> 16)
            out[written &+ 1] = UInt8(truncatingIfNeeded: bits >> 8)
            out[written &+ 2] = UInt8(truncatingIfNeeded: bits)
            written &+= 3
            start &+= 4
        }
        let remaining = digits.endIndex - start
        let last = group(start, remaining)
        seen |= last
        // Three characters (one '=') make two bytes, two characters (two '=') one.
        for byte in 0..<max(0, remaining - 1) { out[written + byte] = UInt8(truncatingIfNeeded: last >> (16 - 8 * byte)) }
        return (seen, last)
    }
}
