import Foundation
import InMemoryLogging
import Logging
@testable import OrderIngest
import OrderModel
import OrderStore
import PayDeskSandbox
import Testing
@testable import PaymentProcessing

/// A store, a sandbox processor and a driver sharing one virtual clock: minutes of waiting and polling run
/// at once, and every run is the same.
struct Scenario {
    let clock = VirtualClock(Timestamp(millisecondsSinceEpoch: 1_795_253_400_000))
    let store: PayDeskStore
    let sandbox: SandboxProcessor
    let driver: LifecycleDriver
    let operatorActor = Actor(login: "operator", sshClient: "192.0.2.7 50022")
    let folder: String

    init(rates: SandboxRates = Scenario.calm, orders: Int = 1) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-driver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let clock = clock
        store = try PayDeskStore.create(at: folder + "/store.sqlite", clock: { clock.now() })
        sandbox = try SandboxProcessor(path: folder + "/sandbox.sqlite", seed: 3, rates: rates, clock: { clock.now() })
        driver = LifecycleDriver(store: store, processor: sandbox, clock: clock)
        let ingester = Ingester(store: store, actor: Actor(login: "shop"), onProblem: { Issue.record("\($0)") })
        try ingester.ingest(lines: DemoStore(orders: orders, seed: 5, now: clock.now()).orderLines(count: orders))
    }

    /// Every charge succeeds, at once, with a pushed result; reversals and refunds go through.
    static var calm: SandboxRates {
        var rates = SandboxRates()
        rates.decline = 0
        rates.late = 0
        rates.lostNotification = 0
        rates.noReversal = 0
        rates.refundFailure = 0
        return rates
    }

    static func rates(_ change: (inout SandboxRates) -> Void) -> SandboxRates {
        var rates = calm
        change(&rates)
        return rates
    }

    var orderIds: [String] { (try? store.orders(OrderQuery(limit: 10_000, order: .oldestFirst)).map(\.orderId)) ?? [] }

    func order(_ index: Int = 0) throws -> OrderDetail { try store.order(orderIds[index]) }

    func drain() async throws { try await driver.run(untilIdle: true) }

    func auditActions(_ index: Int = 0) throws -> [String] { try order(index).audit.reversed().map(\.action) }

    /// No idempotency key reached the processor twice.
    func everythingSentOnce() throws -> Bool { try sandbox.requestCounts().values.allSatisfy { $0 == 1 } }
}

@Suite struct DriverScenarioTests {
    @Test func anAuthorizedOrderIsChargedAndPaid() async throws {
        // Given an authorized order and a processor that accepts it
        let scenario = try Scenario()
        // When the driver runs until nothing is in flight
        try await scenario.drain()
        // Then it is paid in full, with the processor's reference and the whole story in the audit log
        let order = try scenario.order()
        #expect(order.summary.status == .paid && order.payment.paid == order.summary.total.minorUnits)
        #expect(order.processorReference?.hasPrefix("sbx_ch_") == true)
        #expect(try scenario.auditActions() == ["order_ingested", "charge_submitted", "charge_accepted", "charge_succeeded"])
        #expect(try scenario.everythingSentOnce())
    }

    @Test func declinesCarryEveryReasonIncludingPINProblems() async throws {
        let scenario = try Scenario(rates: Scenario.rates { $0.decline = 100 }, orders: 60)
        try await scenario.drain()
        let orders = try scenario.store.orders(OrderQuery(limit: 100))
        #expect(orders.allSatisfy { $0.status == .failed })
        let reasons = Set(orders.compactMap(\.failureReason))
        #expect(reasons.isSuperset(of: [.pinRequired, .pinIncorrect, .pinLockout, .declined, .insufficientFunds, .cardFrozen]))
        #expect(try scenario.order().payment.paid == 0)
    }

    @Test func aLateResultIsFoundByPollingAfterTheFiveSecondWait() async throws {
        // Given a processor that answers late and never pushes the result
        let scenario = try Scenario(rates: Scenario.rates { $0.late = 100; $0.lostNotification = 100 })
        let start = scenario.clock.now()
        // When the driver runs
        try await scenario.drain()
        // Then the charge was answered by polling, no earlier than its result was ready (6 s at least)
        let order = try scenario.order()
        #expect(order.summary.status == .paid)
        let answeredAt = try #require(order.events.first { $0.event == "charge_succeeded" }?.at)
        #expect(answeredAt.millisecondsSinceEpoch - start.millisecondsSinceEpoch >= 6_000)
        #expect(try scenario.everythingSentOnce())
    }

    @Test func aCancelBeforeSubmissionMeansTheChargeIsNeverSent() async throws {
        let scenario = try Scenario()
        let id = scenario.orderIds[0]
        #expect(try scenario.store.requestCancel(orderId: id, actor: scenario.operatorActor).outcome == .canceled)
        try await scenario.drain()
        #expect(try scenario.order().summary.status == .canceled)
        #expect(try await scenario.sandbox.lookup(idempotencyKey: LifecycleDriver.chargeKey(id)) == nil)
    }

