import Foundation
import Testing
import OrderModel
@testable import OrderStore

/// The stored verification is written by hand (`TokenVerification.json`): it must say what JSONEncoder said, so
/// that orders stored before and after read alike, and `Codable` must read it back unchanged.
@Suite struct TokenVerificationJSONTests {
    static let hostile = "\"\\\u{1B}[31m\n\u{0}王\u{202E}🙂/"
    static let payment = MaskedPaymentData(accountLast4: "0075", expiration: "2029-12", currencyCode: "156", transactionAmount: 1_000,
                                           paymentDataType: "3DSecure", eciIndicator: "7", cryptogramPresent: true,
                                           deviceManufacturerIdentifier: "040010030273")
    static let verifications: [TokenVerification] = {
        var mastercard = payment
        mastercard.eciIndicator = nil
        mastercard.cryptogramPresent = false
        let apple = TokenRoot(name: "Apple Root CA - G3", sha256: "63:34", isApple: true)
        let sandbox = TokenRoot(name: hostile, sha256: "AB:CD", isApple: false)
        let cny = Currency(code: "CNY")!
        return [
            TokenVerification(outcome: .verified, signingTime: "2026-11-26T12:00:00Z", root: apple, payment: payment,
                              orderTotal: Money(minorUnits: 1_000, currency: cny)),
            TokenVerification(outcome: .verified, signingTime: "2026-11-26T12:00:00Z", root: sandbox, payment: mastercard,
                              orderTotal: Money(minorUnits: 999, currency: cny)),
            TokenVerification(outcome: .verified, root: apple, payment: mastercard),
            TokenVerification(outcome: .failed, problem: "signature: \(hostile)", signingTime: "2026-11-26T12:00:00Z", root: apple),
            TokenVerification(outcome: .failed, problem: "chain: expired"),
            TokenVerification(outcome: .noKey, problem: hostile),
            TokenVerification(outcome: .noKey),
        ]
    }()

    @Test(arguments: verifications) func saysWhatJSONEncoderSaid(_ verification: TokenVerification) throws {
        // When a verification is written by hand and by JSONEncoder
        let written = try JSONSerialization.jsonObject(with: Data(verification.json.utf8)) as? NSDictionary
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(verification)) as? NSDictionary
        // Then both hold the same members with the same values, nulls included
        #expect(written != nil && written == encoded, "\(verification.json)")
    }

    @Test(arguments: verifications) func readsBackUnchanged(_ verification: TokenVerification) throws {
        #expect(try JSONDecoder().decode(TokenVerification.self, from: Data(verification.json.utf8)) == verification)
    }
}
