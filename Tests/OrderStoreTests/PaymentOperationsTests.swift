import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

@Suite struct PaymentOperationsTests {
    let cny = Currency(code: "CNY")!

    @Test func partialRefundsAddUpAndTheLastOneEndsRefunded() throws {
        // Given a paid order of 100.00 CNY
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        // When 30.00 is refunded and settled, then the remainder
        let first = try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 3000, currency: cny),
                                            reason: .requestedByCustomer, note: "one cup broken", actor: Fixture.actor).refund
        #expect(try store.order("ORD-1").refundable.minorUnits == 7000)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T10:00:00Z", ["refundId": first.refundId])], into: store)
        #expect(try store.order("ORD-1").summary.status == .partiallyRefunded)
        let rest = try store.requestRefund(orderId: "ORD-1", reason: .notDelivered, actor: Fixture.actor).refund
        #expect(rest.amount.minorUnits == 7000)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_submitted", at: "2026-11-21T10:01:00Z", ["refundId": rest.refundId]),
                            Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T10:02:00Z", ["refundId": rest.refundId])], into: store)
        // Then the order is refunded, nothing is refundable, and every step is in the audit log
        let detail = try store.order("ORD-1")
        #expect(detail.summary.status == .refunded)
        #expect(detail.refundable.minorUnits == 0)
        #expect(detail.refunds.map(\.status) == [.succeeded, .succeeded])
        #expect(detail.refunds[0].note == "one cup broken" && detail.refunds[0].requestedBy == "tester via 192.0.2.7 50022 (client-reported)")
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

    @Test func replayingAnIdempotencyKeyReturnsTheSameRefundAndSaysSo() throws {
        // Given a refund made with key k-1
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let amount = Money(minorUnits: 1000, currency: cny)
        let a = try store.requestRefund(orderId: "ORD-1", amount: amount, reason: .duplicate, idempotencyKey: "k-1", actor: Fixture.actor)
        // When the same request is retried, also without naming the amount, Then it is the same refund, replayed
        let b = try store.requestRefund(orderId: "ORD-1", amount: amount, reason: .duplicate, idempotencyKey: "k-1", actor: Fixture.actor)
        let c = try store.requestRefund(orderId: "ORD-1", reason: .duplicate, idempotencyKey: "k-1", actor: Fixture.actor)
        #expect(!a.replayed && b.replayed && c.replayed)
        #expect(a.refund == b.refund && b.refund == c.refund)
        #expect(try store.order("ORD-1").refunds.count == 1)
        // And the same key with another request is refused, naming each difference
        #expect(throws: StoreError.idempotencyConflict("k-1", detail: "it was used for refund \(a.refund.refundId) of 10.00 CNY on ORD-1 (duplicate); "
                                                         + "this request differs in amount (20.00 CNY), note (\"oops\")")) {
            try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 2000, currency: cny), reason: .duplicate, note: "oops",
                                    idempotencyKey: "k-1", actor: Fixture.actor)
        }
        // And a retry of a full refund after the refund settled is still a replay, not "nothing to refund"
        try Fixture.ingest([Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T10:00:00Z", ["refundId": a.refund.refundId])], into: store)
        let full = try store.requestRefund(orderId: "ORD-1", reason: .other, idempotencyKey: "k-full", actor: Fixture.actor)
        #expect(try store.order("ORD-1").refundable.minorUnits == 0)
        let again = try store.requestRefund(orderId: "ORD-1", reason: .other, idempotencyKey: "k-full", actor: Fixture.actor)
        #expect(again.replayed && again.refund.refundId == full.refund.refundId && again.refund.amount.minorUnits == 9000)
    }

    @Test func operatorKeysCannotEnterPayDesksNamespace() throws {
        // Given a paid order, and an operator who tries the keys PayDesk uses itself
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        for key in ["paydesk:reversal-refused:ORD-1", "reversal-refused:ORD-1", "cancel:ORD-1", "charge:ORD-1", "processor:re_1"] {
            // Then each is refused before anything is written
            #expect(throws: StoreError.self, "\(key)") {
                try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 100, currency: cny), reason: .other,
                                        idempotencyKey: key, actor: Fixture.actor)
            }
            #expect(throws: StoreError.self, "\(key)") { try store.requestCancel(orderId: "ORD-1", idempotencyKey: key, actor: Fixture.actor) }
        }
        #expect(try store.order("ORD-1").refunds.isEmpty)
        // And the bank's refusal of a reversal is always recordable, as a full refund under PayDesk's own key
        try store.requestCancel(orderId: "ORD-1", idempotencyKey: "ticket-9", actor: Fixture.actor)
        let (_, problems) = try Fixture.ingest([Fixture.event("ORD-1", "reversal_unsupported", at: "2026-11-21T09:40:00Z")], into: store)
        #expect(problems.isEmpty)
        #expect(try store.order("ORD-1").refunds.map(\.idempotencyKey) == ["paydesk:reversal-refused:ORD-1"])
    }

    @Test func aCancelRetriedWithItsKeyIsAReplayAndAKeyIsNeverReusedAcrossOrders() throws {
        // Given two authorized orders, and a cancel of the first under key t-1
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.order("ORD-2")], into: store)
        #expect(try store.requestCancel(orderId: "ORD-1", idempotencyKey: "t-1", actor: Fixture.actor) == CancelResult(outcome: .canceled, replayed: false))
        // When it is retried, Then it is a replay of what it did, not "not allowed while canceled"
        #expect(try store.requestCancel(orderId: "ORD-1", idempotencyKey: "t-1", actor: Fixture.actor) == CancelResult(outcome: .canceled, replayed: true))
        // And the key cannot cancel another order, or ask for a refund: one line names what it was used for
        #expect(throws: StoreError.idempotencyConflict("t-1", detail: "it was used for a cancel of ORD-1")) {
            try store.requestCancel(orderId: "ORD-2", idempotencyKey: "t-1", actor: Fixture.actor)
        }
        #expect(try store.order("ORD-2").summary.status == .authorized)
        // And a cancel without a key, repeated, is a replay too
        #expect(try store.requestCancel(orderId: "ORD-2", actor: Fixture.actor).replayed == false)
        #expect(try store.requestCancel(orderId: "ORD-2", actor: Fixture.actor).replayed == true)
    }

    @Test func aPendingRefundCanBeWithdrawnOnce() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let refund = try store.requestRefund(orderId: "ORD-1", reason: .other, actor: Fixture.actor).refund
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
        #expect(try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor).outcome == .canceled)
        #expect(try store.order("ORD-1").summary.status == .canceled)
        let (_, problems) = try Fixture.ingest([Fixture.event("ORD-1", "charge_submitted")], into: store)
        #expect(problems == ["line 1: event: charge_submitted: not allowed while the order is canceled"])
    }

    @Test func cancelDuringAChargeThatFailsEndsCanceled() throws {
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.event("ORD-1", "charge_submitted")], into: store)
        #expect(try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor).outcome == .cancelRequestedWhileCharging)
        try Fixture.ingest([Fixture.event("ORD-1", "charge_failed", at: "2026-11-21T09:32:00Z", ["reason": "declined"])], into: store)
        #expect(try store.order("ORD-1").summary.status == .canceled)
    }

    @Test func refusedReversalBecomesAnAutomaticFullRefund() throws {
        // Given a paid order whose operator cancels it
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        #expect(try store.requestCancel(orderId: "ORD-1", expecting: .paid, actor: Fixture.actor).outcome == .reversalRequested)
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

    @Test(arguments: [nil, "console-key-2"] as [String?])
    func aCancelThatCameToNothingCanBeAskedForAgain(secondKey: String?) throws {
        // Given a paid order cancelled without a key, whose bank refused the reversal, and whose refund after that failed
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        #expect(try store.requestCancel(orderId: "ORD-1", expecting: .paid, actor: Fixture.actor) == CancelResult(outcome: .reversalRequested, replayed: false))
        #expect(try store.outbox().map(\.idempotencyKey) == ["paydesk:cancel:ORD-1"])
        try Fixture.ingest([Fixture.event("ORD-1", "reversal_unsupported", at: "2026-11-21T09:40:00Z")], into: store)
        let first = try #require(try store.order("ORD-1").refunds.first)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_failed", at: "2026-11-21T09:45:00Z", ["refundId": first.refundId])], into: store)
        #expect(try store.order("ORD-1").summary.status == .paid && store.outbox().isEmpty)
        // When the operator cancels it again (on the command line without a key, or from the console with a new one)
        let again = try store.requestCancel(orderId: "ORD-1", expecting: .paid, idempotencyKey: secondKey, actor: Fixture.actor)
        // Then a reversal is requested anew, under a key the processor has not seen, not "already done (replayed)"
        #expect(again == CancelResult(outcome: .reversalRequested, replayed: false))
        let secondCancelKey = secondKey ?? "paydesk:cancel:ORD-1#2"
        #expect(try store.outbox().map(\.idempotencyKey) == [secondCancelKey])
        // And that cancel, retried, is a replay of it
        #expect(try store.requestCancel(orderId: "ORD-1", expecting: .paid, idempotencyKey: secondKey, actor: Fixture.actor)
            == CancelResult(outcome: .reversalRequested, replayed: true))
        // And when the bank refuses again, a second full refund is requested under a key of its own, and settles the order
        let (_, problems) = try Fixture.ingest([Fixture.event("ORD-1", "reversal_unsupported", at: "2026-11-21T09:50:00Z")], into: store)
        #expect(problems.isEmpty, "\(problems)")
        let second = try #require(try store.order("ORD-1").refunds.first { $0.status == .pending })
        #expect(second.idempotencyKey == "paydesk:reversal-refused:ORD-1#2" && second.amount.minorUnits == 10000)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_succeeded", at: "2026-11-21T09:55:00Z", ["refundId": second.refundId])], into: store)
        #expect(try store.order("ORD-1").summary.status == .refunded)
        #expect(try store.verifyAudit().isIntact)
    }

    @Test func aCancelThatCameToNothingIsNoLongerReplayedWhenTheOrderMovedOn() throws {
        // Given a paid order whose keyless cancel came to nothing, and a refund of part of it requested since
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        try store.requestCancel(orderId: "ORD-1", expecting: .paid, actor: Fixture.actor)
        try Fixture.ingest([Fixture.event("ORD-1", "reversal_unsupported", at: "2026-11-21T09:40:00Z")], into: store)
        let automatic = try #require(try store.order("ORD-1").refunds.first)
        try Fixture.ingest([Fixture.event("ORD-1", "refund_failed", at: "2026-11-21T09:45:00Z", ["refundId": automatic.refundId])], into: store)
        try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 10_00, currency: Currency(code: "CNY")!), reason: .other, actor: Fixture.actor)
        // When the operator cancels it without a key, Then the answer is why it cannot be, not "already done (replayed)"
        #expect(throws: StoreError.refused("a refund is in progress; wait for it, or refund the remainder instead")) {
            try store.requestCancel(orderId: "ORD-1", expecting: .paid, actor: Fixture.actor)
        }
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
