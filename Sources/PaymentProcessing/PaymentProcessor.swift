import OrderModel

/// What PayDesk needs from a payment processor (UnionPay, Stripe, Adyen, or the sandbox). Every call that
/// moves money carries an idempotency key: the same key twice must never move money twice. The driver never
/// depends on which processor it talks to.
public protocol PaymentProcessor: Sendable {
    /// Submits a charge. Acceptance is not success: the result arrives later, as a notification or by polling.
    func submitCharge(orderId: String, amount: Money, idempotencyKey: String) async throws -> String

    /// Asks for a charge's result by the reference `submitCharge` returned.
    func chargeResult(reference: String) async throws -> ChargeResult

    /// Results the processor pushed since the last call (a real integration buffers its webhooks here).
    func notifications() async throws -> [(reference: String, result: ChargeResult)]

    /// Reverses a successful charge; some banks cannot.
    func reverse(reference: String, idempotencyKey: String) async throws -> ReversalResult

    /// Returns money from a successful charge.
    func refund(reference: String, amount: Money, idempotencyKey: String) async throws -> RefundResult

    /// What the processor did under an idempotency key, if it ever saw it: how the driver settles anything left
    /// in doubt by a crash without sending it again.
    func lookup(idempotencyKey: String) async throws -> ProcessorRecord?
}

public enum ChargeResult: Sendable, Equatable {
    case pending
    case succeeded
    case failed(FailureReason)
}

public enum ReversalResult: Sendable, Equatable {
    case reversed
    /// The card's bank does not support reversal: the money goes back by a full refund instead.
    case unsupported
}

public enum RefundResult: Sendable, Equatable {
    case succeeded
    case failed(String)
}

/// An operation a processor remembers by its idempotency key.
public enum ProcessorRecord: Sendable, Equatable {
    case charge(reference: String)
    case reversal(ReversalResult)
    case refund(RefundResult)
}

/// A processor could not be reached or refused the request itself (not the payment): the driver tries again later.
public struct ProcessorUnavailable: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

// How results read in the log.
extension ChargeResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .pending: "pending"
        case .succeeded: "succeeded"
        case .failed(let reason): "failed: \(reason.rawValue)"
        }
    }
}

extension ReversalResult: CustomStringConvertible {
    public var description: String { self == .reversed ? "reversed" : "unsupported" }
}

extension RefundResult: CustomStringConvertible {
    public var description: String {
        switch self {
        case .succeeded: "succeeded"
        case .failed(let reason): "failed: \(reason)"
        }
    }
}
