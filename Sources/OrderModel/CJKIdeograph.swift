/// The CJK unified ideographs (U+3400–U+4DBF, U+4E00–U+9FFF), which Chinese names, addresses and labels are
/// almost all made of. Like an ASCII character, an ideograph is its own lower case and its own compatibility
/// decomposition, a starter that no reordering of marks crosses, and in text of nothing but ASCII and
/// ideographs a character of its own: so search folding and the text limits take ideographs as they take
/// ASCII, and keep Unicode's algorithms for the rest.
public enum CJKIdeograph {
    /// Whether the UTF-8 at `index` (valid UTF-8, as a `String`'s is) starts an ideograph, which is then 3 bytes.
    public static func starts(at index: Int, in utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let lead = utf8[index]
        guard lead >= 0xE3, lead <= 0xE9 else { return false }
        let scalar = UInt32(lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
        return (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
    }

    /// Every ideograph, for tests that hold a fast path to the Unicode one.
    public static let scalars: [Unicode.Scalar] = (Array(0x3400...0x4DBF) + Array(0x4E00...0x9FFF)).compactMap(Unicode.Scalar.init)
}