    @Test func aCancelWhileChargingReversesTheChargeOnceItSucceeds() async throws {
        // Given a charge in flight whose result comes late
        let scenario = try Scenario(rates: Scenario.rates { $0.late = 100 })
        try await scenario.driver.pass()
        #expect(try scenario.order().summary.status == .charging)
        // When the operator cancels, then the driver runs
        #expect(try scenario.store.requestCancel(orderId: scenario.orderIds[0], actor: scenario.operatorActor).outcome == .cancelRequestedWhileCharging)
        try await scenario.drain()
        // Then the charge succeeded and was reversed: no money kept
        #expect(try scenario.order().summary.status == .reversed)
        #expect(try scenario.auditActions().suffix(3) == ["cancel", "charge_succeeded", "reversal_succeeded"])
    }

    @Test func aCancelWhileChargingEndsCanceledWhenTheChargeFails() async throws {
        let scenario = try Scenario(rates: Scenario.rates { $0.late = 100; $0.decline = 100 })
        try await scenario.driver.pass()
        try scenario.store.requestCancel(orderId: scenario.orderIds[0], actor: scenario.operatorActor)
        try await scenario.drain()
        #expect(try scenario.order().summary.status == .canceled)
        #expect(try scenario.sandbox.requestCounts().keys.allSatisfy { $0.hasPrefix("charge:") })
    }

    @Test func aPaidOrderCanceledIsReversed() async throws {
        let scenario = try Scenario()
        try await scenario.drain()
        #expect(try scenario.store.requestCancel(orderId: scenario.orderIds[0], actor: scenario.operatorActor).outcome == .reversalRequested)
        try await scenario.drain()
        #expect(try scenario.order().summary.status == .reversed)
        #expect(try scenario.everythingSentOnce())
    }

    @Test func aRefusedReversalBecomesAFullRefund() async throws {
        // Given a paid order at a bank that does not support reversal
        let scenario = try Scenario(rates: Scenario.rates { $0.noReversal = 100 })
        try await scenario.drain()
        let total = try scenario.order().summary.total
        // When the operator cancels it
        try scenario.store.requestCancel(orderId: scenario.orderIds[0], actor: scenario.operatorActor)
        try await scenario.drain()
        // Then the money went back by a full refund instead
        let order = try scenario.order()
        #expect(order.summary.status == .refunded && order.payment.refunded == total.minorUnits)
        #expect(order.refunds.map(\.status) == [.succeeded] && order.refunds.first?.amount == total)
        #expect(try scenario.auditActions().suffix(4) == ["cancel", "reversal_unsupported", "refund_submitted", "refund_succeeded"])
        #expect(try scenario.everythingSentOnce())
    }

    @Test func refundsAreSubmittedAndSettleOrFail() async throws {
        // Given two paid orders, one at a processor that fails refunds
        let settling = try Scenario()
        let failing = try Scenario(rates: Scenario.rates { $0.refundFailure = 100 })
        for scenario in [settling, failing] {
            try await scenario.drain()
            let half = Money(minorUnits: try scenario.order().summary.total.minorUnits / 2, currency: try scenario.order().summary.total.currency)
            try scenario.store.requestRefund(orderId: scenario.orderIds[0], amount: half, reason: .requestedByCustomer,
                                             idempotencyKey: "op-refund-1", actor: scenario.operatorActor)
            try await scenario.drain()
        }
        // Then one is partially refunded and the other's refund failed, leaving it paid
        #expect(try settling.order().summary.status == .partiallyRefunded)
        #expect(try settling.order().refunds.map(\.status) == [.succeeded])
        #expect(try failing.order().summary.status == .paid)
        #expect(try failing.order().refunds.first?.failureReason == "card account closed")
    }

    @Test func aWithdrawnRefundIsNeverSubmitted() async throws {
        let scenario = try Scenario()
        try await scenario.drain()
        let refund = try scenario.store.requestRefund(orderId: scenario.orderIds[0], reason: .duplicate, idempotencyKey: "op-refund-2",
                                                      actor: scenario.operatorActor).refund
        try scenario.store.withdrawRefund(refundId: refund.refundId, actor: scenario.operatorActor)
        try await scenario.drain()
        #expect(try scenario.order().summary.status == .paid)
        #expect(try await scenario.sandbox.lookup(idempotencyKey: "op-refund-2") == nil)
    }

