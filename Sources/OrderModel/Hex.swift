// The tree's one hex codec: everything that reads or writes hex bytes comes here, so that a sign or a space is
// never taken for a digit. (StrictJSON's `\u` escapes are its own: it imports nothing.)

extension Sequence<UInt8> {
    /// Lower-case hex, two digits a byte. Written out by hand: `String(format:)` is slow on Linux and ingest
    /// hashes every line.
    public var hexEncoded: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension Collection<UInt8> {
    /// The bytes that hex digits (either case, two a byte) stand for, or nil when these are not an even
    /// number of hex digits. Inlinable, so that a caller gets it specialised for its collection rather than
    /// reading each digit through a protocol witness (a token's transaction id is decoded for every token).
    @inlinable
    public var hexDecoded: [UInt8]? {
        func nibble(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(count / 2)
        var high: UInt8?
        for digit in self {
            guard let value = nibble(digit) else { return nil }
            if let first = high {
                out.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        return out
    }
}
