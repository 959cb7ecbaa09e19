import Crypto
import Foundation
import GRDB
import OrderModel

/// A payment event as the processor integration reports it, already validated.
public struct IncomingEvent: Sendable, Equatable {
    public var orderId: String
    public var kind: PaymentEventKind
    public var at: Timestamp
    public var processorReference: String?
    public var reason: String?
    public var refundId: String?
    /// Minor units in the order's currency; names the amount of a refund PayDesk did not request itself.
    public var amount: Int64?

    public init(orderId: String, kind: PaymentEventKind, at: Timestamp, processorReference: String? = nil,
                reason: String? = nil, refundId: String? = nil, amount: Int64? = nil) {
        self.orderId = orderId
        self.kind = kind
        self.at = at
        self.processorReference = processorReference
        self.reason = reason
        self.refundId = refundId
        self.amount = amount
    }
}

public enum ApplyOutcome: Sendable, Equatable { case applied, duplicate }

extension PayDeskStore {
    // MARK: Processor events

    /// Applies one payment event in its own transaction.
    @discardableResult
    public func apply(_ event: IncomingEvent, actor: Actor) throws(StoreError) -> ApplyOutcome {
        let now = clock()
        return try write { db in try Self.apply(event, fingerprint: nil, actor: actor, now: now, db) }
    }

    /// Applies a payment event inside the caller's transaction. A refusal throws and changes nothing.
    static func apply(_ event: IncomingEvent, fingerprint: Data?, actor: Actor, now: Timestamp,
                      _ db: Database) throws -> ApplyOutcome {
        var chain = AuditChain()
        return try apply(event, fingerprint: fingerprint, actor: actor, now: now, chain: &chain, db)
    }

    /// The same, its audit entry chained after the previous one of `chain` (events applied one after another).
    static func apply(_ event: IncomingEvent, fingerprint: Data?, actor: Actor, now: Timestamp, chain: inout AuditChain,
                      _ db: Database) throws -> ApplyOutcome {
        if let fingerprint, try PaymentEventRecord.filter(PaymentEventRecord.Columns.fingerprint == fingerprint).fetchCount(db) > 0 {
            return .duplicate
        }
        let stored = try fetchOrder(event.orderId, db)
        try apply(event, to: stored, stored: stored, fingerprint: fingerprint, actor: actor, now: now, chain: &chain, db)
        return .applied
    }

