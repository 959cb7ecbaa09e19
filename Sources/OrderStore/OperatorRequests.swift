import Foundation
import GRDB
import OrderModel

/// A cancel's answer: what it did, and whether this request was a retry of one already done, in which case
/// `outcome` is what the first one did and nothing new happened.
public struct CancelResult: Sendable, Equatable {
    public var outcome: CancelOutcome
    public var replayed: Bool
}

/// A refund request's answer: the refund, and whether this request was a retry of one already made with the
/// same idempotency key (then nothing new happened; the refund may since have moved on, even failed or been
/// withdrawn).
public struct RefundRequestResult: Sendable, Equatable {
    public var refund: RefundView
    public var replayed: Bool
}

extension PayDeskStore {
    /// Cancels an order, or asks the processor integration to undo its charge. `expecting` is the status the
    /// operator saw when confirming: if the order moved on since, nothing is done. The same key again, for the
    /// same order, is a replay: it succeeds and says so.
    @discardableResult
    public func requestCancel(orderId: String, expecting: PaymentStatus? = nil, idempotencyKey: String? = nil,
                              actor: Actor) throws(StoreError) -> CancelResult {
        try Self.checkOperatorKey(idempotencyKey)
        let now = clock()
        let result = try write { db -> Result<CancelResult, StoreError> in
            var order = try Self.fetchOrder(orderId, db)
            let key = try idempotencyKey ?? Self.ownCancelKey(for: order, db)
            let stored = order, currency = order.currency
            func audit(_ outcome: String, effect: AuditEffect? = nil) throws {
                try AuditLog.append(AuditEntry(at: now, actor: actor, action: "cancel", orderId: orderId, amount: order.total,
                                               currencyCode: currency, idempotencyKey: key, outcome: outcome, effect: effect), in: db)
            }
            switch try Self.priorUse(of: key, db) {
            case .cancel(orderId: let earlier) where earlier == orderId:
                guard let original = try Self.cancelOutcome(recordedFor: key, orderId: orderId, db) else { break }
                try audit("replay of the cancel under this key; nothing new")
                return .success(CancelResult(outcome: original, replayed: true))
            case .some(let prior):
                try audit("refused: key already used")
                return .failure(.idempotencyConflict(key, detail: prior.description))
            case nil:
                break
            }
            if let expecting, expecting != order.status {
                let reason = "the order is now \(order.status.rawValue), not \(expecting.rawValue); nothing was done"
                try audit("refused: \(reason)")
                return .failure(.refused(reason))
            }
            let before = order.status
            let transition: PaymentTransition
            do throws(PaymentRefusal) {
                transition = try PaymentLifecycle.apply(.cancel, to: order.paymentState(refundsInFlight: order.refundsInFlight))
            } catch {
                try audit("refused: \(error.description)")
                return .failure(.refused(error.description))
            }
            order.adopt(transition.state, at: now)
            order.cancelIdempotencyKey = key
            if transition.state.cancelRequested {
                order.cancelRequestedAt = now.millisecondsSinceEpoch
                order.cancelRequestedBy = actor.description
            }
            try order.savePaymentChanges(from: stored, db)
            let outcome: CancelOutcome = switch before {
            case .authorized, .held: .canceled
            case .charging: .cancelRequestedWhileCharging
            default: .reversalRequested
            }
            try audit(outcome.rawValue, effect: order.effect())
            return .success(CancelResult(outcome: outcome, replayed: false))
        }
        return try result.get()
    }

    /// The key of a cancel an operator gave none for. While the order's cancel stands (requested, or done: the
    /// order canceled or reversed), that cancel's: running the command again is a retry of it. Otherwise the
    /// first of the order's own keys (`IdempotencyKey.cancel`) that no cancel went by: a cancel that came to
    /// nothing (the bank refused the reversal, and the refund after it failed) leaves its key with the
    /// processor, where a reversal asked for under it again would find the first one's answer.
    static func ownCancelKey(for order: OrderRecord, _ db: Database) throws -> String {
        let stands = order.cancelRequested || order.status == .canceled || order.status == .reversed
        if stands, let standing = order.cancelIdempotencyKey { return standing }
        var attempt = 1
        while try cancelOutcome(recordedFor: IdempotencyKey.cancel(order.orderId, attempt: attempt), orderId: order.orderId, db) != nil {
            attempt += 1
        }
        return IdempotencyKey.cancel(order.orderId, attempt: attempt)
    }

