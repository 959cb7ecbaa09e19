import Foundation
import GRDB
import OrderModel
import Testing
@testable import OrderStore
import TestSupport

/// What the lifecycle driver keeps in the store besides payments: its polling schedule, and what is in flight.
@Suite struct ProcessorWorkTests {
    let processor = Actor(login: "processor")

    func scheduleRows(_ store: PayDeskStore) throws -> Int {
        try store.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM charge_polls") ?? -1 }
    }

    @Test func aPollScheduleIsKeptWithItsChargeAndEndsWithIt() throws {
        // Given an order charging, and a pass that polled it and learnt nothing yet
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.event("ORD-1", "charge_submitted", ["processorReference": "ch_1"])], into: store)
        let schedule = PollSchedule(due: Timestamp(millisecondsSinceEpoch: 1_795_253_406_000), interval: 2_000)
        #expect(try store.recordChargeAnswers([], nextPolls: [("ORD-1", schedule)], actor: processor) == [])
        // Then the charge in flight carries its schedule
        #expect(try store.chargesInFlight(limit: 10).map(\.pollSchedule) == [schedule])
        // When its result arrives as a payment event from an external integration, not through the driver
        try Fixture.ingest([Fixture.event("ORD-1", "charge_succeeded", at: "2026-11-21T09:31:02Z")], into: store)
        // Then the schedule went with the charge, in the same transaction
        #expect(try scheduleRows(store) == 0)
        // And a schedule for an order that is no longer charging is not kept
        try store.recordChargeAnswers([], nextPolls: [("ORD-1", schedule)], actor: processor)
        #expect(try scheduleRows(store) == 0)
    }

    @Test func answersAndSchedulesAreOneTransactionWithRefusalsAlone() throws {
        // Given two charges in flight, one of which an operator canceled meanwhile
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.order("ORD-2"),
                            Fixture.event("ORD-1", "charge_submitted", ["processorReference": "ch_1"]),
                            Fixture.event("ORD-2", "charge_submitted", ["processorReference": "ch_2"])], into: store)
        let now = Timestamp(millisecondsSinceEpoch: 1_795_253_410_000)
        // When a pass records a result for ORD-1 that does not apply (a reason outside the list) and a schedule for ORD-2
        let answers = [IncomingEvent(orderId: "ORD-1", kind: .chargeFailed, at: now, processorReference: "ch_1", reason: "made up")]
        let problems = try store.recordChargeAnswers(answers, nextPolls: [("ORD-2", PollSchedule(due: now, interval: 4_000))], actor: processor)
        // Then the refusal comes back in its place and the schedule is kept
        #expect(problems.count == 1 && problems[0] != nil)
        #expect(try store.chargesInFlight(limit: 10).map(\.pollSchedule) == [nil, PollSchedule(due: now, interval: 4_000)])
    }

    @Test func aBatchWithOneAnswerRefusedRecordsEveryOtherWithItsOwnAuditEntry() throws {
        // Given five charges in flight, one of which an external integration has already answered as declined
        let store = try Fixture.store()
        let ids = (1...5).map { "ORD-\($0)" }
        try Fixture.ingest(ids.map { Fixture.order($0) } + ids.map { Fixture.event($0, "charge_submitted", ["processorReference": "ch_\($0)"]) }
                           + [Fixture.event("ORD-3", "charge_failed", ["reason": "declined"])], into: store)
        let now = Timestamp(millisecondsSinceEpoch: 1_795_253_410_000)
        // When a pass records all five as succeeded, and a schedule for a sixth charge still in flight
        try Fixture.ingest([Fixture.order("ORD-6"), Fixture.event("ORD-6", "charge_submitted", ["processorReference": "ch_ORD-6"])], into: store)
        let answers = ids.map { IncomingEvent(orderId: $0, kind: .chargeSucceeded, at: now, processorReference: "ch_\($0)") }
        let problems = try store.recordChargeAnswers(answers, nextPolls: [("ORD-6", PollSchedule(due: now, interval: 4_000))], actor: processor)
        // Then only the third is refused, in its place; the others are paid, and the schedule is kept
        #expect(problems.map { $0 != nil } == [false, false, true, false, false])
        #expect(try ids.map { try store.order($0).summary.status } == [.paid, .paid, .failed, .paid, .paid])
        #expect(try store.chargesInFlight(limit: 10).map(\.pollSchedule) == [PollSchedule(due: now, interval: 4_000)])
        // And each paid order has its own entry, the refused one none, and the log chains and agrees with the store
        for id in ids {
            let actions = try store.auditEntries(orderId: id).map(\.action)
            #expect(actions.first == (id == "ORD-3" ? "charge_failed" : "charge_succeeded"), "\(id): \(actions)")
        }
        #expect(try store.verifyAudit().isIntact)
    }

    @Test func workInFlightCountsEachKindAndNamesTheOldestOrders() throws {
        // Given an order to submit, one charging with a cancel, and a paid one with a refund pending
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1", createdAt: "2026-11-21T00:00:00Z"), Fixture.order("ORD-2", createdAt: "2026-11-21T00:10:00Z"),
                            Fixture.event("ORD-2", "charge_submitted", ["processorReference": "ch_2"])], into: store)
        try Fixture.paidOrder("ORD-3", in: store)
        try store.requestCancel(orderId: "ORD-2", actor: Fixture.actor)
        try store.requestRefund(orderId: "ORD-3", reason: .duplicate, actor: Fixture.actor)
        // Then each kind is counted, and the orders are named oldest first, as many as asked
        let work = try store.workInFlight(naming: 2)
        #expect(work == WorkInFlight(charging: 1, toSubmit: 1, refunds: 1, reversals: 1, firstOrderIds: ["ORD-1", "ORD-2"]))
        #expect(!work.isEmpty)
    }
}
