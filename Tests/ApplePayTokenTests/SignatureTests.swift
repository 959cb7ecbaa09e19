import Foundation
import Testing
@testable import ApplePayToken

/// Apple's detached CMS signature on the public vectors, BER with indefinite lengths as Apple sends it.
@Suite struct SignatureTests {
    static let all = DecryptionTests.withKeys + ["X_processout_ec", "X_processout_rsa"]

    @Test(arguments: all)
    func everyVectorVerifiesAtItsOwnSigningTime(vector: String) throws {
        let verified = try TokenSignature.verify(DecryptionTests.token(vector))
        // signing_time.txt is openssl's "Feb  1 18:45:06 2017 GMT"
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        let text = try DecryptionTests.file(vector, "signing_time.txt").trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        #expect(verified.signingTime == formatter.date(from: text), "\(text)")
    }

    @Test func aFlippedBitAnywhereInTheSignedContentIsCaught() throws {
        let original = try DecryptionTests.token("B2_basis_ec_new")
        var data = original, key = original, transaction = original
        data.data[0] ^= 0x80
        key.ephemeralPublicKey?[40] ^= 0x01
        transaction.transactionId = String(transaction.transactionId.dropLast()) + (transaction.transactionId.hasSuffix("0") ? "1" : "0")
        for token in [data, key, transaction] {
            #expect(throws: TokenError.signature("the messageDigest attribute does not match the token's data, key and transaction id")) {
                try TokenSignature.verify(token)
            }
        }
    }

    @Test(arguments: ["V1_gala2014", "X_processout_rsa"])
    func aDamagedSignerInfoNeverVerifies(vector: String) throws {
        // Every byte of the signed attributes and of the signature value, flipped in turn: each is refused.
        // (A damaged certificate is the chain check's to catch.)
        let original = try DecryptionTests.token(vector)
        let bytes = Array(original.signature)
        let (signer, _) = try TokenSignature.parse(bytes)
        let signatureStart = try #require((0...(bytes.count - signer.signature.count)).last {
            bytes[$0..<($0 + signer.signature.count)].elementsEqual(signer.signature)
        })
        let covered = Array(signer.signedAttributes.indices) + Array(signatureStart..<(signatureStart + signer.signature.count))
        #expect(covered.count > 150)
        for offset in covered {
            var token = original
            token.signature[offset] ^= 0x01
            #expect(throws: TokenError.self, "byte \(offset)") { try TokenSignature.verify(token) }
        }
    }

    @Test func aSignerWithAnEmptyAlgorithmIsRefusedNotATrap() throws {
        // Given B2's signature with the signer's algorithm (SEQUENCE { ecdsa-with-SHA256 }) emptied, the bytes
        // after it kept as an OCTET STRING so that every length stays right (found by fuzz-token)
        var token = try DecryptionTests.token("B2_basis_ec_new")
        let algorithm: [UInt8] = [0x30, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02]
        let bytes = Array(token.signature)
        let start = try #require((0...(bytes.count - algorithm.count)).last { bytes[$0..<($0 + algorithm.count)].elementsEqual(algorithm) })
        token.signature.replaceSubrange(start..<(start + 4), with: [0x30, 0x00, 0x04, 0x08])
        // When it is verified, Then it is refused with a reason, where it used to stop the process
        #expect(throws: TokenError.format(field: "token.paymentData.signature", reason: "no signature algorithm")) {
            try TokenSignature.verify(token)
        }
    }

    @Test(arguments: [[0x02, 0x03, 0x01, 0x00, 0x00], [0x02, 0x03, 0x81, 0x00, 0x01], [0x02, 0x03, 0x00, 0x00, 0x01]] as [[UInt8]])
    func aCertificateWithAnRSAKeyBoringSSLWouldRefuseIsRefusedFirst(exponent: [UInt8]) throws {
        // Given B1's RSA token with its leaf key's exponent 65537 replaced in place by an even, a negative or a
        // padded one: swift-crypto freed such a key twice (found by fuzz-token as a heap use after free)
        var token = try DecryptionTests.token("B1_basis_rsa")
        let bytes = Array(token.signature)
        let original: [UInt8] = [0x02, 0x03, 0x01, 0x00, 0x01]
        let starts = (0...(bytes.count - original.count)).filter { bytes[$0..<($0 + original.count)].elementsEqual(original) }
        let start = try #require(starts.count == 1 ? starts.first : nil)
        token.signature.replaceSubrange(start..<(start + original.count), with: exponent)
        // When it is verified, Then the key is refused before swift-crypto sees it
        #expect(throws: TokenError.format(field: "token.paymentData.signature", reason: "a certificate's RSA public key is malformed or out of range")) {
            try TokenSignature.verify(token)
        }
    }

    @Test func rsaKeysAreCheckedAsBoringSSLWouldAcceptThem() {
        func length(_ count: Int) -> [UInt8] {
            count < 0x80 ? [UInt8(count)] : count < 0x100 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
        }
        func key(_ modulus: [UInt8], _ exponent: [UInt8]) -> ArraySlice<UInt8> {
            let body = [0x02] + length(modulus.count) + modulus + [0x02] + length(exponent.count) + exponent
            return ArraySlice([0x30] + length(body.count) + body)
        }
        let modulus = [0x00, 0xC1] + [UInt8](repeating: 0x55, count: 126) + [0x01]  // 1,024 bits, odd
        #expect(CertificateKeyCheck.isAcceptedRSAPublicKey(key(modulus, [0x01, 0x00, 0x01])))
        #expect(!CertificateKeyCheck.isAcceptedRSAPublicKey(key(modulus, [0x01])))                    // e = 1
        #expect(!CertificateKeyCheck.isAcceptedRSAPublicKey(key(modulus, [0x01, 0x00, 0x00, 0x00, 0x01])))  // e of 33 bits
        #expect(!CertificateKeyCheck.isAcceptedRSAPublicKey(key(Array(modulus.dropLast()) + [0x02], [0x03])))  // even n
        #expect(!CertificateKeyCheck.isAcceptedRSAPublicKey(key(Array(modulus.dropFirst(2)), [0x03])))  // negative n
        #expect(!CertificateKeyCheck.isAcceptedRSAPublicKey(key([0x00] + modulus, [0x03])))             // padded n
        #expect(!CertificateKeyCheck.isAcceptedRSAPublicKey(key([0x00, 0x81, 0x01], [0x03])))           // 16-bit n
    }
}
