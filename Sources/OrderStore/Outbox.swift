import GRDB
import OrderModel

/// An operator's intent the processor integration still owes an answer to (docs/design.md §2). The outbox is not a
/// table of its own: it is read from the refunds still pending and the cancels still open, so it can never
/// disagree with them.
public struct OutboxIntent: Sendable, Equatable {
    public enum Kind: String, Sendable { case reverse, refund }

    public var kind: Kind
    public var orderId: String
    public var amount: Money
    public var refundId: String?
    public var processorReference: String?
    public var idempotencyKey: String
    public var requestedAt: Timestamp
    public var requestedBy: String
    /// For a reversal: the charge is still in flight, so reverse it only once it succeeds.
    public var awaitingCharge: Bool
}

extension PayDeskStore {
    /// Open intents, oldest first.
    public func outbox() throws(StoreError) -> [OutboxIntent] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT 'reverse' AS kind, order_id, currency, total AS amount, NULL AS refund_id, processor_reference,
                       cancel_idempotency_key AS idempotency_key, cancel_requested_at AS requested_at,
                       cancel_requested_by AS requested_by, status = 'charging' AS awaiting_charge
                FROM orders WHERE cancel_requested = 1
                UNION ALL
                SELECT 'refund', orders.order_id, orders.currency, refunds.amount, refunds.refund_id, orders.processor_reference,
                       refunds.idempotency_key, refunds.requested_at, refunds.requested_by, 0
                FROM refunds JOIN orders ON orders.id = refunds.order_ref WHERE refunds.status = 'pending'
                ORDER BY requested_at, order_id
                """)
        }
        return try rows.map { (row: Row) throws(StoreError) in
            let place = { "outbox: \(row.orderName)" }
            guard let kind = OutboxIntent.Kind(rawValue: try row.checked("kind", in: place(), as: String.self)) else {
                throw .database("outbox: unknown intent \(row.shown("kind"))")
            }
            let currency = try Self.currency(of: row)
            return OutboxIntent(kind: kind, orderId: try row.checked("order_id", in: place()),
                                amount: Money(minorUnits: try row.checked("amount", in: place()), currency: currency),
                                refundId: try row.checked("refund_id", in: place()), processorReference: try row.checked("processor_reference", in: place()),
                                idempotencyKey: try row.checked("idempotency_key", in: place(), as: String?.self) ?? "",
                                requestedAt: Timestamp(millisecondsSinceEpoch: try row.checked("requested_at", in: place(), as: Int64?.self) ?? 0),
                                requestedBy: try row.checked("requested_by", in: place(), as: String?.self) ?? "",
                                awaitingCharge: try row.checked("awaiting_charge", in: place()))
        }
    }
}
