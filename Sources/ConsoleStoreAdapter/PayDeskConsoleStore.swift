import ConsoleUI
import OrderModel
import OrderStore

/// The console's store is PayDesk's SQLite store: each call is one of the store's named operations, and a
/// `StoreError`'s description is what the operator reads.
public struct PayDeskConsoleStore: ConsoleStore {
    let store: PayDeskStore

    public init(_ store: PayDeskStore) { self.store = store }

    public func changeToken() throws -> Int64 { try store.changeToken() }

    public func orders(_ query: OrderQuery) throws -> [OrderSummary] { try store.orders(query) }

    public func searchReach(_ query: OrderQuery) throws -> SearchReach { try store.searchReach(query) }

    public func statusTotals() throws -> [StatusTotal] { try store.statusTotals() }

    public func shopActivity(asOf: Timestamp) throws -> ShopActivity { try store.shopActivity(asOf: asOf) }

    public func order(_ orderId: String) throws -> OrderDetail { try store.order(orderId) }

    public func refunds(limit: Int?) throws -> [RefundView] { try store.refunds(limit: limit) }

    public func auditEntries(limit: Int) throws -> [AuditEntry] { try store.auditEntries(limit: limit) }

    public func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome {
        try store.requestCancel(orderId: orderId, expecting: expecting, idempotencyKey: idempotencyKey, actor: actor).outcome
    }

    public func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView {
        try store.requestRefund(orderId: orderId, amount: amount, reason: reason, note: note, idempotencyKey: idempotencyKey,
                                actor: actor).refund
    }

    public func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView {
        try store.withdrawRefund(refundId: refundId, actor: actor)
    }
}
