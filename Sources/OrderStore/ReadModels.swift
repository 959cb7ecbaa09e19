import GRDB
import OrderModel

// The read models are OrderModel values; here is how the store reads them from its rows.

extension OrderSummary {
    /// The columns of `orders` a summary is read from, and whether a refund waits (one index probe per row).
    static var selection: [any SQLSelectable] {
        ["id", "order_id", "created_at", "status", "failure_reason", "currency", "total", "customer_name",
         "shipping_method", "shipping_label", "wallet", "card_last4", "cancel_requested", "token_outcome",
         "token_mismatch", "hold_reason", "updated_at"].map { Column($0) }
        + [SQL("EXISTS (SELECT 1 FROM refunds WHERE refunds.order_ref = orders.id AND refunds.status = 'pending') AS refund_pending"),
           SQL("coalesce(json_extract(token_verification, '$.root.isApple') = 0, 0) AS token_sandbox")]
    }

    init(_ row: Row) throws(StoreError) {
        let orderId: String = row["order_id"]
        let code: String = row["currency"]
        guard let currency = Currency(code: code) else { throw .database("order \(orderId) has unknown currency \(code)") }
        guard let status = PaymentStatus(rawValue: row["status"]) else { throw .database("order \(orderId) has an unknown status") }
        self.init(orderId: orderId,
                  createdAt: Timestamp(millisecondsSinceEpoch: row["created_at"]),
                  status: status,
                  failureReason: (row["failure_reason"] as String?).flatMap(FailureReason.init(rawValue:)),
                  total: Money(minorUnits: row["total"], currency: currency),
                  customer: row["customer_name"],
                  shippingMethod: row["shipping_method"],
                  shippingLabel: row["shipping_label"],
                  wallet: row["wallet"],
                  cardLast4: row["card_last4"],
                  cancelRequested: row["cancel_requested"],
                  refundPending: row["refund_pending"] ?? false,
                  tokenOutcome: (row["token_outcome"] as String?).flatMap(TokenVerification.Outcome.init(rawValue:)),
                  tokenMismatch: row["token_mismatch"],
                  holdReason: row["hold_reason"],
                  tokenFromSandbox: row["token_sandbox"] ?? false,
                  updatedAt: Timestamp(millisecondsSinceEpoch: row["updated_at"]),
                  cursor: OrderCursor(createdAt: row["created_at"], currency: code, total: row["total"], rowID: row["id"]))
    }
}

extension RefundView {
    init(_ record: RefundRecord, orderId: String, currency: Currency) {
        self.init(refundId: record.refundId,
                  orderId: orderId,
                  amount: Money(minorUnits: record.amount, currency: currency),
                  status: record.status,
                  reason: record.reason,
                  note: record.note,
                  requestedAt: Timestamp(millisecondsSinceEpoch: record.requestedAt),
                  requestedBy: record.requestedBy,
                  failureReason: record.failureReason,
                  idempotencyKey: record.idempotencyKey)
    }
}
