/// A refund with the order it belongs to and its amount in that order's currency.
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

    public init(refundId: String, orderId: String, amount: Money, status: RefundStatus, reason: RefundReason,
                note: String?, requestedAt: Timestamp, requestedBy: String, failureReason: String?,
                idempotencyKey: String) {
        self.refundId = refundId
        self.orderId = orderId
        self.amount = amount
        self.status = status
        self.reason = reason
        self.note = note
        self.requestedAt = requestedAt
        self.requestedBy = requestedBy
        self.failureReason = failureReason
        self.idempotencyKey = idempotencyKey
    }
}