    /// Applies an event to `order`: the order as read in this transaction (`stored`), with changes of the caller's
    /// not yet written, which are written with the event's own.
    static func apply(_ event: IncomingEvent, to order: OrderRecord, stored: OrderRecord, fingerprint: Data?, actor: Actor, now: Timestamp,
                      chain: inout AuditChain, _ db: Database) throws {
        var order = order
        guard let orderRef = order.id else { throw StoreError.unknownOrder(event.orderId) }
        let state = order.paymentState(refundsInFlight: order.refundsInFlight)
        func refuse(_ reason: String) -> StoreError { .refused("\(event.kind.rawValue): \(reason)") }

        var refund: (stored: RefundRecord, changed: RefundRecord)?
        var refundInserted = false
        let action: PaymentAction?
        switch event.kind {
        case .chargeSubmitted:
            action = .chargeSubmitted
            if let reference = event.processorReference { order.processorReference = reference }
        case .chargeSucceeded: action = .chargeSucceeded
        case .chargeFailed:
            guard let reason = event.reason.flatMap(FailureReason.init(rawValue:)) else {
                throw refuse("reason must be one of \(FailureReason.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            action = .chargeFailed(reason)
        case .reversalSucceeded: action = .reversalSucceeded
        case .reversalUnsupported: action = .reversalUnsupported
        case .refundSubmitted, .refundSucceeded, .refundFailed:
            guard let refundId = event.refundId else { throw refuse("refundId is required") }
            var found = try RefundRecord.filter(RefundRecord.Columns.refundId == refundId).fetchOne(db)
            if found == nil, event.kind == .refundSucceeded, let amount = event.amount {
                // A refund made at the processor directly (its dashboard, say): record it, within the same limits.
                do throws(PaymentRefusal) { _ = try PaymentLifecycle.apply(.requestRefund(amount: amount), to: state) }
                catch { throw refuse(error.description) }
                found = try insertRefund(order: order, amount: amount, reason: .other, note: "refunded at the processor",
                                         requestedBy: "processor", key: IdempotencyKey.processorRefund(refundId), refundId: refundId,
                                         now: event.at, db)
                refundInserted = true
            }
            guard let storedRefund = found, storedRefund.orderRef == orderRef else { throw refuse("no refund \(quoted(refundId)) on this order") }
            var target = storedRefund
            let next: RefundStatus = switch event.kind {
            case .refundSubmitted: .submitted
            case .refundSucceeded: .succeeded
            default: .failed
            }
            guard target.status.canMove(to: next) else { throw refuse("refund \(quoted(refundId)) is already \(target.status.rawValue)") }
            if let amount = event.amount, amount != target.amount { throw refuse("amount differs from the refund's") }
            target.status = next
            target.failureReason = next == .failed ? event.reason : nil
            target.updatedAt = now.millisecondsSinceEpoch
            refund = (storedRefund, target)
            action = switch next {
            case .succeeded: .refundSucceeded(amount: target.amount)
            case .failed: .refundFailed(amount: target.amount)
            default: nil
            }
        }

        var touched = refund.map { [$0.changed] } ?? []
        if let action {
            let transition: PaymentTransition
            let current = refundInserted ? order.paymentState(refundsInFlight: try refundsInFlight(order, db)) : state
            do throws(PaymentRefusal) { transition = try PaymentLifecycle.apply(action, to: current) }
            catch { throw refuse(error.description) }
            order.adopt(transition.state, at: now)
            if case .automaticRefund(let amount) = transition.followUp {
                touched.append(try insertRefund(order: order, amount: amount, reason: .other, note: "the bank does not support reversal",
                                                requestedBy: "paydesk", key: try automaticRefundKey(event.orderId, db), now: now, db))
            }
        }
        try order.savePaymentChanges(from: stored, db)
        if let refund { try refund.changed.updateChanges(db, from: refund.stored) }
        var record = PaymentEventRecord(orderRef: orderRef, event: event.kind.rawValue, at: event.at.millisecondsSinceEpoch,
                                        processorReference: event.processorReference, reason: event.reason,
                                        refundId: event.refundId, amount: refund?.changed.amount ?? event.amount, fingerprint: fingerprint)
        try record.insertNew(db)
        try chain.append(AuditEntry(at: now, actor: actor, action: event.kind.rawValue, orderId: event.orderId,
                                    amount: refund?.changed.amount, currencyCode: order.currency,
                                    idempotencyKey: event.refundId ?? event.processorReference,
                                    outcome: "order \(order.status.rawValue)", effect: order.effect(touched)), db)
    }

    // MARK: Shared steps

    /// The first of the order's automatic refund keys that no refund went by: its first, or the next after a
    /// refund that failed and a cancel after it.
    static func automaticRefundKey(_ orderId: String, _ db: Database) throws -> String {
        var attempt = 1
        while try priorUse(of: IdempotencyKey.automaticRefund(orderId, attempt: attempt), db) != nil { attempt += 1 }
        return IdempotencyKey.automaticRefund(orderId, attempt: attempt)
    }

    static func fetchOrder(_ orderId: String, _ db: Database) throws -> OrderRecord {
        guard let order = try OrderRecord.fetch(orderId: orderId, db) else {
            throw StoreError.unknownOrder(orderId)
        }
        return order
    }

    /// The order's refunds in flight as stored now: one column the schema keeps, so constant work however many
    /// refunds the order has; read again after inserting a refund, which moved it.
    static func refundsInFlight(_ order: OrderRecord, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT refunds_in_flight FROM orders WHERE id = ?"), arguments: [order.id]) ?? 0
    }

    /// Inserts a pending refund. Its id derives from the idempotency key, so a replay finds the same refund.
    static func insertRefund(order: OrderRecord, amount: Int64, reason: RefundReason, note: String?, requestedBy: String,
                             key: String, refundId: String? = nil, now: Timestamp, _ db: Database) throws -> RefundRecord {
        var refund = RefundRecord(refundId: refundId ?? RefundRecord.refundId(forKey: key), orderRef: order.id ?? 0, amount: amount, status: .pending,
                                  reason: reason, note: note, requestedAt: now.millisecondsSinceEpoch,
                                  requestedBy: requestedBy, idempotencyKey: key, updatedAt: now.millisecondsSinceEpoch)
        try refund.insert(db)
        return refund
    }
}
