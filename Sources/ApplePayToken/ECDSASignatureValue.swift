/// A P-256 ECDSA signature as CMS carries it, ECDSA-Sig-Value in DER (`SEQUENCE { r INTEGER, s INTEGER }`), read
/// into the r ‖ s form swift-crypto verifies. swift-crypto's own `ECDSASignature(derRepresentation:)` does the same
/// through its general ASN.1 parser and a growing `Data`, which cost as much as walking the whole CMS envelope.
/// This accepts exactly what that accepts (`ECDSASignatureValueTests` compares the two): short-form lengths (a
/// P-256 signature is at most 72 bytes), nothing after `s`, each integer non-empty, minimally encoded and not
/// negative, at most 32 bytes once a leading zero is dropped.
enum ECDSASignatureValue {
    static let coordinateBytes = 32

    /// r ‖ s, each left-padded with zeros to 32 bytes, or nil when `der` is not a P-256 ECDSA-Sig-Value.
    static func raw(_ der: ArraySlice<UInt8>) -> [UInt8]? {
        guard der.count >= 2, der[der.startIndex] == 0x30, Int(der[der.startIndex + 1]) == der.count - 2 else { return nil }
        var raw: [UInt8] = []
        raw.reserveCapacity(2 * coordinateBytes)
        var offset = der.startIndex + 2
        for _ in 0..<2 {
            guard der.endIndex - offset >= 2, der[offset] == 0x02 else { return nil }
            let length = Int(der[offset + 1])
            offset += 2
            guard length > 0, length < 0x80, length <= der.endIndex - offset else { return nil }
            var integer = der[offset..<(offset + length)]
            offset += length
            guard integer.first.map({ $0 & 0x80 == 0 }) ?? false else { return nil }  // negative
            if integer.first == 0, integer.count > 1 {
                guard integer[integer.startIndex + 1] & 0x80 != 0 else { return nil }  // a zero it did not need
                integer = integer.dropFirst()
            }
            guard integer.count <= coordinateBytes else { return nil }
            raw += repeatElement(0, count: coordinateBytes - integer.count)
            raw += integer
        }
        return offset == der.endIndex ? raw : nil
    }
}
