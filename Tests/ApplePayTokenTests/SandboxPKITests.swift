import Foundation
import OrderModel
import PayDeskSandbox
import Testing
@testable import ApplePayToken

/// Tokens signed by the sandbox PKI go through exactly the checks Apple's go through.
@Suite struct SandboxPKITests {
    static let now = Date(timeIntervalSince1970: 1_795_253_400)
    let pki: SandboxPKI

    init() throws { pki = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now) }
    static let payment = SandboxPKI.Payment(accountNumber: "5204240500000089", expiration: "301231", currencyNumericCode: "156", amount: 12750)

    func accept(_ json: Data, extraRoots: Bool = true) async throws -> MaskedPaymentData {
        let token = try PaymentTokenData(json: json)
        let signature = try TokenSignature.verify(token)
        try await TokenChain.validate(signature, extraRoots: extraRoots ? [pki.root] : [], cache: ValidatedChains())
        try TokenChain.checkReplayWindow(signature, now: Self.now)
        return try TokenDecryptor(keys: pki.merchantKeys()).decrypt(token)
    }

    @Test(arguments: [PaymentTokenData.Version.ecV1, .rsaV1], [false, true])
    func signedTokensVerifyAndDecrypt(version: PaymentTokenData.Version, intermediateFirst: Bool) async throws {
        let json = try pki.token(Self.payment, version: version, signedAt: Self.now.addingTimeInterval(-30),
                                      applicationData: "cart-42", intermediateFirst: intermediateFirst)
        let masked = try await accept(json)
        #expect(masked.accountLast4 == "0089" && masked.expiration == "2030-12" && masked.transactionAmount == 12750)
        #expect(masked.currencyCode == "156" && masked.eciIndicator == "7" && masked.cryptogramPresent)
    }

    @Test func theSandboxRootIsNotTrustedUnlessAskedFor() async throws {
        let json = try pki.token(Self.payment, signedAt: Self.now)
        do {
            _ = try await accept(json, extraRoots: false)
            Issue.record("a token from an untrusted root was accepted")
        } catch let error as TokenError {
            #expect(error.description.hasPrefix("chain: "))
        }
    }

    @Test func applicationDataIsCoveredBySignature() throws {
        let json = try pki.token(Self.payment, signedAt: Self.now, applicationData: "cart-42")
        var object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        var header = try #require(object["header"] as? [String: String])
        header["applicationData"] = String(repeating: "0", count: 64)
        object["header"] = header
        let tampered = try PaymentTokenData(json: JSONSerialization.data(withJSONObject: object))
        #expect(throws: TokenError.signature("the messageDigest attribute does not match the token's data, key and transaction id")) {
            try TokenSignature.verify(tampered)
        }
    }

    @Test func anOldTokenFailsTheReplayWindow() async throws {
        let json = try pki.token(Self.payment, signedAt: Self.now.addingTimeInterval(-600))
        do {
            _ = try await accept(json)
            Issue.record("a ten-minute-old token was accepted")
        } catch let error as TokenError {
            #expect(error.description.hasPrefix("replay window: "))
        }
    }

    @Test func aLeafWithoutAppleMarkerIsRefused() throws {
        // Given a PKI whose leaf lacks 1.2.840.113635.100.6.29, though everything else is right
        let unmarked = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now, leafMarker: false)
        let token = try PaymentTokenData(json: unmarked.token(Self.payment, signedAt: Self.now))
        // Then the signature check names the missing marker
        #expect(throws: TokenError.certificateMarker("no certificate carries Apple's leaf marker 1.2.840.113635.100.6.29")) {
            try TokenSignature.verify(token)
        }
    }

    @Test func anIntermediateWithoutAppleMarkerIsRefused() throws {
        let unmarked = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now, intermediateMarker: false)
        let token = try PaymentTokenData(json: unmarked.token(Self.payment, signedAt: Self.now))
        #expect(throws: TokenError.certificateMarker("no certificate carries Apple's intermediate marker 1.2.840.113635.100.6.2.14")) {
            try TokenSignature.verify(token)
        }
    }
}
