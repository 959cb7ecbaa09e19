import ApplePayToken
import Foundation
@testable import OrderIngest
import OrderModel
import OrderStore
import Testing

/// Ingest and `paydesk decrypt` check a token's shape in one place (`PaymentTokenFields.decoded`), so the
/// same broken token is refused by both with the same field and the same reason.
@Suite struct TokenShapeAgreementTests {
    static func token() throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ApplePay/B2_basis_ec_new/token.json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// What ingest says of an order carrying `paymentData`, without the `line 1: `.
    func ingestProblem(_ paymentData: [String: Any]) throws -> String? {
        let header = paymentData["header"] as? [String: Any] ?? [:]
        let order: [String: Any] = [
            "type": "order", "orderId": "T-1", "createdAt": "2026-11-21T09:30:00Z", "merchantIdentifier": "merchant.com.example",
            "countryCode": "US", "currencyCode": "USD", "supportedNetworks": ["visa"], "merchantCapabilities": ["supports3DS"],
            "summaryItems": [["label": "Tea", "amount": "1.00"], ["label": "Shop", "amount": "1.00"]],
            "token": ["paymentData": paymentData, "transactionIdentifier": header["transactionId"] as? String ?? "",
                      "paymentMethod": ["displayName": "Visa 0075", "network": "Visa", "type": "debit"]],
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-shape-\(UUID().uuidString)")
        var problems: [String] = []
        let ingester = Ingester(store: try PayDeskStore.create(at: folder.appendingPathComponent("store.sqlite").path),
                                actor: Actor(login: "tester"), onProblem: { problems.append($0.problem.description) })
        try ingester.ingest(lines: [String(decoding: try JSONSerialization.data(withJSONObject: order), as: UTF8.self)])
        return problems.first
    }

    /// What `paydesk decrypt` says of the same `paymentData`, without the `format: `.
    func decryptProblem(_ paymentData: [String: Any]) throws -> String? {
        let json = try JSONSerialization.data(withJSONObject: paymentData)
        do {
            _ = try PaymentTokenData(json: json)
            return nil
        } catch {
            guard case .format = error else { return "not a format error: \(error)" }
            return String(error.description.dropFirst("format: ".count))
        }
    }

    @Test(arguments: [
        ("version", "EC_v9"), ("data", "%%%%"), ("data", "AAAAAAAAAAAAAAAAAAAAAA=="), ("signature", ""), ("signature", "MIAG CSqG"),
        ("header.publicKeyHash", "AAAA"), ("header.publicKeyHash", "hErQTIkV+XDB8kVuVvYI+1PUv/iIJPuFg2QF/+z1NIp="),
        ("header.transactionId", "c1caf5ae7"), ("header.applicationData", "cart-7f3a"), ("header.ephemeralPublicKey", "-_-_"),
    ])
    func ingestAndDecryptRefuseABrokenFieldAlike(field: String, value: String) throws {
        // Given B2's real token with one field broken
        var paymentData = try Self.token()
        if field.hasPrefix("header.") {
            var header = paymentData["header"] as? [String: Any] ?? [:]
            header[String(field.dropFirst("header.".count))] = value
            paymentData["header"] = header
        } else {
            paymentData[field] = value
        }
        // When ingest and decrypt read it, Then both name token.paymentData.<field> and give the same reason
        let ingest = try #require(try ingestProblem(paymentData))
        #expect(ingest.hasPrefix("token.paymentData.\(field): "))
        #expect(try decryptProblem(paymentData) == ingest)
    }

    @Test func theUnbrokenTokenPassesBoth() throws {
        #expect(try ingestProblem(Self.token()) == nil)
        #expect(try decryptProblem(Self.token()) == nil)
    }
}
