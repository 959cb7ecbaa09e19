import Crypto
import Foundation
import OrderStore
import PayDeskSandbox
import Testing
import TestSupport
import _CryptoExtras
@testable import ApplePayToken

/// Tokens the tests encrypt themselves, to reach the cases public vectors rarely show.
@Suite struct GeneratedTokenTests {
    static let plaintext = Data(#"{"applicationPrimaryAccountNumber":"4111111111111111","applicationExpirationDate":"301231","currencyCode":"156","transactionAmount":12750,"deviceManufacturerIdentifier":"050110030273","paymentDataType":"3DSecure","paymentData":{"onlinePaymentCryptogram":"AAAAAAAAAAAAAAAAAAAAAAAAAAA=","eciIndicator":"7"}}"#.utf8)

    /// A P-256 key from the seeded generator, so that a failing case can be replayed.
    static func p256Key(_ generator: inout SeededGenerator) -> P256.KeyAgreement.PrivateKey {
        while true {
            // Almost every 32 bytes are a valid scalar; the rare one that is not is drawn again.
            if let key = try? P256.KeyAgreement.PrivateKey(rawRepresentation: generator.bytes(32)) { return key }
        }
    }

    /// An EC_v1 token for `merchantKey`, with the ephemeral key chosen by `acceptEphemeral`.
    static func ecToken(for merchantKey: P256.KeyAgreement.PrivateKey, merchantIdHash: [UInt8], generator: inout SeededGenerator,
                        acceptEphemeral: (P256.KeyAgreement.PrivateKey) -> Bool = { _ in true }) throws -> PaymentTokenData {
        var ephemeral = p256Key(&generator)
        while !acceptEphemeral(ephemeral) { ephemeral = p256Key(&generator) }
        let key = try TokenDecryptor.ecSymmetricKey(merchantKey, ephemeralPublicKey: Array(ephemeral.publicKey.derRepresentation),
                                                    merchantIdHash: merchantIdHash)
        let box = try AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(data: Data(repeating: 0, count: 16)))
        return try token(version: "EC_v1", data: box.ciphertext + box.tag, header: [
            "ephemeralPublicKey": ephemeral.publicKey.derRepresentation.base64EncodedString(),
            "publicKeyHash": Data(SHA256.hash(data: merchantKey.publicKey.derRepresentation)).base64EncodedString(),
        ])
    }

    static func token(version: String, data: Data, header: [String: String]) throws -> PaymentTokenData {
        let json: [String: Any] = ["version": version, "data": data.base64EncodedString(), "signature": "AAAA",
                                   "header": header.merging(["transactionId": "abcd"]) { $1 }]
        return try PaymentTokenData(json: JSONSerialization.data(withJSONObject: json))
    }

    static func sharedSecretStartsWithZero(_ merchant: P256.KeyAgreement.PrivateKey) -> (P256.KeyAgreement.PrivateKey) -> Bool {
        { ephemeral in
            (try? ephemeral.sharedSecretFromKeyAgreement(with: merchant.publicKey))?.withUnsafeBytes { $0.first == 0 } ?? false
        }
    }

    /// A merchant identifier whose SHA-256 starts with a zero byte.
    static let zeroHashIdentifier: String = (0...).lazy.map { "merchant.com.example.\($0)" }
        .first { Array(SHA256.hash(data: Data($0.utf8))).first == 0 } ?? ""

    @Test func keepsTheLeadingZeroOfTheSharedSecret() throws {
        let seed = TestSeed()
        var generator = seed.generator
        let merchant = Self.p256Key(&generator)
        let key = try MerchantKey(privateKeyPEM: merchant.pemRepresentation, identity: .merchantIdentifier("merchant.com.example"))
        let token = try Self.ecToken(for: merchant, merchantIdHash: key.merchantIdHash, generator: &generator,
                                     acceptEphemeral: Self.sharedSecretStartsWithZero(merchant))
        let masked = try TokenDecryptor(keys: [key]).decrypt(token)
        #expect(masked.accountLast4 == "1111" && masked.transactionAmount == 12750 && masked.currencyCode == "156", "\(seed)")
    }

    @Test func keepsTheLeadingZeroOfTheMerchantIdHash() throws {
        let seed = TestSeed()
        var generator = seed.generator
        #expect(Array(SHA256.hash(data: Data(Self.zeroHashIdentifier.utf8))).first == 0)
        let merchant = Self.p256Key(&generator)
        let key = try MerchantKey(privateKeyPEM: merchant.pemRepresentation, identity: .merchantIdentifier(Self.zeroHashIdentifier))
        #expect(key.merchantIdHash.count == 32 && key.merchantIdHash.first == 0)
        let token = try Self.ecToken(for: merchant, merchantIdHash: key.merchantIdHash, generator: &generator)
        #expect(try TokenDecryptor(keys: [key]).decrypt(token).expiration == "2030-12", "\(seed)")
    }

