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
            guard let kind = OutboxIntent.Kind(rawValue: row["kind"]) else { throw .database("outbox: unknown intent \(quoted((row["kind"] as String?) ?? "NULL"))") }
            let currency = try Self.currency(of: row)
            return OutboxIntent(kind: kind, orderId: row["order_id"], amount: Money(minorUnits: row["amount"], currency: currency),
                                refundId: row["refund_id"], processorReference: row["processor_reference"],
                                idempotencyKey: row["idempotency_key"] ?? "", requestedAt: Timestamp(millisecondsSinceEpoch: row["requested_at"] ?? 0),
                                requestedBy: row["requested_by"] ?? "", awaitingCharge: row["awaiting_charge"])
        }
    }
}
