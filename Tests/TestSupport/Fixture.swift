import Crypto
import Foundation
import OrderIngest
import OrderModel
import OrderStore

/// Ingest lines written by hand, as a merchant's integration would write them, and the stores the store's
/// and ingest's tests start from.
public enum Fixture {
    public static let actor = Actor(login: "tester", sshClient: "192.0.2.7 50022")

    public static func token(transactionId: String = "a1b2c3d4", applicationData: String? = nil, version: String = "EC_v1") -> [String: Any] {
        var header: [String: Any] = [
            "ephemeralPublicKey": Data(repeating: 4, count: 91).base64EncodedString(),
            "publicKeyHash": Data(repeating: 7, count: 32).base64EncodedString(),
            "transactionId": transactionId,
        ]
        if version == "RSA_v1" { header["wrappedKey"] = Data(repeating: 9, count: 256).base64EncodedString() }
        if let applicationData {
            header["applicationData"] = SHA256.hash(data: Data(applicationData.utf8)).hexEncoded
        }
        return [
            "paymentData": ["version": version, "data": Data(repeating: 1, count: 64).base64EncodedString(),
                            "signature": Data(repeating: 2, count: 128).base64EncodedString(), "header": header],
            "paymentMethod": ["displayName": "Visa 0224", "network": "Visa", "type": "debit"],
            "transactionIdentifier": transactionId.uppercased(),
        ]
    }

    public static func order(_ id: String, total: String = "100.00", currency: String = "CNY", createdAt: String = "2026-11-21T09:30:00+08:00",
                      given: String = "小明", family: String = "王", phone: String = "+86 138 0013 8000",
                      email: String = "xiaoming@example.cn", edit: (inout [String: Any]) -> Void = { _ in }) -> String {
        var document: [String: Any] = [
            "type": "order", "orderId": id, "createdAt": createdAt, "merchantIdentifier": "merchant.com.example.tea",
            "countryCode": "CN", "currencyCode": currency, "supportedNetworks": ["visa", "masterCard", "chinaUnionPay"],
            "merchantCapabilities": ["supports3DS", "supportsCredit", "supportsDebit"],
            "summaryItems": [["label": "Goods", "amount": total], ["label": "Tea Shop", "amount": total]],
            "shippingMethod": ["identifier": "free", "label": "包邮", "detail": "6-8 天送达", "amount": "0.00"],
            "shippingContact": ["givenName": given, "familyName": family, "phoneNumber": phone, "emailAddress": email,
                                "postalAddress": ["street": "南京路 1 号", "city": "上海", "state": "上海", "postalCode": "200000",
                                                  "country": "中国", "isoCountryCode": "cn"]],
            "token": token(),
        ]
        edit(&document)
        return json(document)
    }

    public static func event(_ orderId: String, _ event: String, at: String = "2026-11-21T09:31:00Z", _ fields: [String: Any] = [:]) -> String {
        json(fields.merging(["type": "payment_event", "orderId": orderId, "event": event, "at": at]) { $1 })
    }

    public static func json(_ document: [String: Any]) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]), as: UTF8.self)
    }

    /// The moment the tests' clock stands at.
    public static let now: @Sendable () -> Timestamp = { Timestamp(millisecondsSinceEpoch: 1_795_253_400_000) }

    /// A fresh store in memory, with a clock the test controls: one per test, as in GRDB's demo apps.
    public static func store(clock: @escaping @Sendable () -> Timestamp = now) throws -> PayDeskStore {
        try PayDeskStore.inMemory(clock: clock)
    }

    /// A fresh store in a temporary folder, for tests of what only a file has: other connections and processes,
    /// read-only opens, locks, the files themselves.
    public static func fileStore(clock: @escaping @Sendable () -> Timestamp = now) throws -> PayDeskStore {
        try PayDeskStore.create(at: temporaryPath(), clock: clock)
    }

    public static func temporaryPath() -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-tests-\(UUID().uuidString)")
        return folder.appendingPathComponent("store.sqlite").path
    }

    /// Ingests lines, returning the summary and the problems reported.
    @discardableResult
    public static func ingest(_ lines: [String], into store: PayDeskStore) throws -> (IngestSummary, [String]) {
        var problems: [String] = []
        let ingester = Ingester(store: store, actor: actor, onProblem: { problems.append($0.description) })
        try ingester.ingest(lines: lines)
        return (ingester.summary, problems)
    }

    /// A store holding one order that has been charged.
    public static func paidOrder(_ id: String = "ORD-1", total: String = "100.00", in store: PayDeskStore) throws {
        try ingest([order(id, total: total), event(id, "charge_submitted", ["processorReference": "ch_1"]),
                    event(id, "charge_succeeded", at: "2026-11-21T09:31:02Z")], into: store)
    }
}
