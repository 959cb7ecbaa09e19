import Foundation
import OrderModel
import OrderStore
import PayDeskSandbox
import Testing
@testable import PaymentProcessing

/// A pass's charges go to the processor as one batch, recorded before and after in one transaction each, and
/// every safety property holds per charge: its own key, its own audit entries, never sent twice.
@Suite struct ChargeBatchTests {
    @Test func aPassSendsItsChargesAsOneBatch() async throws {
        // Given thirty authorized orders and a processor that counts its batches
        let scenario = try Scenario(orders: 30)
        let counting = BatchCounting(wrapping: scenario.sandbox)
        // When the driver drains
        try await LifecycleDriver(store: scenario.store, processor: counting, clock: scenario.clock).run(untilIdle: true)
        // Then the thirty charges went in one batch, each under its own key, and each order has its own story
        #expect(counting.batches == [30])
        #expect(Set(try scenario.sandbox.requestCounts().keys) == Set(scenario.orderIds.map(LifecycleDriver.chargeKey)))
        #expect(try scenario.everythingSentOnce())
        for index in 0..<30 {
            #expect(try scenario.auditActions(index) == ["order_ingested", "charge_submitted", "charge_accepted", "charge_succeeded"])
        }
    }

    @Test func theSandboxAnswersABatchAsItAnswersEachCharge() async throws {
        // Given two sandboxes with the same seed, one sent a batch and one sent the same charges one by one
        let batched = try Scenario(rates: Scenario.rates { $0.decline = 50; $0.late = 30 }, orders: 20)
        let clock = batched.clock
        let single = try SandboxProcessor(path: batched.folder + "/single.sqlite", seed: 3, rates: Scenario.rates { $0.decline = 50; $0.late = 30 },
                                          clock: { clock.now() })
        let cny = try #require(Currency(code: "CNY"))
        let charges = (0..<20).map { ChargeRequest(orderId: "B-\($0)", amount: Money(minorUnits: 100 + Int64($0), currency: cny), idempotencyKey: "charge:B-\($0)") }
        let answers = await batched.sandbox.submitCharges(charges)
        var one: [String] = []
        for charge in charges { one.append(try await single.submitCharge(orderId: charge.orderId, amount: charge.amount, idempotencyKey: charge.idempotencyKey)) }
        // Then each charge got the same reference and the same result either way
        let references = try answers.map { try $0.get() }
        #expect(references == one)
        batched.clock.advance(milliseconds: 60_000)
        for reference in references {
            #expect(try await batched.sandbox.chargeResult(reference: reference) == single.chargeResult(reference: reference))
        }
        // And a batch sent again is a replay of each charge: the same references, each request counted
        #expect(try await batched.sandbox.submitCharges(charges).map { try $0.get() } == references)
        #expect(try batched.sandbox.requestCounts().values.allSatisfy { $0 == 2 })
    }

    @Test func aKillBetweenRecordingABatchAndSendingItSendsEachChargeOnce() async throws {
        // Given a driver killed after recording a batch of twelve charges: seven had reached the processor, five had not
        let scenario = try Scenario(orders: 12)
        let ids = scenario.orderIds
        try scenario.store.apply(ids.map { IncomingEvent(orderId: $0, kind: .chargeSubmitted, at: scenario.clock.now()) }, actor: Actor(login: "processor"))
        for id in ids.prefix(7) {
            let total = try scenario.store.order(id).summary.total
            _ = try await scenario.sandbox.submitCharge(orderId: id, amount: total, idempotencyKey: LifecycleDriver.chargeKey(id))
        }
        // When a new driver runs
        try await scenario.drain()
        // Then every charge was recorded before anything was sent, each was sent exactly once, and each order is paid
        #expect(try scenario.sandbox.requestCounts() == Dictionary(uniqueKeysWithValues: ids.map { (LifecycleDriver.chargeKey($0), 1) }))
        #expect(try scenario.store.orders(OrderQuery(limit: 100)).allSatisfy { $0.status == .paid })
    }

    @Test func aProcessorThatAnswersAtOnceHasEachResultRecordedWithItsAcceptance() async throws {
        // Given ten authorized orders and a processor that answers every charge at once
        let scenario = try Scenario(rates: Scenario.rates { $0.delayScale = 0 }, orders: 10)
        // When the driver makes one pass
        try await scenario.driver.pass()
        // Then every order is paid already, the processor having been asked nothing but the batch and its pushes,
        // and each order has its whole story in the audit log, which chains and agrees with the store
        #expect(try scenario.store.orders(OrderQuery(limit: 100)).allSatisfy { $0.status == .paid })
        #expect(scenario.driver.totals.paid == 10 && scenario.driver.totals.polls == 0)
        for index in 0..<10 {
            #expect(try scenario.auditActions(index) == ["order_ingested", "charge_submitted", "charge_accepted", "charge_succeeded"])
        }
        #expect(try scenario.everythingSentOnce() && scenario.store.verifyAudit().isIntact)
    }

    @Test func aResultPushedWhileABatchIsAcceptedIsKeptForTheNextPass() async throws {
        // Given two orders sent one a pass, to a processor whose pushes come two collections late: the first
        // order's result arrives as the second is being accepted
        let scenario = try Scenario(rates: Scenario.rates { $0.delayScale = 0 }, orders: 2)
        let late = PushesLate(wrapping: scenario.sandbox)
        let driver = LifecycleDriver(store: scenario.store, processor: late, clock: scenario.clock, batch: 1)
        // When the driver drains, well within the five seconds before it would poll
        try await driver.run(untilIdle: true)
        // Then both are paid from what was pushed: nothing had to be polled
        #expect(try scenario.store.orders(OrderQuery(limit: 100)).allSatisfy { $0.status == .paid })
        #expect(driver.totals.polls == 0 && driver.totals.paid == 2)
        #expect(scenario.clock.now().millisecondsSinceEpoch - 1_795_253_400_000 < LifecycleDriver.resultWait)
    }

    @Test func chargesABatchLeftUnansweredAreAskedAboutOnTheNextPass() async throws {
        // Given a processor that takes a batch but answers only its first half (a batch API cut off mid-reply)
        let scenario = try Scenario(orders: 10)
        let cutOff = HalfAnswered(wrapping: scenario.sandbox)
        // When the driver drains
        try await LifecycleDriver(store: scenario.store, processor: cutOff, clock: scenario.clock).run(untilIdle: true)
        // Then the unanswered half was found by its keys and not sent again, and every order is paid
        #expect(try scenario.everythingSentOnce() && scenario.sandbox.requestCounts().count == 10)
        #expect(try scenario.store.orders(OrderQuery(limit: 100)).allSatisfy { $0.status == .paid })
    }
}
