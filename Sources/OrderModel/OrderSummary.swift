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

    public init(orderId: String, createdAt: Timestamp, status: PaymentStatus, failureReason: FailureReason?,
                total: Money, customer: String, shippingMethod: String?, shippingLabel: String?, wallet: String,
                cardLast4: String?, cancelRequested: Bool, refundPending: Bool,
                tokenOutcome: TokenVerification.Outcome?, tokenMismatch: Bool, holdReason: String?,
                tokenFromSandbox: Bool, updatedAt: Timestamp, cursor: OrderCursor) {
        self.orderId = orderId
        self.createdAt = createdAt
        self.status = status
        self.failureReason = failureReason
        self.total = total
        self.customer = customer
        self.shippingMethod = shippingMethod
        self.shippingLabel = shippingLabel
        self.wallet = wallet
        self.cardLast4 = cardLast4
        self.cancelRequested = cancelRequested
        self.refundPending = refundPending
        self.tokenOutcome = tokenOutcome
        self.tokenMismatch = tokenMismatch
        self.holdReason = holdReason
        self.tokenFromSandbox = tokenFromSandbox
        self.updatedAt = updatedAt
        self.cursor = cursor
    }
}

/// A row's position in the list, for keyset paging: its value of every column the list can be sorted by.
public struct OrderCursor: Sendable, Equatable, Hashable {
    public var createdAt: Int64
    public var currency: String
    public var total: Int64
    public var rowID: Int64

    public init(createdAt: Int64, currency: String, total: Int64, rowID: Int64) {
        self.createdAt = createdAt
        self.currency = currency
        self.total = total
        self.rowID = rowID
    }
}