    /// Refuses an idempotency key an operator may not give (one of PayDesk's own); a command checks it before it
    /// opens the store for writing.
    public static func checkOperatorKey(_ key: String?) throws(StoreError) {
        if let key, let problem = IdempotencyKey.checkOperatorKey(key) { throw .refused(problem) }
    }

    /// The reason a release records, trimmed; a command checks it before it opens the store for writing.
    public static func releaseReason(_ reason: String) throws(StoreError) -> String {
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .refused("a release needs a reason, for the audit log") }
        guard trimmed.count <= 500 else { throw .refused("a release reason is at most 500 characters") }
        return trimmed
    }

    /// Lets a held order go ahead to be charged. The reason is the operator's and goes into the audit log.
    public func releaseHold(orderId: String, reason: String, actor: Actor) throws(StoreError) {
        let trimmed = try Self.releaseReason(reason)
        let now = clock()
        let result = try write { db -> Result<Void, StoreError> in
            var order = try Self.fetchOrder(orderId, db)
            let stored = order
            func audit(_ outcome: String, effect: AuditEffect? = nil) throws {
                try AuditLog.append(AuditEntry(at: now, actor: actor, action: "release", orderId: orderId, amount: order.total,
                                               currencyCode: order.currency, outcome: outcome, effect: effect), in: db)
            }
            let transition: PaymentTransition
            do throws(PaymentRefusal) {
                transition = try PaymentLifecycle.apply(.release, to: order.paymentState(refundsInFlight: order.refundsInFlight))
            } catch {
                try audit("refused: \(error.description)")
                return .failure(.refused(error.description))
            }
            order.adopt(transition.state, at: now)
            try order.savePaymentChanges(from: stored, db)
            try audit("released despite \(order.holdReason ?? "a failed check"): \(trimmed)", effect: order.effect())
            return .success(())
        }
        try result.get()
    }

    /// Requests a refund of `amount` (default: everything still refundable). The same idempotency key with the
    /// same request is a replay, which returns the refund it made; with a different request it is an error
    /// naming what differs.
    @discardableResult
    public func requestRefund(orderId: String, amount: Money? = nil, reason: RefundReason, note: String? = nil,
                              idempotencyKey: String? = nil, actor: Actor) throws(StoreError) -> RefundRequestResult {
        try Self.checkOperatorKey(idempotencyKey)
        let now = clock()
        let key = idempotencyKey ?? UUID().uuidString.lowercased()
        let result = try write { db -> Result<RefundRequestResult, StoreError> in
            let order = try Self.fetchOrder(orderId, db)
            let currency = try order.currencyValue()
            let minorUnits = amount?.minorUnits ?? order.paymentState(refundsInFlight: order.refundsInFlight).refundable
            func audit(_ outcome: String, amount: Int64 = minorUnits, effect: AuditEffect? = nil) throws {
                try AuditLog.append(AuditEntry(at: now, actor: actor, action: "refund", orderId: orderId, amount: amount,
                                               currencyCode: currency.code, idempotencyKey: key, outcome: outcome, effect: effect), in: db)
            }
            if let prior = try Self.priorUse(of: key, db) {
                let differences = try prior.differences(fromRefundOf: order, amount: amount, reason: reason, note: note, db)
                guard differences.isEmpty, case .refund(let existing, _, _) = prior else {
                    try audit("refused: key already used")
                    return .failure(.idempotencyConflict(key, detail: prior.description + "; this request differs in " + differences.joined(separator: ", ")))
                }
                try audit("replay of \(existing.refundId); nothing new", amount: existing.amount)
                return .success(RefundRequestResult(refund: RefundView(existing, orderId: orderId, currency: currency), replayed: true))
            }
            func refuse(_ reason: String) throws -> Result<RefundRequestResult, StoreError> {
                try audit("refused: \(reason)")
                return .failure(.refused(reason))
            }
            if let amount, amount.currency != currency { return try refuse("the order is in \(currency.code), not \(amount.currency.code)") }
            do throws(PaymentRefusal) {
                _ = try PaymentLifecycle.apply(.requestRefund(amount: minorUnits), to: order.paymentState(refundsInFlight: order.refundsInFlight))
            } catch {
                return try refuse(error.description)
            }
            let refund = try Self.insertRefund(order: order, amount: minorUnits, reason: reason, note: note,
                                               requestedBy: actor.description, key: key, now: now, db)
            try audit("requested \(refund.refundId)", effect: order.effect([refund]))
            return .success(RefundRequestResult(refund: RefundView(refund, orderId: orderId, currency: currency), replayed: false))
        }
        return try result.get()
    }

    /// Withdraws a refund that was requested but not yet submitted to the processor.
    @discardableResult
    public func withdrawRefund(refundId: String, actor: Actor) throws(StoreError) -> RefundView {
        let now = clock()
        let result = try write { db -> Result<RefundView, StoreError> in
            guard var refund = try RefundRecord.filter(RefundRecord.Columns.refundId == refundId).fetchOne(db),
                  let order = try OrderRecord.fetchOne(db, key: refund.orderRef)
            else { return .failure(.unknownRefund(refundId)) }
            let currency = try order.currencyValue()
            func audit(_ outcome: String, effect: AuditEffect? = nil) throws {
                try AuditLog.append(AuditEntry(at: now, actor: actor, action: "withdraw_refund", orderId: order.orderId,
                                               amount: refund.amount, currencyCode: currency.code,
                                               idempotencyKey: refund.idempotencyKey, outcome: outcome, effect: effect), in: db)
            }
            guard refund.status.canMove(to: .withdrawn) else {
                let reason = "refund \(refundId) is \(refund.status.rawValue); only a pending refund can be withdrawn"
                try audit("refused: \(reason)")
                return .failure(.refused(reason))
            }
            let stored = refund
            refund.status = .withdrawn
            refund.updatedAt = now.millisecondsSinceEpoch
            try refund.updateChanges(db, from: stored)
            try audit("withdrawn \(refundId)", effect: order.effect([refund]))
            return .success(RefundView(refund, orderId: order.orderId, currency: currency))
        }
        return try result.get()
    }

    /// What an operator's idempotency key was used for before, if anything: the refund it made, if it made one.
    public func refundRequest(idempotencyKey: String) throws(StoreError) -> RefundView? {
        try read { db -> RefundView? in
            guard case .refund(let refund, let orderId, let currency) = try Self.priorUse(of: idempotencyKey, db) else { return nil }
            return RefundView(refund, orderId: orderId, currency: currency)
        }
    }
}