    @Test func aChargeLeftInDoubtIsAskedAboutNotSentAgain() async throws {
        // Given a driver that stopped after the processor accepted a charge but before the reference was stored
        let scenario = try Scenario(rates: Scenario.rates { $0.late = 100 })
        let id = scenario.orderIds[0]
        try scenario.store.apply(IncomingEvent(orderId: id, kind: .chargeSubmitted, at: scenario.clock.now()), actor: Actor(login: "processor"))
        let reference = try await scenario.sandbox.submitCharge(orderId: id, amount: try scenario.order().summary.total,
                                                                idempotencyKey: LifecycleDriver.chargeKey(id))
        // When a new driver starts
        try await LifecycleDriver(store: scenario.store, processor: scenario.sandbox, clock: scenario.clock).run(untilIdle: true)
        // Then it found the charge by its key, sent nothing twice, and recorded the result
        #expect(try scenario.order().processorReference == reference)
        #expect(try scenario.order().summary.status == .paid)
        #expect(try scenario.everythingSentOnce())
    }

    @Test func aChargeRecordedButNeverSentIsSentOnce() async throws {
        let scenario = try Scenario()
        let id = scenario.orderIds[0]
        try scenario.store.apply(IncomingEvent(orderId: id, kind: .chargeSubmitted, at: scenario.clock.now()), actor: Actor(login: "processor"))
        try await scenario.drain()
        #expect(try scenario.order().summary.status == .paid)
        #expect(try scenario.sandbox.requestCounts() == [LifecycleDriver.chargeKey(id): 1])
    }

    @Test func aRefundLeftSubmittedIsSettledWithoutResending() async throws {
        // Given a refund the processor settled while the driver stopped before recording it
        let scenario = try Scenario()
        try await scenario.drain()
        let refund = try scenario.store.requestRefund(orderId: scenario.orderIds[0], reason: .other, idempotencyKey: "op-refund-3",
                                                      actor: scenario.operatorActor).refund
        let reference = try #require(try scenario.order().processorReference)
        try scenario.store.apply(IncomingEvent(orderId: scenario.orderIds[0], kind: .refundSubmitted, at: scenario.clock.now(),
                                               refundId: refund.refundId), actor: Actor(login: "processor"))
        _ = try await scenario.sandbox.refund(reference: reference, amount: refund.amount, idempotencyKey: "op-refund-3")
        // When the driver runs again
        try await scenario.drain()
        // Then the refund is recorded as settled and was sent once
        #expect(try scenario.order().summary.status == .refunded)
        #expect(try scenario.everythingSentOnce())
    }

    @Test func aServiceWhosePassesKeepFailingBacksOffAndRecovers() async throws {
        // Given a driver running as a service while every pass fails at its start
        let scenario = try Scenario()
        let broken = BrokenNotifications(wrapping: scenario.sandbox)
        let log = InMemoryLogHandler()
        let driver = LifecycleDriver(store: scenario.store, processor: broken, clock: scenario.clock, logger: Logger(label: "test") { _ in log })
        let start = scenario.clock.now().millisecondsSinceEpoch
        func elapsed() -> Int64 { scenario.clock.now().millisecondsSinceEpoch - start }
        // When it runs for five minutes of (virtual) time, then the processor comes back for another minute
        try await driver.run(untilIdle: false) {
            if elapsed() >= 300_000 { broken.heal() }
            return elapsed() >= 360_000
        }
        // Then each failure was logged, waiting twice as long after each one up to 30 s: a dozen lines in five
        // minutes, not one every 200 ms
        let failures = log.entries.filter { $0.level == .error }
        let pauses = failures.compactMap { Int64("\($0.metadata["retryInMilliseconds"] ?? "")") }
        #expect(pauses.prefix(9) == [400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000, 30_000])
        #expect(failures.count < 20)
        // And once it is back, the order is charged
        #expect(try scenario.order().summary.status == .paid)
    }

    @Test func aProcessorThatIsDownIsReportedAndTriedAgain() async throws {
        // Given a processor that refuses its first three charge submissions outright
        let scenario = try Scenario(orders: 2)
        let flaky = FlakyProcessor(wrapping: scenario.sandbox, failures: 3)
        let log = InMemoryLogHandler()
        let driver = LifecycleDriver(store: scenario.store, processor: flaky, clock: scenario.clock, logger: Logger(label: "test") { _ in log })
        // When the driver drains
        try await driver.run(untilIdle: true)
        // Then each failure was logged as a warning with its order, to be retried, and both orders were charged once in the end
        // (the third while submitting again a charge the first left in doubt)
        let warnings = log.entries.filter { $0.level == .warning }
        #expect(warnings.map(\.message.description) == ["submitting a charge failed; will retry", "submitting a charge failed; will retry",
                                                         "asking about a charge left in doubt failed; will retry"])
        #expect(warnings.allSatisfy { $0.metadata["error"] == "processor is down" && scenario.orderIds.contains("\($0.metadata["orderId"] ?? "")") })
        #expect(driver.totals.retries == 3 && driver.totals.paid == 2)
        #expect(try scenario.store.orders(OrderQuery(limit: 10)).allSatisfy { $0.status == .paid })
        #expect(try scenario.everythingSentOnce())
    }
}
