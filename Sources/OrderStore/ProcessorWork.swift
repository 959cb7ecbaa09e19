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
    /// Orders to submit, oldest first.
    public func ordersToCharge(limit: Int) throws(StoreError) -> [(orderId: String, total: Money)] {
        try orders(OrderQuery(status: .authorized, limit: limit, order: .oldestFirst)).map { ($0.orderId, $0.total) }
    }

    /// Charges submitted and not yet answered, oldest first.
    public func chargesInFlight(limit: Int) throws(StoreError) -> [ChargeInFlight] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT order_id, currency, total, processor_reference, updated_at, cancel_requested FROM orders
                WHERE status = 'charging' ORDER BY created_at, id LIMIT ?
                """, arguments: [limit])
        }
        return rows.compactMap { row in
            guard let currency = Currency(code: row["currency"]) else { return nil }
            return ChargeInFlight(orderId: row["order_id"], total: Money(minorUnits: row["total"], currency: currency),
                                  processorReference: row["processor_reference"],
                                  submittedAt: Timestamp(millisecondsSinceEpoch: row["updated_at"]), cancelRequested: row["cancel_requested"])
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
        return rows.compactMap { row in
            guard let currency = Currency(code: row["currency"]), let status = PaymentStatus(rawValue: row["status"]) else { return nil }
            return AcceptedCharge(orderId: row["order_id"], reference: row["processor_reference"],
                                  total: Money(minorUnits: row["total"], currency: currency), status: status,
                                  failureReason: (row["failure_reason"] as String?).flatMap(FailureReason.init(rawValue:)))
        }
    }

    /// The processor accepted submitted charges under these references: their results are still to come.
    /// One transaction; an order that moved on meanwhile is refused alone, in its place in the answer.
    @discardableResult
    public func recordChargesAccepted(_ accepted: [(orderId: String, reference: String)], actor: Actor) throws(StoreError) -> [StoreError?] {
        let now = clock()
        return try eachInSavepoint(accepted) { charge, db in
            var order = try Self.fetchOrder(charge.orderId, db)
            guard order.status == .charging, order.processorReference == nil || order.processorReference == charge.reference else {
                throw StoreError.refused("charge_accepted: order \(charge.orderId) is \(order.status.rawValue) with reference \(order.processorReference ?? "none")")
            }
            guard order.processorReference == nil else { return }
            order.processorReference = charge.reference
            try order.savePaymentState(db)
            try AuditLog.append(AuditEntry(at: now, actor: actor, action: "charge_accepted", orderId: charge.orderId, amount: order.total,
                                           currencyCode: order.currency, idempotencyKey: charge.reference, outcome: "awaiting the result"), in: db)
        }
    }

    /// Applies payment events in one transaction, each in a savepoint of its own: a refused event (an operator
    /// got there first) is undone alone and reported in its place. The lifecycle driver records a pass this way.
    @discardableResult
    public func apply(_ events: [IncomingEvent], actor: Actor) throws(StoreError) -> [StoreError?] {
        let now = clock()
        return try eachInSavepoint(events) { event, db in _ = try Self.apply(event, fingerprint: nil, actor: actor, now: now, db) }
    }

    /// One write transaction over `items`, each in a savepoint: refusals come back per item; anything else
    /// (a full disk, a lost lock) fails the whole transaction.
    private func eachInSavepoint<Item>(_ items: [Item], _ body: (Item, Database) throws -> Void) throws(StoreError) -> [StoreError?] {
        guard !items.isEmpty else { return [] }
        let path = self.path
        return try write { db in
            try items.map { item in
                var problem: StoreError?
                try db.inSavepoint {
                    do {
                        try body(item, db)
                        return .commit
                    } catch let error as StoreError {
                        problem = error
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                        problem = StoreError(error, path: path)
                    }
                    return .rollback
                }
                return problem
            }
        }
    }
}
