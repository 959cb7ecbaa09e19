import ApplePayToken
import Foundation
@testable import OrderIngest
import OrderModel
import OrderStore
import PayDeskSandbox
import Testing

/// Ingest with the merchant's keys: every token verified and decrypted, the outcome and masked data stored,
/// nothing more.
@Suite struct TokenIngestTests {
    static let now = Date(timeIntervalSince1970: 1_795_253_400)
    static let accountNumber = "6258071234567890"
    let pki: SandboxPKI
    let path: String

    init() throws {
        pki = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-token-ingest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("store.sqlite").path
    }

    /// An order of 128.00 CNY whose token holds `amount`, signed `age` seconds before the order was accepted.
    func order(_ id: String, amount: Int64 = 12_800, version: PaymentTokenData.Version = .ecV1, age: TimeInterval = 5,
               retiredKey: Bool = false, tamper: (inout [String: Any]) -> Void = { _ in }) throws -> String {
        let payment = SandboxPKI.Payment(accountNumber: Self.accountNumber, expiration: "291231", currencyNumericCode: "156", amount: amount)
        let json = try pki.token(payment, version: version, signedAt: Self.now.addingTimeInterval(-age), applicationData: "cart-\(id)",
                                 forRetiredKey: retiredKey)
        var paymentData = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        tamper(&paymentData)
        let header = try #require(paymentData["header"] as? [String: String])
        let document: [String: Any] = [
            "type": "order", "orderId": id, "createdAt": Timestamp(date: Self.now).rfc3339,
            "merchantIdentifier": "merchant.com.example.teahouse", "countryCode": "CN", "currencyCode": "CNY",
            "supportedNetworks": ["chinaUnionPay"], "merchantCapabilities": ["supports3DS"],
            "summaryItems": [["label": "Longjing", "amount": "128.00"], ["label": "Teahouse Lin", "amount": "128.00"]],
            "applicationData": "cart-\(id)",
            "token": ["paymentData": paymentData, "transactionIdentifier": header["transactionId"] ?? "",
                      "paymentMethod": ["displayName": "UnionPay 1111", "network": "chinaUnionPay", "type": "debit"]],
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    }

    @Test func storesTheOutcomeAndOnlyMaskedDataForEveryKindOfToken() throws {
        // Given a store and the merchant's keys, with the sandbox root trusted
        let store = try PayDeskStore.create(at: path, clock: { Timestamp(date: Self.now) })
        let inspector = TokenInspector(keys: try pki.merchantKeys(), extraRoots: [pki.root])
        let lines = [
            try order("GOOD-EC"),
            try order("GOOD-RSA", version: .rsaV1),
            try order("MORE", amount: 13_800),
            try order("RETIRED", retiredKey: true),
            try order("REPLAYED", age: 3_600),
            try order("FORGED") { $0["data"] = Data(repeating: 7, count: 200).base64EncodedString() },
        ]
        // When they are ingested
        var problems: [String] = []
        let ingester = Ingester(store: store, actor: Actor(login: "tester"), verifier: inspector, onProblem: { problems.append($0.description) })
        try ingester.ingest(lines: lines)
        // Then every order is stored, whatever its token, and the summary counts each outcome
        #expect(problems.isEmpty)
        #expect(ingester.summary.ingested == 6)
        #expect(ingester.summary.tokens == [.verified: 3, .noKey: 1, .failed: 2] && ingester.summary.tokenMismatches == 1)
        let good = try #require(try store.order("GOOD-EC").tokenVerification)
        #expect(good.outcome == .verified && good.matchesOrder == true)
        #expect(good.payment == MaskedPaymentData(accountLast4: "7890", expiration: "2029-12", currencyCode: "156", transactionAmount: 12_800,
                                                  paymentDataType: "3DSecure", eciIndicator: "7", cryptogramPresent: true,
                                                  deviceManufacturerIdentifier: "040010030273"))
        #expect(try store.order("GOOD-RSA").tokenVerification?.outcome == .verified)
        // And the list flags what needs a person
        let rows = Dictionary(uniqueKeysWithValues: try store.orders(OrderQuery(limit: 10)).map { ($0.orderId, $0) })
        #expect(rows["MORE"]?.tokenMismatch == true && rows["GOOD-EC"]?.tokenMismatch == false)
        #expect(rows["RETIRED"]?.tokenOutcome == .noKey && rows["FORGED"]?.tokenOutcome == .failed)
        #expect(try store.order("REPLAYED").tokenVerification?.problem?.hasPrefix("replay window: ") == true)
        #expect(try store.order("FORGED").tokenVerification?.problem?.hasPrefix("signature: ") == true)
        #expect(try store.order("RETIRED").tokenVerification?.problem?.hasPrefix("key not found: ") == true)
        // And only the two that verified and match go ahead; every other is held, saying which check failed
        #expect(ingester.summary.held == 4)
        let statuses = try store.orders(OrderQuery(limit: 10)).map { "\($0.orderId) \($0.status.rawValue)" }.sorted()
        #expect(statuses == ["FORGED held", "GOOD-EC authorized", "GOOD-RSA authorized", "MORE held", "REPLAYED held", "RETIRED held"])
        #expect(rows["MORE"]?.holdReason == "amount: the token authorises 138.00 CNY, but the order's total is 128.00 CNY")
        #expect(rows["FORGED"]?.holdReason?.hasPrefix("signature: ") == true && rows["GOOD-EC"]?.holdReason == nil)
        // And each order's audit entry says how it stands after its token's check, not before
        #expect(try store.order("MORE").audit.map(\.outcome) == ["held: amount: the token authorises 138.00 CNY, but the order's total is 128.00 CNY"])
        #expect(try store.order("GOOD-EC").audit.map(\.outcome) == ["authorized"])
        // And the processor is offered only the orders that go ahead
        #expect(try store.ordersToCharge(limit: 10).map(\.orderId).sorted() == ["GOOD-EC", "GOOD-RSA"])
        // And the full device account number is nowhere in the store's files
        for file in [path, path + "-wal"] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            #expect(bytes.range(of: Data(Self.accountNumber.prefix(12).utf8)) == nil, "\(file) holds the account number")
        }
    }

    @Test func withoutKeysTokensAreStoredUnchecked() throws {
        let store = try PayDeskStore.create(at: path, clock: { Timestamp(date: Self.now) })
        let ingester = Ingester(store: store, actor: Actor(login: "tester"), onProblem: { _ in })
        try ingester.ingest(lines: [try order("PLAIN")])
        #expect(try store.order("PLAIN").tokenVerification == nil)
        #expect(ingester.summary.tokens.isEmpty)
        // The processor decrypts: the order goes ahead (and is labelled as not verified here: ConsoleUITests'
        // TokenVerificationLinesTests)
        #expect(try store.order("PLAIN").summary.status == .authorized)
    }

    @Test func aHeldOrderIsReleasedWithAReasonOrCanceledAndNeverChargedMeanwhile() throws {
        // Given two orders held because their tokens were replayed
        let store = try PayDeskStore.create(at: path, clock: { Timestamp(date: Self.now) })
        let ingester = Ingester(store: store, actor: Actor(login: "tester"), verifier: TokenInspector(keys: try pki.merchantKeys(), extraRoots: [pki.root]),
                                onProblem: { _ in })
        try ingester.ingest(lines: [try order("HELD-1", age: 3_600), try order("HELD-2", age: 3_600)])
        let operatorActor = Actor(login: "ops")
        // When a release has no reason, or a refund or a charge is tried, Then each is refused and nothing moves
        #expect(throws: StoreError.refused("a release needs a reason, for the audit log")) {
            try store.releaseHold(orderId: "HELD-1", reason: "  ", actor: operatorActor)
        }
        #expect(throws: StoreError.self) { try store.apply(IncomingEvent(orderId: "HELD-1", kind: .chargeSubmitted, at: Timestamp(date: Self.now)),
                                                            actor: operatorActor) }
        #expect(try store.order("HELD-1").summary.status == .held)
        // When one is released with a reason and the other canceled
        try store.releaseHold(orderId: "HELD-1", reason: "customer confirmed by phone", actor: operatorActor)
        #expect(try store.requestCancel(orderId: "HELD-2", actor: operatorActor).outcome == .canceled)
        // Then the first goes ahead to be charged, the second never will, and the audit says who and why
        #expect(try store.ordersToCharge(limit: 10).map(\.orderId) == ["HELD-1"])
        #expect(try store.order("HELD-2").summary.status == .canceled)
        let release = try #require(try store.order("HELD-1").audit.first)
        #expect(release.action == "release" && release.actor.login == "ops")
        #expect(release.outcome.hasPrefix("released despite replay window: ") && release.outcome.hasSuffix(": customer confirmed by phone"))
        #expect(throws: StoreError.refused("only a held order can be released; this one is authorized")) {
            try store.releaseHold(orderId: "HELD-1", reason: "again", actor: operatorActor)
        }
    }
}
