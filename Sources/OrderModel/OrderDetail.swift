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

    public init(summary: OrderSummary, details: OrderDetails, processorReference: String?,
                tokenVerification: TokenVerification?, events: [PaymentEventView], refunds: [RefundView],
                audit: [AuditEntry], payment: PaymentState) {
        self.summary = summary
        self.details = details
        self.processorReference = processorReference
        self.tokenVerification = tokenVerification
        self.events = events
        self.refunds = refunds
        self.audit = audit
        self.payment = payment
    }
}

/// One payment event of an order, as the order's history shows it.
public struct PaymentEventView: Sendable, Equatable {
    public var event: String
    public var at: Timestamp
    public var processorReference: String?
    public var reason: String?
    public var refundId: String?
    public var amount: Money?

    public init(event: String, at: Timestamp, processorReference: String?, reason: String?, refundId: String?,
                amount: Money?) {
        self.event = event
        self.at = at
        self.processorReference = processorReference
        self.reason = reason
        self.refundId = refundId
        self.amount = amount
    }
}
