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
}
