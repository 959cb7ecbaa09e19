/// The money side of one order: what the state machine reads and writes. Amounts in minor units.
public struct PaymentState: Equatable, Sendable {
    public var status: PaymentStatus
    public var failureReason: FailureReason?
    /// An operator asked to cancel while money was moving; the processor integration owes a reversal.
    public var cancelRequested: Bool
    public var total: Int64
    public var paid: Int64
    /// Refunds that succeeded.
    public var refunded: Int64
    /// Refunds requested or submitted but not yet settled.
    public var refundsInFlight: Int64

    public init(status: PaymentStatus, failureReason: FailureReason? = nil, cancelRequested: Bool = false,
                total: Int64, paid: Int64 = 0, refunded: Int64 = 0, refundsInFlight: Int64 = 0) {
        self.status = status
        self.failureReason = failureReason
        self.cancelRequested = cancelRequested
        self.total = total
        self.paid = paid
        self.refunded = refunded
        self.refundsInFlight = refundsInFlight
    }

    /// A new order: token verified, nothing submitted.
    public static func authorized(total: Int64) -> PaymentState { PaymentState(status: .authorized, total: total) }

    /// What an operator may still refund. Amounts a damaged store made impossible to subtract leave nothing
    /// refundable rather than a wrong figure.
    public var refundable: Int64 {
        guard status == .paid || status == .partiallyRefunded, !cancelRequested else { return 0 }
        return (try? PaymentLifecycle.checked(paid, minus: refunded, minus: refundsInFlight)).map { max(0, $0) } ?? 0
    }
}

/// Everything that can happen to an order's payment: operator intents and processor outcomes.
public enum PaymentAction: Equatable, Sendable {
    case cancel
    /// An operator lets a held order go ahead to be charged.
    case release
    case requestRefund(amount: Int64)
    case withdrawRefund(amount: Int64)
    case chargeSubmitted
    case chargeSucceeded
    case chargeFailed(FailureReason)
    case reversalSucceeded
    case reversalUnsupported
    case refundSucceeded(amount: Int64)
    case refundFailed(amount: Int64)
}

/// What a transition asks of the rest of the system beyond the new state.
public enum PaymentFollowUp: Equatable, Sendable {
    /// The bank refused the reversal: return the money with a full refund of this amount instead.
    case automaticRefund(amount: Int64)
}

public struct PaymentTransition: Equatable, Sendable {
    public var state: PaymentState
    public var followUp: PaymentFollowUp?
}

/// Why an action is not allowed now, in words an operator can act on.
public struct PaymentRefusal: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// docs/design.md §3 in one place: every (state, action) pair is either a transition or a refusal with a reason.
/// The store enforces the same rules again in SQL; this is where they are decided.
public enum PaymentLifecycle {
    public static func apply(_ action: PaymentAction, to state: PaymentState) throws(PaymentRefusal) -> PaymentTransition {
        var next = state
        switch (action, state.status) {
        case (.cancel, _) where state.cancelRequested:
            throw PaymentRefusal("a cancel was already requested")
        case (.cancel, .authorized), (.cancel, .held):
            next.status = .canceled
        case (.release, .held):
            next.status = .authorized
        case (.cancel, .charging):
            next.cancelRequested = true
        case (.cancel, .paid):
            guard state.refundsInFlight == 0 else {
                throw PaymentRefusal("a refund is in progress; wait for it, or refund the remainder instead")
            }
            next.cancelRequested = true
        case (.cancel, .partiallyRefunded):
            throw PaymentRefusal("partially refunded orders cannot be reversed; refund the remainder instead")

        case (.requestRefund(let amount), .paid), (.requestRefund(let amount), .partiallyRefunded):
            guard !state.cancelRequested else { throw PaymentRefusal("a reversal was requested; it returns the money") }
            guard amount > 0 else { throw PaymentRefusal("the refund amount must be positive") }
            guard amount <= state.refundable else {
                throw PaymentRefusal("the refund exceeds what may still be refunded")
            }
            next.refundsInFlight = try checked(state.refundsInFlight, plus: amount)

        case (.withdrawRefund(let amount), _), (.refundFailed(let amount), _):
            guard amount > 0, amount <= state.refundsInFlight else { throw PaymentRefusal("no such refund in flight") }
            next.refundsInFlight -= amount
        case (.refundSucceeded(let amount), .paid), (.refundSucceeded(let amount), .partiallyRefunded):
            guard amount > 0, amount <= state.refundsInFlight else { throw PaymentRefusal("no such refund in flight") }
            next.refundsInFlight -= amount
            next.refunded = try checked(state.refunded, plus: amount)
            next.status = next.refunded == next.paid ? .refunded : .partiallyRefunded

        case (.chargeSubmitted, .authorized):
            next.status = .charging
        case (.chargeSucceeded, .charging):
            next.status = .paid
            next.paid = state.total
        case (.chargeFailed(let reason), .charging):
            // A cancel that raced the charge ends as a cancel: no money moved either way.
            next.status = state.cancelRequested ? .canceled : .failed
            next.failureReason = reason
            next.cancelRequested = false

        case (.reversalSucceeded, .paid):
            guard state.cancelRequested else { throw PaymentRefusal("no cancel was requested for this order") }
            next.status = .reversed
            next.cancelRequested = false
        case (.reversalUnsupported, .paid):
            guard state.cancelRequested else { throw PaymentRefusal("no cancel was requested for this order") }
            let amount = try checked(state.paid, minus: state.refunded, minus: state.refundsInFlight)
            next.cancelRequested = false
            next.refundsInFlight = try checked(state.refundsInFlight, plus: amount)
            return PaymentTransition(state: next, followUp: .automaticRefund(amount: amount))

        case (.release, let status):
            throw PaymentRefusal("only a held order can be released; this one is \(status.rawValue)")
        case (.cancel, let status), (.requestRefund, let status), (.refundSucceeded, let status),
             (.chargeSubmitted, let status), (.chargeSucceeded, let status), (.chargeFailed, let status),
             (.reversalSucceeded, let status), (.reversalUnsupported, let status):
            throw PaymentRefusal("not allowed while the order is \(status.rawValue)")
        }
        return PaymentTransition(state: next, followUp: nil)
    }

    /// Arithmetic on amounts read from a store, which a person or an older version may have written: an
    /// overflow is a refusal, never a trap or a wrapped figure.
    static func checked(_ a: Int64, plus b: Int64) throws(PaymentRefusal) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw PaymentRefusal("the order's amounts are out of range; nothing was changed") }
        return sum
    }

    static func checked(_ a: Int64, minus b: Int64, minus c: Int64) throws(PaymentRefusal) -> Int64 {
        let (first, overflowA) = a.subtractingReportingOverflow(b)
        let (second, overflowB) = first.subtractingReportingOverflow(c)
        guard !overflowA, !overflowB else { throw PaymentRefusal("the order's amounts are out of range; nothing was changed") }
        return second
    }
}
