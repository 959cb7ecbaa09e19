/// Where an order's money is (docs/design.md §3). `partiallyRefunded` and `refunded` follow from succeeded refunds.
public enum PaymentStatus: String, CaseIterable, Codable, Sendable {
    case authorized
    case charging
    case paid
    case failed
    case canceled
    case reversed
    case partiallyRefunded = "partially_refunded"
    case refunded
}

/// Why a charge failed, as processors report it.
public enum FailureReason: String, CaseIterable, Codable, Sendable {
    case declined
    case insufficientFunds = "insufficient_funds"
    case cardFrozen = "card_frozen"
    case pinRequired = "pin_required"
    case pinIncorrect = "pin_incorrect"
    case pinLockout = "pin_lockout"
    case processorError = "processor_error"
}