/// A request an idempotency key already stands for.
enum PriorRequest: CustomStringConvertible {
    case refund(RefundRecord, orderId: String, currency: Currency)
    case cancel(orderId: String)

    var description: String {
        switch self {
        case .refund(let refund, let orderId, let currency):
            "it was used for refund \(refund.refundId) of \(Money(minorUnits: refund.amount, currency: currency)) on \(orderId) "
                + "(\(refund.reason.rawValue)\(refund.note.map { ", note \(quoted($0))" } ?? ""))"
        case .cancel(let orderId): "it was used for a cancel of \(orderId)"
        }
    }

    /// What a refund request differs in from the one this key stands for; empty for a true replay.
    func differences(fromRefundOf order: OrderRecord, amount: Money?, reason: RefundReason, note: String?,
                     _ db: Database) throws -> [String] {
        guard case .refund(let refund, let orderId, let currency) = self else { return ["what it asks for (a refund, not a cancel)"] }
        var differences: [String] = []
        if orderId != order.orderId { differences.append("order (\(order.orderId))") }
        if let amount, amount.minorUnits != refund.amount || amount.currency != currency { differences.append("amount (\(amount))") }
        if reason != refund.reason { differences.append("reason (\(reason.rawValue))") }
        if note != refund.note { differences.append("note (\(note.map { quoted($0) } ?? "none"))") }
        return differences
    }
}

extension PayDeskStore {
    /// What `key` was used for: a refund (any origin), or a cancel. Both lookups use unique indexes.
    static func priorUse(of key: String, _ db: Database) throws -> PriorRequest? {
        if let refund = try RefundRecord.filter(RefundRecord.Columns.idempotencyKey == key).fetchOne(db),
           let order = try OrderRecord.fetchOne(db, key: refund.orderRef) {
            return .refund(refund, orderId: order.orderId, currency: try order.currencyValue())
        }
        if let orderId = try String.fetchOne(db, sql: "SELECT order_id FROM orders WHERE cancel_idempotency_key = ?", arguments: [key]) {
            return .cancel(orderId: orderId)
        }
        return nil
    }

    /// What the cancel recorded under `key` did, from its audit entry.
    static func cancelOutcome(recordedFor key: String, orderId: String, _ db: Database) throws -> CancelOutcome? {
        let outcomes = try String.fetchAll(db, sql: """
            SELECT outcome FROM audit_log WHERE order_id = ? AND action = 'cancel' AND idempotency_key = ? ORDER BY id
            """, arguments: [orderId, key])
        return outcomes.lazy.compactMap(CancelOutcome.init(rawValue:)).first
    }
}
