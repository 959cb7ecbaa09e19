import ConsoleUI
import OrderModel
import OrderStore

/// The console's store is PayDesk's SQLite store: each call is one of the store's named operations, and a
/// `StoreError`'s description is what the operator reads. Opened read-first (`ReadFirstStore.open`), the console
/// writes nothing to the store until its first change.
public struct PayDeskConsoleStore: ConsoleStore {
    let store: ReadFirstStore

    public init(_ store: ReadFirstStore) { self.store = store }

    /// Reads and changes both go to `store`.
    public init(_ store: PayDeskStore) { self.store = ReadFirstStore(store) }

    public func changeToken() throws -> Int64 { try store.reading.changeToken() }

    public func orders(_ query: OrderQuery) throws -> [OrderSummary] { try store.reading.orders(query) }

    public func searchReach(_ query: OrderQuery) throws -> SearchReach { try store.reading.searchReach(query) }

    public func statusTotals() throws -> [StatusTotal] { try store.reading.statusTotals() }

    public func shopActivity(asOf: Timestamp) throws -> ShopActivity { try store.reading.shopActivity(asOf: asOf) }

    public func order(_ orderId: String) throws -> OrderDetail { try store.reading.order(orderId) }

    public func refunds(limit: Int?) throws -> [RefundView] { try store.reading.refunds(limit: limit) }

    public func auditEntries(limit: Int) throws -> [AuditEntry] { try store.reading.auditEntries(limit: limit) }

    public func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome {
        try store.changing().requestCancel(orderId: orderId, expecting: expecting, idempotencyKey: idempotencyKey, actor: actor).outcome
    }

    public func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView {
        try store.changing().requestRefund(orderId: orderId, amount: amount, reason: reason, note: note, idempotencyKey: idempotencyKey,
                                actor: actor).refund
    }

    public func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView {
        try store.changing().withdrawRefund(refundId: refundId, actor: actor)
    }
}
