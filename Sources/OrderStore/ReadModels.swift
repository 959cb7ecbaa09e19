import GRDB
import OrderModel

/// One line of the orders list.
public struct OrderSummary: Sendable, Equatable {
    public var orderId: String
    public var createdAt: Timestamp
    public var status: PaymentStatus
    public var failureReason: FailureReason?
    public var total: Money
    public var customer: String
    /// The chosen method's identifier, and its label as the customer saw it.
    public var shippingMethod: String?
    public var shippingLabel: String?
    public var wallet: String
    public var cardLast4: String?
    public var cancelRequested: Bool
    /// A refund was requested and not yet submitted to the processor.
    public var refundPending: Bool
    /// What the merchant's keys made of the token; nil when no keys were configured at ingest.
    public var tokenOutcome: TokenVerification.Outcome?
    /// The token's amount or currency is not the order's total.
    public var tokenMismatch: Bool
    /// Why the order was held on arrival: the check that failed, in one line.
    public var holdReason: String?
    /// The token verified against a sandbox root the merchant trusted, not Apple's.
    public var tokenFromSandbox: Bool
    public var updatedAt: Timestamp
    /// Where the next page starts, in any sort order.
    public var cursor: OrderCursor

    /// The columns of `orders` a summary is read from, and whether a refund waits (one index probe per row).
    static var selection: [any SQLSelectable] {
        ["id", "order_id", "created_at", "status", "failure_reason", "currency", "total", "customer_name",
         "shipping_method", "shipping_label", "wallet", "card_last4", "cancel_requested", "token_outcome",
         "token_mismatch", "hold_reason", "updated_at"].map { Column($0) }
        + [SQL("EXISTS (SELECT 1 FROM refunds WHERE refunds.order_ref = orders.id AND refunds.status = 'pending') AS refund_pending"),
           SQL("coalesce(json_extract(token_verification, '$.root.isApple') = 0, 0) AS token_sandbox")]
    }

    init(_ row: Row) throws(StoreError) {
        orderId = row["order_id"]
        let code: String = row["currency"]
        guard let currency = Currency(code: code) else { throw .database("order \(orderId) has unknown currency \(code)") }
        guard let status = PaymentStatus(rawValue: row["status"]) else { throw .database("order \(orderId) has an unknown status") }
        createdAt = Timestamp(millisecondsSinceEpoch: row["created_at"])
        self.status = status
        failureReason = (row["failure_reason"] as String?).flatMap(FailureReason.init(rawValue:))
        total = Money(minorUnits: row["total"], currency: currency)
        customer = row["customer_name"]
        shippingMethod = row["shipping_method"]
        shippingLabel = row["shipping_label"]
        wallet = row["wallet"]
        cardLast4 = row["card_last4"]
        cancelRequested = row["cancel_requested"]
        refundPending = row["refund_pending"] ?? false
        tokenOutcome = (row["token_outcome"] as String?).flatMap(TokenVerification.Outcome.init(rawValue:))
        tokenMismatch = row["token_mismatch"]
        holdReason = row["hold_reason"]
        tokenFromSandbox = row["token_sandbox"] ?? false
        updatedAt = Timestamp(millisecondsSinceEpoch: row["updated_at"])
        cursor = OrderCursor(createdAt: row["created_at"], currency: code, total: row["total"], rowID: row["id"])
    }
}

/// A row's position in the list, for keyset paging: its value of every column the list can be sorted by.
public struct OrderCursor: Sendable, Equatable, Hashable {
    public var createdAt: Int64
    public var currency: String
    public var total: Int64
    public var rowID: Int64
}

/// One order with everything known about it.
public struct OrderDetail: Sendable {
    public var summary: OrderSummary
    public var details: OrderDetails
    public var processorReference: String?
    /// What the merchant's keys made of the token at ingest; nil when none were configured.
    public var tokenVerification: TokenVerification?
    public var events: [PaymentEventView]
    public var refunds: [RefundView]
    public var audit: [AuditEntry]
    public var payment: PaymentState
    public var refundable: Money { Money(minorUnits: payment.refundable, currency: summary.total.currency) }
}

public struct PaymentEventView: Sendable, Equatable {
    public var event: String
    public var at: Timestamp
    public var processorReference: String?
    public var reason: String?
    public var refundId: String?
    public var amount: Money?
}

public struct RefundView: Sendable, Equatable {
    public var refundId: String
    public var orderId: String
    public var amount: Money
    public var status: RefundStatus
    public var reason: RefundReason
    public var note: String?
    public var requestedAt: Timestamp
    public var requestedBy: String
    public var failureReason: String?
    public var idempotencyKey: String

    init(_ record: RefundRecord, orderId: String, currency: Currency) {
        refundId = record.refundId
        self.orderId = orderId
        amount = Money(minorUnits: record.amount, currency: currency)
        status = record.status
        reason = record.reason
        note = record.note
        requestedAt = Timestamp(millisecondsSinceEpoch: record.requestedAt)
        requestedBy = record.requestedBy
        failureReason = record.failureReason
        idempotencyKey = record.idempotencyKey
    }
}

/// How many orders are in a status, and what they add up to, per currency.
public struct StatusTotal: Sendable, Equatable {
    public var status: PaymentStatus
    public var orders: Int
    public var amount: MoneyTotal
}
