/// The events a processor integration reports (docs/design.md §2), by their names in the ingest format.
public enum PaymentEventKind: String, CaseIterable, Codable, Sendable {
    case chargeSubmitted = "charge_submitted"
    case chargeSucceeded = "charge_succeeded"
    case chargeFailed = "charge_failed"
    case reversalSucceeded = "reversal_succeeded"
    case reversalUnsupported = "reversal_unsupported"
    case refundSubmitted = "refund_submitted"
    case refundSucceeded = "refund_succeeded"
    case refundFailed = "refund_failed"

    /// Refund events name the refund they are about.
    public var needsRefundId: Bool {
        self == .refundSubmitted || self == .refundSucceeded || self == .refundFailed
    }
}
