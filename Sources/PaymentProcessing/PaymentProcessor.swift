import OrderModel

/// What PayDesk needs from a payment processor (UnionPay, Stripe, Adyen, or the sandbox). Every call that
/// moves money carries an idempotency key: the same key twice must never move money twice. The driver never
/// depends on which processor it talks to.
public protocol PaymentProcessor: Sendable {
    /// Submits a charge. Acceptance is not success: the result arrives later, as a notification or by polling.
    func submitCharge(orderId: String, amount: Money, idempotencyKey: String) async throws -> String

    /// Submits charges together, answering for each, in order, its reference or why it was not accepted. A
    /// processor with a batch API sends them in one request; by default they go one by one through `submitCharge`.
    func submitCharges(_ charges: [ChargeRequest]) async -> [Result<String, any Error>]

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

extension PaymentProcessor {
    public func submitCharges(_ charges: [ChargeRequest]) async -> [Result<String, any Error>] {
        var answers: [Result<String, any Error>] = []
        for charge in charges {
            do { answers.append(.success(try await submitCharge(orderId: charge.orderId, amount: charge.amount, idempotencyKey: charge.idempotencyKey))) }
            catch { answers.append(.failure(error)) }
        }
        return answers
    }
}

/// One charge of a batch: what `submitCharge` takes.
public struct ChargeRequest: Sendable, Equatable {
    public var orderId: String
    public var amount: Money
    public var idempotencyKey: String

    public init(orderId: String, amount: Money, idempotencyKey: String) {
        self.orderId = orderId
        self.amount = amount
        self.idempotencyKey = idempotencyKey
    }
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
