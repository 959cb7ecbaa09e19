import OrderModel

/// One line of the orders list.
public struct OrderSummary: Sendable, Equatable {
    public var orderId: String
    public var createdAt: Timestamp
    public var status: PaymentStatus
    public var failureReason: FailureReason?
    public var total: Money
    public var customer: String
    public var shippingMethod: String?
    public var wallet: String
    public var cardLast4: String?
    public var cancelRequested: Bool
    public var updatedAt: Timestamp
    /// Where the next page starts: (created_at, id) of this row.
    public var cursor: OrderCursor

    init(_ record: OrderRecord) throws(StoreError) {
        orderId = record.orderId
        createdAt = Timestamp(millisecondsSinceEpoch: record.createdAt)
        status = record.status
        failureReason = record.failureReason
        total = Money(minorUnits: record.total, currency: try record.currencyValue())
        customer = record.customerName
        shippingMethod = record.shippingMethod
        wallet = record.wallet
        cardLast4 = record.cardLast4
        cancelRequested = record.cancelRequested
        updatedAt = Timestamp(millisecondsSinceEpoch: record.updatedAt)
        cursor = OrderCursor(createdAt: record.createdAt, rowID: record.id ?? 0)
    }
}

/// A position in the newest-first order list, for keyset paging.
public struct OrderCursor: Sendable, Equatable, Hashable {
    public var createdAt: Int64
    public var rowID: Int64
}

/// One order with everything known about it.
public struct OrderDetail: Sendable {
    public var summary: OrderSummary
    public var details: OrderDetails
    public var processorReference: String?
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
    public var amount: Money
}
