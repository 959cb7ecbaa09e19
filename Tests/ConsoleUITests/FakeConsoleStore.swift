import Foundation
import OrderModel
@testable import ConsoleUI

/// A `ConsoleStore` without a database: it answers with the values a test gives it, fails when told to, and
/// records what the console asked, so that tests see the console read and act through its protocol alone.
final class FakeConsoleStore: ConsoleStore, @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let lock = NSLock()
    private var _calls: [String] = []
    private let orderRows: [OrderSummary]
    private let failure: Failure?

    private let reach: SearchReach
    private let items: [SummaryItem]?

    /// Where a test's console would export: a fresh folder no test writes to unless it means to.
    static var exports: ExportFolder {
        ExportFolder(path: FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-exports-\(UUID().uuidString)").path)
    }

    /// `items`, when given, are every order's summary items above the grand total.
    init(orders: [OrderSummary] = [], failing failure: String? = nil, searchReach: SearchReach = .complete, items: [SummaryItem]? = nil) {
        orderRows = orders
        reach = searchReach
        self.items = items
        self.failure = failure.map(Failure.init)
    }

    /// What was asked, in order: the method's name and, for writes, the order or refund it was about.
    var calls: [String] { lock.withLock { _calls } }

    /// Puts a test's own event among the calls, in the order it happened.
    func note(_ event: String) {
        lock.withLock { _calls.append(event) }
    }

    private func record(_ call: String) throws {
        lock.withLock { _calls.append(call) }
        if let failure { throw failure }
    }

    func changeToken() throws -> Int64 { try record("changeToken"); return 1 }

    /// Rows in the order given, from the row after `query.after` when there is one (read forwards only).
    func orders(_ query: OrderQuery) throws -> [OrderSummary] {
        guard let after = query.after, let last = orderRows.firstIndex(where: { $0.cursor == after }) else {
            try record("orders")
            return Array(orderRows.prefix(query.limit))
        }
        try record("orders after \(orderRows[last].orderId)")
        return Array(orderRows[(last + 1)...].prefix(query.limit))
    }

    func searchReach(_ query: OrderQuery) throws -> SearchReach { try record("searchReach \(query.search ?? "")"); return reach }

    func statusTotals() throws -> [StatusTotal] { try record("statusTotals"); return [] }

    func shopActivity(asOf: Timestamp) throws -> ShopActivity {
        try record("shopActivity")
        return ShopActivity(asOf: asOf, minutes: [], chargesWaiting: 0, recentCharges: [], pendingRefunds: 0)
    }

    func order(_ orderId: String) throws -> OrderDetail {
        try record("order \(orderId)")
        guard let summary = orderRows.first(where: { $0.orderId == orderId }) else { throw Failure(description: "no order \(orderId)") }
        return Self.detail(of: summary, items: items)
    }

    func refunds(limit: Int?) throws -> [RefundView] { try record("refunds"); return [] }

    func auditEntries(limit: Int) throws -> [AuditEntry] { try record("auditEntries"); return [] }

    func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome {
        try record("requestCancel \(orderId) expecting \(expecting.rawValue) as \(actor.login)")
        return .canceled
    }

    func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView {
        try record("requestRefund \(orderId) \(amount)")
        throw Failure(description: "refunds are not faked")
    }

    func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView {
        try record("withdrawRefund \(refundId)")
        throw Failure(description: "refunds are not faked")
    }

    /// The least an order's page needs: its items (by default only the total), no shipping, a token's metadata,
    /// the summary's payment state (an order that was paid has its total paid).
    static func detail(of summary: OrderSummary, items: [SummaryItem]? = nil) -> OrderDetail {
        let total = summary.total.minorUnits
        let details = OrderDetails(
            merchantIdentifier: "merchant.test", countryCode: "CN", supportedNetworks: ["visa"], merchantCapabilities: ["supports3DS"],
            summaryItems: (items ?? []) + [SummaryItem(label: "Tea", amount: total, isPending: false)], shippingMethod: nil, shippingMethods: [],
            shippingContact: nil, billingContact: nil, applicationData: nil,
            token: TokenMetadata(version: "EC_v1", publicKeyHash: "aGFzaA==", transactionId: "ab12", applicationDataHash: nil,
                                 displayName: "Visa \(summary.cardLast4 ?? "0000")", network: "Visa", type: "debit"))
        return OrderDetail(summary: summary, details: details, processorReference: nil, tokenVerification: nil, events: [],
                           refunds: [], audit: [], payment: PaymentState(status: summary.status, total: total,
                                                                   paid: [.paid, .partiallyRefunded, .refunded, .reversed].contains(summary.status) ? total : 0))
    }
}