    @Test func anEphemeralKeyIsReadFromItsPointAsSwiftCryptoReadsItsDER() {
        // Given ephemeral keys as Apple sends them (DER SubjectPublicKeyInfo), and each with one byte changed
        let seed = TestSeed()
        var generator = seed.generator
        for _ in 0..<100 {
            let der = Array(Self.p256Key(&generator).publicKey.derRepresentation)
            var changed = der
            changed[Int.random(in: 0..<der.count, using: &generator)] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
            for key in [der, changed] {
                // When the decryptor reads them, Then it gets the key swift-crypto's DER reader gets, or refuses as it does
                #expect(TokenDecryptor.p256PublicKey(key)?.x963Representation
                        == (try? P256.KeyAgreement.PublicKey(derRepresentation: key))?.x963Representation, "\(key); \(seed)")
            }
        }
    }

    @Test func readsASEC1KeyAfterABagAttributesPreamble() throws {
        // V1's key is SEC1 ("EC PRIVATE KEY"); exported from a keychain it arrives after "Bag Attributes" lines
        let sec1 = try DecryptionTests.file("V1_gala2014", "private_key.pem")
        let exported = "Bag Attributes\n    friendlyName: merchant\n    localKeyID: 01 02 03\nKey Attributes: <No Attributes>\n" + sec1
        let key = try MerchantKey(privateKeyPEM: exported, identity: .certificate(DecryptionTests.file("V1_gala2014", "merchant_cert.pem")))
        #expect(try TokenDecryptor(keys: [key]).decrypt(DecryptionTests.token("V1_gala2014")).accountLast4 == "4320")
    }

    @Test func decryptsRSATokens() throws {
        // The merchant's key is a fixture's (RSA keys cannot be drawn from a seed); the AES key is seeded. OAEP's
        // own padding is random, and decryption must work whatever it is.
        let seed = TestSeed()
        var generator = seed.generator
        let merchant = try _RSA.Encryption.PrivateKey(pemRepresentation: DecryptionTests.file("B1_basis_rsa", "private_key.pem"))
        let key = try MerchantKey(privateKeyPEM: merchant.pemRepresentation, identity: .merchantIdentifier("merchant.com.example"))
        let symmetric = SymmetricKey(data: generator.bytes(16))
        let box = try AES.GCM.seal(Self.plaintext, using: symmetric, nonce: AES.GCM.Nonce(data: Data(repeating: 0, count: 16)))
        let wrapped = try merchant.publicKey.encrypt(symmetric.withUnsafeBytes { Data($0) }, padding: .PKCS1_OAEP_SHA256)
        let token = try Self.token(version: "RSA_v1", data: box.ciphertext + box.tag, header: [
            "wrappedKey": wrapped.base64EncodedString(), "publicKeyHash": key.publicKeyHash,
        ])
        #expect(try TokenDecryptor(keys: [key]).decrypt(token).accountLast4 == "1111", "\(seed)")
    }

    @Test func refusesOversizedAndTruncatedFields() {
        let huge = String(repeating: "A", count: 200_000)
        #expect(throws: TokenError.format(field: "token.paymentData.data", reason: "larger than 65536 bytes")) {
            try PaymentTokenData(json: Data(#"{"version":"EC_v1","data":"\#(huge)","signature":"AA==","header":{"publicKeyHash":"x","transactionId":"ab"}}"#.utf8))
        }
        #expect(throws: TokenError.format(field: "token.paymentData.data", reason: "is not valid base64: length is not a multiple of 4")) {
            try PaymentTokenData(json: Data(#"{"version":"EC_v1","data":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","signature":"AA==","header":{"publicKeyHash":"x","transactionId":"ab","ephemeralPublicKey":"AA=="}}"#.utf8))
        }
    }

    /// What Apple's signature covers or is, for one token: the signed content's digest, and the signer's attributes,
    /// digest and signature. A signature check that accepts a token must have seen exactly these.
    static func signedParts(_ token: PaymentTokenData) throws -> [[UInt8]] {
        let (signer, _) = try TokenSignature.parse(Array(token.signature))
        return [Array(TokenSignature.contentDigest(token)), Array(signer.signedAttributes), Array(signer.messageDigest), Array(signer.signature),
                Array(String(describing: signer.algorithm).utf8)]
    }

    @Test func thousandsOfRandomMutationsNeverCrashOrPass() throws {
        // Given real tokens whose signatures verify, When random bytes (seeded) of their JSON, data or signature
        // change, Then the signature check accepts only tokens whose signed parts are exactly Apple's, and
        // decryption gives a TokenError or, for a mutation in bytes nothing covers (JSON whitespace), the
        // original result.
        let seed = TestSeed()
        var generator = seed.generator
        var refusedBySignature = 0
        for vector in ["V1_gala2014", "B1_basis_rsa"] {
            let key = try DecryptionTests.key(vector)
            let json = Array(try DecryptionTests.file(vector, "token.json").utf8)
            let original = try DecryptionTests.token(vector)
            _ = try TokenSignature.verify(original)
            let signed = try Self.signedParts(original)
            let expected = try TokenDecryptor(keys: [key]).decrypt(original)
            for _ in 0..<1_500 {
                var mutated = json
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let index = Int.random(in: 0..<mutated.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: mutated[index] ^= UInt8(1 << Int.random(in: 0..<8, using: &generator))
                    case 1: mutated[index] = UInt8.random(in: 0...255, using: &generator)
                    default: mutated.removeSubrange(index..<min(mutated.count, index + Int.random(in: 1...40, using: &generator)))
                    }
                }
                guard let token = try? PaymentTokenData(json: Data(mutated)) else { continue }
                do {
                    _ = try TokenSignature.verify(token)
                    #expect(try Self.signedParts(token) == signed, "\(vector): a token whose signed parts changed verified; \(seed)")
                } catch {
                    refusedBySignature += 1
                }
                guard let masked = try? TokenDecryptor(keys: [key]).decrypt(token) else { continue }
                #expect(masked == expected, "\(vector): a mutated token decrypted to something else; \(seed)")
            }
        }
        // And the signature check did refuse mutations: these were not all in bytes nothing covers
        #expect(refusedBySignature > 100, "\(seed)")
    }
}

