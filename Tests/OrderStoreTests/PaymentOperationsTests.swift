import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore

@Suite struct PaymentOperationsTests {
    let cny = Currency(code: "CNY")!

    @Test func partialRefundsAddUpAndTheLastOneEndsRefunded() throws {
        // Given a paid order of 100.00 CNY
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        // When 30.00 is refunded and settled, then the remainder
        let first = try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 3000, currency: cny),
                                            reason: .requestedByCustomer, note: "one cup broken", actor: Fixture.actor)
        #expect(try store.order("ORD-1").refundable.minorUnits == 7000)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T10:00:00Z", ["refundId": first.refundId])], into: store)
        #expect(try store.order("ORD-1").summary.status == .partiallyRefunded)
        let rest = try store.requestRefund(orderId: "ORD-1", reason: .notDelivered, actor: Fixture.actor)
        #expect(rest.amount.minorUnits == 7000)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_submitted", at: "2026-11-21T10:01:00Z", ["refundId": rest.refundId]),
                            Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T10:02:00Z", ["refundId": rest.refundId])], into: store)
        // Then the order is refunded, nothing is refundable, and every step is in the audit log
        let detail = try store.order("ORD-1")
        #expect(detail.summary.status == .refunded)
        #expect(detail.refundable.minorUnits == 0)
        #expect(detail.refunds.map(\.status) == [.succeeded, .succeeded])
        #expect(detail.refunds[0].note == "one cup broken" && detail.refunds[0].requestedBy == "tester via 192.0.2.7 50022")
        #expect(detail.audit.map(\.action).reversed() == ["order_ingested", "charge_submitted", "charge_succeeded", "refund",
                                                          "refund_succeeded", "refund", "refund_submitted", "refund_succeeded"])
    }

    @Test func overRefundIsRefusedAndAudited() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        #expect(throws: StoreError.refused("the refund exceeds what may still be refunded")) {
            try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 10001, currency: cny), reason: .other, actor: Fixture.actor)
        }
        #expect(try store.order("ORD-1").audit.first?.outcome == "refused: the refund exceeds what may still be refunded")
        #expect(throws: StoreError.refused("the order is in CNY, not USD")) {
            try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 1, currency: Currency(code: "USD")!), reason: .other, actor: Fixture.actor)
        }
    }

    @Test func replayingAnIdempotencyKeyReturnsTheSameRefund() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let amount = Money(minorUnits: 1000, currency: cny)
        let a = try store.requestRefund(orderId: "ORD-1", amount: amount, reason: .duplicate, idempotencyKey: "k-1", actor: Fixture.actor)
        let b = try store.requestRefund(orderId: "ORD-1", amount: amount, reason: .duplicate, idempotencyKey: "k-1", actor: Fixture.actor)
        #expect(a == b)
        #expect(try store.order("ORD-1").refunds.count == 1)
        #expect(throws: StoreError.idempotencyConflict("k-1")) {
            try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 2000, currency: cny), reason: .duplicate,
                                    idempotencyKey: "k-1", actor: Fixture.actor)
        }
    }

    @Test func aPendingRefundCanBeWithdrawnOnce() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let refund = try store.requestRefund(orderId: "ORD-1", reason: .other, actor: Fixture.actor)
        #expect(try store.withdrawRefund(refundId: refund.refundId, actor: Fixture.actor).status == .withdrawn)
        #expect(try store.order("ORD-1").refundable.minorUnits == 10000)
        #expect(throws: StoreError.refused("refund \(refund.refundId) is withdrawn; only a pending refund can be withdrawn")) {
            try store.withdrawRefund(refundId: refund.refundId, actor: Fixture.actor)
        }
        #expect(throws: StoreError.unknownRefund("re_nope")) { try store.withdrawRefund(refundId: "re_nope", actor: Fixture.actor) }
    }

    @Test func cancelBeforeSubmissionNeverCharges() throws {
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1")], into: store)
        #expect(try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor) == .canceled)
        #expect(try store.order("ORD-1").summary.status == .canceled)
        let (_, problems) = try Fixture.ingest([Fixture.event("ORD-1", "charge_submitted")], into: store)
        #expect(problems == ["line 1: event: charge_submitted: not allowed while the order is canceled"])
    }

    @Test func cancelDuringAChargeThatFailsEndsCanceled() throws {
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.event("ORD-1", "charge_submitted")], into: store)
        #expect(try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor) == .cancelRequestedWhileCharging)
        try Fixture.ingest([Fixture.event("ORD-1", "charge_failed", at: "2026-11-21T09:32:00Z", ["reason": "declined"])], into: store)
        #expect(try store.order("ORD-1").summary.status == .canceled)
    }

    @Test func refusedReversalBecomesAnAutomaticFullRefund() throws {
        // Given a paid order whose operator cancels it
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        #expect(try store.requestCancel(orderId: "ORD-1", expecting: .paid, actor: Fixture.actor) == .reversalRequested)
        #expect(try store.outbox().map(\.kind) == [.reverse])
        // When the bank refuses the reversal
        try Fixture.ingest([Fixture.event("ORD-1", "reversal_unsupported", at: "2026-11-21T09:40:00Z")], into: store)
        // Then a full refund is pending, and settling it ends the order refunded
        let refund = try #require(try store.order("ORD-1").refunds.first)
        #expect(refund.amount.minorUnits == 10000 && refund.status == .pending && refund.requestedBy == "paydesk")
        #expect(try store.outbox().map(\.kind) == [.refund])
        try Fixture.ingest([Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T09:45:00Z", ["refundId": refund.refundId])], into: store)
        #expect(try store.order("ORD-1").summary.status == .refunded)
        #expect(try store.outbox().isEmpty)
    }

    @Test func reversalEndsReversed() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor)
        try Fixture.ingest([Fixture.event("ORD-1", "reversal_succeeded", at: "2026-11-21T09:40:00Z")], into: store)
        #expect(try store.order("ORD-1").summary.status == .reversed)
    }

    @Test func aCancelConfirmedAgainstAnOldStatusDoesNothing() throws {
        // Given an operator who saw the order charging, but it has since been paid
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        // When the cancel runs, Then nothing happens and the refusal is audited
        #expect(throws: StoreError.refused("the order is now paid, not charging; nothing was done")) {
            try store.requestCancel(orderId: "ORD-1", expecting: .charging, actor: Fixture.actor)
        }
        #expect(try store.order("ORD-1").payment.cancelRequested == false)
        #expect(try store.order("ORD-1").audit.first?.outcome.hasPrefix("refused") == true)
    }

    @Test func externalRefundsAreRecordedWithinTheSameLimits() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let (_, problems) = try Fixture.ingest([
            Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T11:00:00Z", ["refundId": "re_dash_1", "amount": "40.00"]),
            Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T11:01:00Z", ["refundId": "re_dash_2", "amount": "60.01"]),
        ], into: store)
        #expect(problems == ["line 2: event: refund_succeeded: the refund exceeds what may still be refunded"])
        let detail = try store.order("ORD-1")
        #expect(detail.summary.status == .partiallyRefunded && detail.refundable.minorUnits == 6000)
    }
}
