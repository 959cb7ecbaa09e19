import SwiftASN1

/// A certificate's RSA public key, checked before swift-certificates hands it to swift-crypto. swift-crypto
/// (3.12.3, and its latest sources alike) frees the key twice when BoringSSL refuses one: its initialiser frees
/// the key and throws, and the deinitialiser frees it again. A token carries its own certificates, so without
/// this check a forged token could corrupt the heap of `paydesk decrypt`, or of ingest with merchant keys
/// (found by fuzz-token). Only keys that BoringSSL certainly accepts pass: DER `SEQUENCE { n, e }` of
/// non-negative, minimally encoded integers, n odd and 1,024 to 8,192 bits (BoringSSL: 512 to 16,384), e odd
/// and 2 to 32 bits (BoringSSL: up to 33). Apple's keys are 2,048 bits with e = 65537.
enum CertificateKeyCheck {
    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]

    /// Throws when `certificate` (BER, as it came in the token) carries an RSA key outside those bounds.
    static func check(_ certificate: ASN1Node) throws {
        guard let tbs = children(certificate).first else { return }
        for field in children(tbs) {
            // SubjectPublicKeyInfo is the one field that is SEQUENCE { AlgorithmIdentifier, BIT STRING }.
            let info = children(field)
            guard field.identifier == .sequence, info.count == 2, info[0].identifier == .sequence, info[1].identifier == .bitString,
                  let oid = children(info[0]).first, (try? ASN1ObjectIdentifier(berEncoded: oid)) == rsaEncryption else { continue }
            guard case .primitive(let bits) = info[1].content, bits.first == 0, isAcceptedRSAPublicKey(bits.dropFirst()) else {
                throw TokenError.format(field: "token.paymentData.signature", reason: "a certificate's RSA public key is malformed or out of range")
            }
        }
    }

    static func children(_ node: ASN1Node) -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else { return [] }
        return Array(nodes)
    }

    static func isAcceptedRSAPublicKey(_ der: ArraySlice<UInt8>) -> Bool {
        guard let key = try? DER.parse(Array(der)), key.identifier == .sequence else { return false }
        let numbers = children(key)
        guard numbers.count == 2, let modulus = unsigned(numbers[0]), let exponent = unsigned(numbers[1]) else { return false }
        return (1_024...8_192).contains(bitCount(modulus)) && (modulus.last ?? 0) & 1 == 1
            && (2...32).contains(bitCount(exponent)) && (exponent.last ?? 0) & 1 == 1
    }

    /// A DER INTEGER's magnitude without its sign byte, when it is non-negative and minimally encoded.
    static func unsigned(_ node: ASN1Node) -> ArraySlice<UInt8>? {
        guard node.identifier == .integer, case .primitive(let bytes) = node.content, let first = bytes.first,
              first & 0x80 == 0 else { return nil }
        guard first == 0 else { return bytes }
        let rest = bytes.dropFirst()
        guard let next = rest.first else { return rest }  // zero
        return next & 0x80 != 0 ? rest : nil
    }

    static func bitCount(_ magnitude: ArraySlice<UInt8>) -> Int {
        guard let first = magnitude.first else { return 0 }
        return (magnitude.count - 1) * 8 + (8 - first.leadingZeroBitCount)
    }
}
