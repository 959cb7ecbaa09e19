import GRDB
import OrderModel

/// A charge the processor integration is responsible for: submitted (charging), its answer not yet recorded.
public struct ChargeInFlight: Sendable, Equatable {
    public var orderId: String
    public var total: Money
    /// Nil between recording the submission and recording the processor's acceptance: after a crash in that
    /// window the processor is asked about the charge's idempotency key before anything is sent again.
    public var processorReference: String?
    public var submittedAt: Timestamp
    public var cancelRequested: Bool
    /// When the charge is next asked about; nil until it is first polled.
    public var pollSchedule: PollSchedule?
}

/// When an unanswered charge is next asked about, and how long the wait after that will be (milliseconds).
public struct PollSchedule: Sendable, Equatable {
    public var due: Timestamp
    public var interval: Int64

    public init(due: Timestamp, interval: Int64) {
        self.due = due
        self.interval = interval
    }
}

/// What the processor integration still owes: how many charges await their result, orders await submission,
/// refunds await settling and cancels await their reversal, and the first few orders concerned, oldest first.
public struct WorkInFlight: Sendable, Equatable {
    public var charging: Int
    public var toSubmit: Int
    public var refunds: Int
    public var reversals: Int
    public var firstOrderIds: [String]

    public var isEmpty: Bool { charging + toSubmit + refunds + reversals == 0 }
}

/// The processor's acceptance of a submitted charge: the reference its result comes under, and the result itself
/// when the processor gave it at once.
public struct ChargeAcceptance: Sendable, Equatable {
    public var orderId: String
    public var reference: String
    /// The result as a payment event (charge_succeeded or charge_failed), when already known.
    public var answer: IncomingEvent?

    public init(orderId: String, reference: String, answer: IncomingEvent? = nil) {
        self.orderId = orderId
        self.reference = reference
        self.answer = answer
    }
}

/// A charge a processor accepted, as the store records it.
public struct AcceptedCharge: Sendable, Equatable {
    public var orderId: String
    public var reference: String
    public var total: Money
    public var status: PaymentStatus
    public var failureReason: FailureReason?
}

