import Foundation
import Testing
@testable import ApplePayToken

/// The public test vectors in Tests/Fixtures/ApplePay, decrypted for real.
@Suite struct DecryptionTests {
    static let vectors = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ApplePay")

    static func file(_ vector: String, _ name: String) throws -> String {
        try String(contentsOf: vectors.appendingPathComponent(vector).appendingPathComponent(name), encoding: .utf8)
    }

    static func key(_ vector: String) throws -> MerchantKey {
        let identity: MerchantKey.Identity
        if let certificate = try? file(vector, "merchant_cert.pem") {
            identity = .certificate(certificate)
        } else {
            identity = .merchantIdentifier(try file(vector, "merchant_id.txt").trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return try MerchantKey(privateKeyPEM: file(vector, "private_key.pem"), identity: identity)
    }

    static func token(_ vector: String) throws -> PaymentTokenData {
        try PaymentTokenData(json: Data(file(vector, "token.json").utf8))
    }

    static let withKeys = ["V1_gala2014", "V2_gala2021", "V3_payu", "V4_dave", "V5_sepuka", "B1_basis_rsa", "B2_basis_ec_new", "B3_basis_ec_old"]

    @Test(arguments: withKeys)
    func decryptsEveryVectorToItsExpectedFields(vector: String) throws {
        // Given the vector's own key, When its token is decrypted
        let masked = try TokenDecryptor(keys: [Self.key(vector)]).decrypt(Self.token(vector))
        // Then every masked field matches the expected plaintext
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(Self.file(vector, "expected_plaintext.json").utf8)) as? [String: Any])
        let account = try #require(expected["applicationPrimaryAccountNumber"] as? String)
        let expiry = try #require(expected["applicationExpirationDate"] as? String)
        let details = expected["paymentData"] as? [String: Any] ?? [:]
        #expect(masked.accountLast4 == String(account.suffix(4)))
        #expect(masked.expiration == "20\(expiry.prefix(2))-\(expiry.dropFirst(2).prefix(2))")
        #expect(masked.currencyCode == expected["currencyCode"] as? String)
        #expect(masked.transactionAmount == (expected["transactionAmount"] as? NSNumber)?.int64Value)
        #expect(masked.paymentDataType == expected["paymentDataType"] as? String)
        #expect(masked.eciIndicator == details["eciIndicator"] as? String)
        #expect(masked.cryptogramPresent == (details["onlinePaymentCryptogram"] != nil))
        #expect(masked.deviceManufacturerIdentifier == expected["deviceManufacturerIdentifier"] as? String)
        // And nothing it can print or encode carries the account number or the cryptogram
        let cryptogram = details["onlinePaymentCryptogram"] as? String ?? "\u{0}none"
        for text in [masked.description, String(describing: masked), String(reflecting: masked),
                     String(decoding: try JSONEncoder().encode(masked), as: UTF8.self)] {
            #expect(!text.contains(account) && !text.contains(cryptogram))
        }
    }

    @Test func tableFiguresAreRight() throws {
        let v1 = try TokenDecryptor(keys: [Self.key("V1_gala2014")]).decrypt(Self.token("V1_gala2014"))
        #expect(v1.description == "•••• 4320  07/20  1.00 USD  3DSecure  ECI 5  cryptogram present")
        let v3 = try TokenDecryptor(keys: [Self.key("V3_payu")]).decrypt(Self.token("V3_payu"))
        #expect(v3.currencyCode == "643" && v3.transactionAmount == 100_000 && v3.eciIndicator == nil)
    }

    @Test func picksTheKeyByHashAndNamesAMissingOne() throws {
        let b2 = try Self.key("B2_basis_ec_new"), b3 = try Self.key("B3_basis_ec_old")
        let oldToken = try Self.token("B3_basis_ec_old")
        // B3's token with only B2's key: refused, naming the hash
        #expect(throws: TokenError.keyNotFound(publicKeyHash: oldToken.publicKeyHash)) {
            try TokenDecryptor(keys: [b2]).decrypt(oldToken)
        }
        // With both keys configured (rotation), each token finds its own
        let both = TokenDecryptor(keys: [b2, b3])
        #expect(try both.decrypt(oldToken).expiration == "2023-12")
        #expect(try both.decrypt(Self.token("B2_basis_ec_new")).expiration == "2029-02")
    }

    @Test func aFlippedBitInTheDataFailsTheTag() throws {
        var token = try Self.token("B2_basis_ec_new")
        token.data[5] ^= 0x01
        #expect(throws: TokenError.authenticationTag) { try TokenDecryptor(keys: [Self.key("B2_basis_ec_new")]).decrypt(token) }
    }

    @Test func aWrongMerchantIdentifierFailsTheTag() throws {
        let key = try MerchantKey(privateKeyPEM: Self.file("V3_payu", "private_key.pem"), identity: .merchantIdentifier("merchant.other"))
        #expect(throws: TokenError.authenticationTag) { try TokenDecryptor(keys: [key]).decrypt(Self.token("V3_payu")) }
    }

    @Test func badInputGivesOneLineErrorsWithoutKeyMaterial() throws {
        #expect(throws: TokenError.format(field: "token.paymentData.version", reason: #""EC_v9" is not EC_v1 or RSA_v1"#)) {
            try PaymentTokenData(json: Data(#"{"version":"EC_v9","data":"","signature":"","header":{"publicKeyHash":"","transactionId":""}}"#.utf8))
        }
        #expect(throws: TokenError.format(field: "token.paymentData.data", reason: "is not valid base64: character 1 is not in the standard base64 alphabet")) {
            try PaymentTokenData(json: Data(#"{"version":"EC_v1","data":"%%","signature":"","header":{"publicKeyHash":"","transactionId":""}}"#.utf8))
        }
        #expect(throws: TokenError.format(field: "token.paymentData.header.publicKeyHash", reason: "missing")) {
            try PaymentTokenData(json: Data(#"{"version":"EC_v9","data":"","signature":"","header":{}}"#.utf8))
        }
        let garbage = "-----BEGIN PRIVATE KEY-----\nTUlJQ1NFQ1JFVA==\n-----END PRIVATE KEY-----\n"
        do {
            _ = try MerchantKey(privateKeyPEM: garbage, identity: .merchantIdentifier("m"))
            Issue.record("a garbage key was accepted")
        } catch {
            #expect(error == .merchantKey("not a P-256 or RSA private key"))
            #expect(!error.description.contains("TUlJQ1NFQ1JFVA"))
        }
        // A key with a passphrase, in PKCS#8's encrypted form and OpenSSL's older one, is called that
        let legacy = "-----BEGIN EC PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-256-CBC,00\n\nTUlJ\n-----END EC PRIVATE KEY-----\n"
        for encrypted in [legacy, "-----BEGIN ENCRYPTED PRIVATE KEY-----\nTUlJ\n-----END ENCRYPTED PRIVATE KEY-----\n"] {
            #expect(throws: TokenError.merchantKey("encrypted with a passphrase, which PayDesk cannot ask for; write it unencrypted "
                                                   + "(openssl pkey -in KEY -out PLAIN), readable by its owner only")) {
                try MerchantKey(privateKeyPEM: encrypted, identity: .merchantIdentifier("m"))
            }
        }
    }
}
