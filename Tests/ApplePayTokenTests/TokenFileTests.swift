import Foundation
import OrderModel
import Testing
@testable import ApplePayToken

/// Token files and decrypted payment data go through the strict reader: one grammar, repeated names refused.
@Suite struct TokenFileTests {
    static let vector = "B2_basis_ec_new"

    static func tokenText() throws -> String { try DecryptionTests.file(vector, "token.json") }

    @Test func readsPaymentDataAWholePKPaymentTokenOrEitherAfterAByteOrderMark() throws {
        let token = try DecryptionTests.token(Self.vector)
        let whole = #"{"paymentMethod": {"displayName": "Visa 0075", "network": "Visa", "type": "debit"}, "paymentData": "#
            + (try Self.tokenText()) + #", "transactionIdentifier": "\#(token.transactionId)"}"#
        #expect(try PaymentTokenData(json: Data(whole.utf8)) == token)
        #expect(try PaymentTokenData(json: Data(("\u{FEFF}" + Self.tokenText()).utf8)) == token)
    }

    @Test func refusesRepeatedNamesThatAnotherReaderWouldSilentlyMerge() throws {
        let text = try Self.tokenText()
        // Given the token with a second version before its own, and one with a second header member
        let twoVersions = "{\"version\": \"RSA_v1\"," + text.drop { $0 != "{" }.dropFirst()
        let twoHashes = text.replacingOccurrences(of: #""publicKeyHash""#, with: #""publicKeyHash": "AAAA", "publicKeyHash""#)
        for json in [twoVersions, twoHashes] {
            // When each is read, Then it is refused as JSON, at the repeat
            #expect {
                try PaymentTokenData(json: Data(json.utf8))
            } throws: { error in
                guard case .format("token.paymentData", let reason)? = error as? TokenError else { return false }
                return reason.hasPrefix("not valid JSON (member name repeated in its object at byte ")
            }
        }
    }

    @Test func refusesNumbersJSONDoesNotHaveInMembersNobodyReads() throws {
        let text = try Self.tokenText()
        let extra = "{\"extra\": 01," + text.drop { $0 != "{" }.dropFirst()
        #expect(throws: TokenError.format(field: "token.paymentData", reason: "not valid JSON (a number cannot have a leading zero at byte 11)")) {
            try PaymentTokenData(json: Data(extra.utf8))
        }
    }

    static let account = "4111111111111111"

    static func plaintext(_ members: String) -> Data {
        Data(("{\"applicationPrimaryAccountNumber\":\"\(account)\",\"applicationExpirationDate\":\"301231\",\"currencyCode\":\"156\","
              + "\"transactionAmount\":12750,\"deviceManufacturerIdentifier\":\"050110030273\",\"paymentDataType\":\"3DSecure\""
              + members + "}").utf8)
    }

    @Test func readsPaymentDataMaskedWithoutEverQuotingIt() throws {
        let masked = try MaskedPaymentData(plaintext: Self.plaintext(#","paymentData":{"onlinePaymentCryptogram":"AAAA","eciIndicator":"7"}"#))
        #expect(masked == MaskedPaymentData(accountLast4: "1111", expiration: "2030-12", currencyCode: "156", transactionAmount: 12750,
                                            paymentDataType: "3DSecure", eciIndicator: "7", cryptogramPresent: true,
                                            deviceManufacturerIdentifier: "050110030273"))
        let escaped = Data(String(decoding: Self.plaintext(""), as: UTF8.self).replacingOccurrences(of: "41111", with: #"\u00341111"#).utf8)
        #expect(try MaskedPaymentData(plaintext: escaped).accountLast4 == "1111")
        let refused: [(Data, String)] = [
            (Self.plaintext(#","applicationPrimaryAccountNumber":"4000000000000002""#), "not valid JSON (member name repeated in its object at byte 214)"),
            (Self.plaintext(#","transactionAmount":1"#), "not valid JSON (member name repeated in its object at byte 214)"),
            (Data(Self.plaintext("").dropLast()), "not valid JSON (unexpected end at byte 213)"),
            (Data(String(decoding: Self.plaintext(""), as: UTF8.self).replacingOccurrences(of: "12750", with: "1.275e4").utf8),
             "transactionAmount is not a whole number of minor units"),
            (Data(String(decoding: Self.plaintext(""), as: UTF8.self).replacingOccurrences(of: Self.account, with: Self.account + "0000").utf8),
             "applicationPrimaryAccountNumber is not a card number"),
            (Self.plaintext(#","paymentData":"cryptogram""#), "paymentData is not an object"),
        ]
        for (plaintext, reason) in refused {
            do {
                _ = try MaskedPaymentData(plaintext: plaintext)
                Issue.record("accepted: \(reason)")
            } catch {
                #expect(error == .paymentData(reason))
                #expect(!error.description.contains("4111") && !error.description.contains("4000"))
            }
        }
    }
}