extension PayDeskStore {
    /// Orders to submit, oldest first: their ids and totals alone (a list's row reads its refunds and token too).
    public func ordersToCharge(limit: Int) throws(StoreError) -> [(orderId: String, total: Money)] {
        let rows = try read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT order_id, currency, total FROM orders WHERE status = 'authorized' ORDER BY created_at, id LIMIT ?
                """), arguments: [limit])
        }
        return try rows.map { (row: Row) throws(StoreError) in
            (try row.checked("order_id", in: row.orderName),
             Money(minorUnits: try row.checked("total", in: row.orderName), currency: try Self.currency(of: row)))
        }
    }

    /// Charges submitted and not yet answered, oldest first.
    public func chargesInFlight(limit: Int) throws(StoreError) -> [ChargeInFlight] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT order_id, currency, total, processor_reference, updated_at, cancel_requested, next_poll_at, poll_interval
                FROM orders LEFT JOIN charge_polls ON charge_polls.order_ref = orders.id
                WHERE status = 'charging' ORDER BY created_at, id LIMIT ?
                """, arguments: [limit])
        }
        return try rows.map { (row: Row) throws(StoreError) in
            let currency = try Self.currency(of: row)
            var schedule: PollSchedule?
            if let due = try row.checked("next_poll_at", in: row.orderName, as: Int64?.self) {
                schedule = PollSchedule(due: Timestamp(millisecondsSinceEpoch: due), interval: try row.checked("poll_interval", in: row.orderName))
            }
            return ChargeInFlight(orderId: try row.checked("order_id", in: row.orderName),
                                  total: Money(minorUnits: try row.checked("total", in: row.orderName), currency: currency),
                                  processorReference: try row.checked("processor_reference", in: row.orderName),
                                  submittedAt: Timestamp(millisecondsSinceEpoch: try row.checked("updated_at", in: row.orderName)),
                                  cancelRequested: try row.checked("cancel_requested", in: row.orderName), pollSchedule: schedule)
        }
    }

    /// What a pass over the charges learnt, in one transaction: when each charge still unanswered is asked next,
    /// and the answers (one refused, because an operator got there first, is undone alone and reported in its
    /// place). A schedule for an order that is no longer charging is dropped.
    @discardableResult
    public func recordChargeAnswers(_ answers: [IncomingEvent], nextPolls: [(orderId: String, schedule: PollSchedule)],
                                    actor: Actor) throws(StoreError) -> [StoreError?] {
        guard !answers.isEmpty || !nextPolls.isEmpty else { return [] }
        let now = clock()
        return try writeEach(answers, after: { db in
            for (orderId, schedule) in nextPolls {
                try db.cachedStatement(sql: """
                    INSERT INTO charge_polls (order_ref, next_poll_at, poll_interval)
                    SELECT id, ?, ? FROM orders WHERE order_id = ? AND status = 'charging'
                    ON CONFLICT (order_ref) DO UPDATE SET next_poll_at = excluded.next_poll_at, poll_interval = excluded.poll_interval
                    """).execute(arguments: [schedule.due.millisecondsSinceEpoch, schedule.interval, orderId])
            }
        }) { event, chain, db in
            _ = try Self.apply(event, fingerprint: nil, actor: actor, now: now, chain: &chain, db)
        }
    }

    /// What is still owed to or by the processor, for a report when the driver has to give up waiting.
    public func workInFlight(naming limit: Int) throws(StoreError) -> WorkInFlight {
        try read { db in
            let counts = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM orders WHERE status = 'charging') AS charging,
                       (SELECT count(*) FROM orders WHERE status = 'authorized') AS to_submit,
                       (SELECT count(*) FROM refunds WHERE status IN ('pending', 'submitted')) AS refunds,
                       (SELECT count(*) FROM orders WHERE cancel_requested = 1) AS reversals
                """)
            let orderIds = try String.fetchAll(db, sql: """
                SELECT order_id FROM orders
                WHERE status IN ('charging', 'authorized') OR cancel_requested = 1
                   OR id IN (SELECT order_ref FROM refunds WHERE status IN ('pending', 'submitted'))
                ORDER BY created_at, id LIMIT ?
                """, arguments: [limit])
            return WorkInFlight(charging: counts?["charging"] ?? 0, toSubmit: counts?["to_submit"] ?? 0, refunds: counts?["refunds"] ?? 0,
                                reversals: counts?["reversals"] ?? 0, firstOrderIds: orderIds)
        }
    }

    /// Every charge the processor accepted, with its order's status now and why it failed, if it did.
    public func acceptedCharges() throws(StoreError) -> [AcceptedCharge] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT order_id, processor_reference, currency, total, status, failure_reason FROM orders
                WHERE processor_reference IS NOT NULL
                """)
        }
        return try rows.map { (row: Row) throws(StoreError) in
            let currency = try Self.currency(of: row)
            guard let status = PaymentStatus(rawValue: try row.checked("status", in: row.orderName, as: String.self)) else {
                throw .database("\(row.orderName): unknown status \(row.shown("status"))")
            }
            return AcceptedCharge(orderId: try row.checked("order_id", in: row.orderName),
                                  reference: try row.checked("processor_reference", in: row.orderName),
                                  total: Money(minorUnits: try row.checked("total", in: row.orderName), currency: currency), status: status,
                                  failureReason: try row.checked("failure_reason", in: row.orderName, as: String?.self)
                                      .flatMap(FailureReason.init(rawValue:)))
        }
    }

    /// The processor accepted submitted charges under these references: their results are still to come, but for
    /// those it answered at once, each recorded with its acceptance, the order read and written once (an answer
    /// refused takes its acceptance with it: the next pass asks about the charge by its key). One transaction;
    /// an order that moved on meanwhile is refused alone, in its place in the answer.
    @discardableResult
    public func recordChargesAccepted(_ accepted: [ChargeAcceptance], actor: Actor) throws(StoreError) -> [StoreError?] {
        guard !accepted.isEmpty else { return [] }
        let now = clock()
        return try writeEach(accepted) { charge, chain, db in
            let stored = try Self.fetchOrder(charge.orderId, db)
            guard stored.status == .charging, stored.processorReference == nil || stored.processorReference == charge.reference else {
                let reference = stored.processorReference.map { quoted($0) } ?? "none"
                throw StoreError.refused("charge_accepted: order \(charge.orderId) is \(stored.status.rawValue) with reference \(reference)")
            }
            var order = stored
            if stored.processorReference == nil {
                order.processorReference = charge.reference
                try chain.append(AuditEntry(at: now, actor: actor, action: "charge_accepted", orderId: charge.orderId, amount: order.total,
                                            currencyCode: order.currency, idempotencyKey: charge.reference, outcome: "awaiting the result"), db)
            }
            if let answer = charge.answer {
                try Self.apply(answer, to: order, stored: stored, fingerprint: nil, actor: actor, now: now, chain: &chain, db)
            } else {
                try order.savePaymentChanges(from: stored, db)
            }
        }
    }

    /// Applies payment events in one transaction: a refused event (an operator got there first) is undone alone
    /// and reported in its place. The lifecycle driver records a pass this way.
    @discardableResult
    public func apply(_ events: [IncomingEvent], actor: Actor) throws(StoreError) -> [StoreError?] {
        guard !events.isEmpty else { return [] }
        let now = clock()
        return try writeEach(events) { event, chain, db in
            _ = try Self.apply(event, fingerprint: nil, actor: actor, now: now, chain: &chain, db)
        }
    }
}
