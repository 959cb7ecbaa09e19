import Foundation
import GRDB
import OrderModel
import Testing
@testable import OrderStore
import TestSupport

/// A payment write names only the columns it changes: SQLite updates the indexes, runs the triggers and checks
/// the constraints of every column an UPDATE names, whether its value changed or not.
@Suite struct OrderPaymentChangesTests {
    let processor = Actor(login: "processor")

    /// The UPDATEs of orders the store runs from now on, as SQL with its parameters unexpanded.
    final class OrderUpdates: @unchecked Sendable {
        private let lock = NSLock()
        // Guarded by `lock`.
        private var statements: [String] = []

        init(_ store: PayDeskStore) {
            store.database.writeWithoutTransaction { db in
                db.trace { event in
                    guard case .statement(let statement) = event, statement.sql.hasPrefix("UPDATE orders ") else { return }
                    self.lock.withLock { self.statements.append(statement.sql) }
                }
            }
        }

        var all: [String] { lock.withLock { statements } }
    }

    /// A clock a second further on each time it is read.
    final class SteppingClock: @unchecked Sendable {
        private let lock = NSLock()
        // Guarded by `lock`.
        private var next = Fixture.now()

        func now() -> Timestamp {
            lock.withLock {
                defer { next = next.adding(milliseconds: 1_000) }
                return next
            }
        }
    }

    @Test func anAcceptanceWritesItsReferenceAloneAndAnAnswerWhatItChanged() throws {
        // Given an order submitted, on a clock that moves on, and the store's UPDATEs of orders from then on
        let clock = SteppingClock()
        let store = try Fixture.store(clock: { clock.now() })
        try Fixture.ingest([Fixture.order("ORD-1")], into: store)
        try store.apply([IncomingEvent(orderId: "ORD-1", kind: .chargeSubmitted, at: Fixture.now())], actor: processor)
        let updates = OrderUpdates(store)
        // When the processor's acceptance and then its answer are recorded
        #expect(try store.recordChargesAccepted([ChargeAcceptance(orderId: "ORD-1", reference: "ch_1")], actor: processor) == [nil])
        let succeeded = IncomingEvent(orderId: "ORD-1", kind: .chargeSucceeded, at: Fixture.now(), processorReference: "ch_1")
        #expect(try store.apply([succeeded], actor: processor) == [nil])
        // Then each names only what it changed (the acceptance keeps the time the charge was submitted)
        #expect(updates.all == ["UPDATE orders SET processor_reference = ? WHERE id = ?",
                                "UPDATE orders SET status = ?, paid = ?, updated_at = ? WHERE id = ?"])
        // And the order is as the log says it is
        let order = try store.order("ORD-1")
        #expect(order.summary.status == .paid && order.payment.paid == order.summary.total.minorUnits && order.processorReference == "ch_1")
        #expect(try store.verifyAudit().isIntact)
    }

    @Test func anOperatorsCancelWritesOnlyWhatItChanged() throws {
        // Given an authorized order and a paid one, on a clock that moves on, and the store's UPDATEs of orders from then on
        let clock = SteppingClock()
        let store = try Fixture.store(clock: { clock.now() })
        try Fixture.ingest([Fixture.order("ORD-1")], into: store)
        try Fixture.paidOrder("ORD-2", in: store)
        let updates = OrderUpdates(store)
        // When an operator cancels both
        try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor)
        try store.requestCancel(orderId: "ORD-2", actor: Fixture.actor)
        // Then the first is canceled outright and the second has a reversal requested, each naming only its changes
        #expect(updates.all == [
            "UPDATE orders SET status = ?, cancel_idempotency_key = ?, updated_at = ? WHERE id = ?",
            "UPDATE orders SET cancel_requested = ?, cancel_requested_at = ?, cancel_requested_by = ?, cancel_idempotency_key = ?, updated_at = ? WHERE id = ?",
        ])
        #expect(try store.order("ORD-1").summary.status == .canceled)
        #expect(try store.order("ORD-2").payment.cancelRequested)
        #expect(try store.verifyAudit().isIntact)
    }
}

extension OrderPaymentChangesTests {
    @Test func aRefusalQuotesTheRefundIdItNames() throws {
        // Given a paid order with a refund made at the processor, its id holding a line break (as a store written
        // before ingest refused such ids may hold)
        let store = try Fixture.store()
        try Fixture.paidOrder("ORD-1", in: store)
        let refund = IncomingEvent(orderId: "ORD-1", kind: .refundSucceeded, at: Fixture.now(), refundId: "r1\nline 99: forged", amount: 1_00)
        #expect(try store.apply([refund], actor: processor) == [nil])
        // When the same refund is reported again
        let again = try store.apply([refund], actor: processor)
        // Then the refusal shows the id escaped, on one line
        #expect(again.map { $0?.description } == [#"refund_succeeded: refund "r1\u{A}line 99: forged" is already succeeded"#], "\(again)")
    }
}
