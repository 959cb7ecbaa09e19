/// Where an order's money is (docs/design.md §3). `partiallyRefunded` and `refunded` follow from succeeded refunds.
public enum PaymentStatus: String, CaseIterable, Codable, Sendable {
    case authorized
    /// With the merchant's keys configured, the token failed a check or does not match the order: never
    /// submitted until an operator releases it (or cancels it).
    case held
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

extension PaymentStatus {
    /// Where a new order starts. Without merchant keys (`verification` nil) the processor decrypts the token,
    /// so the order goes ahead, "not verified here". With them, only a token that verified and authorises
    /// exactly the order's total goes ahead; anything else is held for an operator.
    public static func onArrival(_ verification: TokenVerification?) -> PaymentStatus {
        guard let verification else { return .authorized }
        return verification.outcome == .verified && !verification.amountMismatch ? .authorized : .held
    }
}
