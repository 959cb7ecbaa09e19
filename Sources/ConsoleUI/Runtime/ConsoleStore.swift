import OrderModel

/// What the console reads and asks for, in the domain's values. The app answers from the SQLite store through
/// an adapter (`PayDeskConsoleStore`); tests answer from a fake. The console calls it from its worker thread, so
/// a call may block; a thrown error's description is the one line the operator is shown.
public protocol ConsoleStore: Sendable {
    /// A number that changes whenever anything in the store changes.
    func changeToken() throws -> Int64
    func orders(_ query: OrderQuery) throws -> [OrderSummary]
    /// Whether the query's search looked through every order or a bounded part, for the screen to say so.
    func searchReach(_ query: OrderQuery) throws -> SearchReach
    func statusTotals() throws -> [StatusTotal]
    /// The header's glance at the shop as of `asOf`; cheap on any size of store.
    func shopActivity(asOf: Timestamp) throws -> ShopActivity
    func order(_ orderId: String) throws -> OrderDetail
    /// Refunds, those still pending first, then the newest; at most `limit`, or all of them when it is nil.
    func refunds(limit: Int?) throws -> [RefundView]
    /// The newest entries of the audit log first.
    func auditEntries(limit: Int) throws -> [AuditEntry]
    /// Cancels an order that is still in `expecting`; a refusal is thrown, and nothing changes.
    func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome
    func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView
    func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView
}
