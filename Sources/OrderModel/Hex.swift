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
