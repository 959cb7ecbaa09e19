import OrderModel
import OrderStore

/// Moves orders through docs/design.md §3 with a processor: submits authorized orders, waits up to 5 s for each
/// result and then polls with backoff, carries out operators' cancels (never submitted, reversed once the
/// charge lands, or refunded in full when the bank refuses reversal) and refunds.
///
/// Everything is written through the store's operations, the same ones ingest's payment events use, with audit
/// entries. Crash safety: before any call that moves money, the store records that it is about to be made
/// (the order is `charging`, the refund `submitted`); on the way back in, anything recorded but unanswered is
/// asked about by its idempotency key, and sent only if the processor never saw it.
public final class LifecycleDriver {
    /// How long a charge's result may take before the driver starts polling.
    public static let resultWait: Int64 = 5_000
    static let maximumPollInterval: Int64 = 60_000

    private let store: PayDeskStore
    private let processor: any PaymentProcessor
    private let clock: any DriverClock
    private let actor: Actor
    private let batch: Int
    private let onProblem: (String) -> Void
    /// When each unanswered charge is next polled, and the interval after that. Lost on restart: then every
    /// charge older than the wait is polled at once, which is what a restart should do.
    private var polls: [String: (due: Int64, interval: Int64)] = [:]

    public init(store: PayDeskStore, processor: any PaymentProcessor, clock: any DriverClock,
                actor: Actor = Actor(login: "processor"), batch: Int = 500, onProblem: @escaping (String) -> Void = { _ in }) {
        self.store = store
        self.processor = processor
        self.clock = clock
        self.actor = actor
        self.batch = batch
        self.onProblem = onProblem
    }

    /// Runs passes until `shouldStop` says so, or with `untilIdle`, until nothing is left in flight. Running as
    /// a service, a pass that fails (the store locked too long, a processor down) is reported and tried again;
    /// draining, it ends the run.
    public func run(untilIdle: Bool, pause: Int64 = 200, shouldStop: () -> Bool = { false }) async throws {
        while !shouldStop() {
            do {
                if try await !pass() && untilIdle { return }
            } catch where !untilIdle {
                onProblem("\(error); trying again")
            }
            await clock.sleep(milliseconds: pause)
        }
    }

    /// One pass over everything owed. Returns whether anything is still in flight or waiting. Each step
    /// writes what it learnt in one transaction; whatever must be recorded before a call is written first.
    @discardableResult
    public func pass() async throws -> Bool {
        let settling = try await settleSubmittedRefunds()
        let answered = try await answerCharges()
        let intents = try await carryOutIntents()
        let submitted = try await submitAuthorized()
        return settling || answered || intents || submitted
    }

    // MARK: Charges

    /// Records pushed results, polls charges past their wait, and settles charges a crash left without a
    /// reference. Returns whether any charge is still unanswered.
    private func answerCharges() async throws -> Bool {
        var pushed: [String: ChargeResult] = [:]
        for (reference, result) in try await processor.notifications() { pushed[reference] = result }
        let inFlight = try store.chargesInFlight(limit: batch)
        var answers: [IncomingEvent] = []
        var accepted: [(orderId: String, reference: String)] = []
        var waiting = false
        for charge in inFlight {
            guard let reference = charge.processorReference else {
                await attempt(charge.orderId) { accepted.append((charge.orderId, try await acceptAgain(charge))) }
                waiting = true
                continue
            }
            var result = pushed[reference] ?? .pending
            let now = clock.now().millisecondsSinceEpoch
            if result == .pending, now - charge.submittedAt.millisecondsSinceEpoch >= Self.resultWait {
                let schedule = polls[charge.orderId] ?? (due: now, interval: 1_000)
                if now >= schedule.due {
                    polls[charge.orderId] = (now + schedule.interval, min(schedule.interval * 2, Self.maximumPollInterval))
                    await attempt(charge.orderId) { result = try await processor.chargeResult(reference: reference) }
                }
            }
            switch result {
            case .pending: waiting = true
            case .succeeded: answers.append(IncomingEvent(orderId: charge.orderId, kind: .chargeSucceeded, at: clock.now(), processorReference: reference))
            case .failed(let reason):
                answers.append(IncomingEvent(orderId: charge.orderId, kind: .chargeFailed, at: clock.now(), processorReference: reference,
                                             reason: reason.rawValue))
            }
            if result != .pending { polls[charge.orderId] = nil }
        }
        try report(store.recordChargesAccepted(accepted, actor: actor), for: accepted.map(\.orderId))
        try record(answers)
        return waiting || inFlight.count == batch
    }

    /// A charge recorded as submitted but never accepted: the driver stopped around the call. Ask first.
    private func acceptAgain(_ charge: ChargeInFlight) async throws -> String {
        let key = Self.chargeKey(charge.orderId)
        if case .charge(let known) = try await processor.lookup(idempotencyKey: key) { return known }
        return try await processor.submitCharge(orderId: charge.orderId, amount: charge.total, idempotencyKey: key)
    }

    /// Submits authorized orders: the store records them `charging` first, then the processor is called.
    private func submitAuthorized() async throws -> Bool {
        let orders = try store.ordersToCharge(limit: batch)
        let submitted = try record(orders.map { IncomingEvent(orderId: $0.orderId, kind: .chargeSubmitted, at: clock.now()) })
        var accepted: [(orderId: String, reference: String)] = []
        // An order an operator canceled since the read was refused above, and is not sent.
        for (order, recorded) in zip(orders, submitted) where recorded {
            // Should this fail, the order is charging without a reference: the next pass asks about it.
            await attempt(order.orderId) {
                accepted.append((order.orderId, try await processor.submitCharge(orderId: order.orderId, amount: order.total,
                                                                                 idempotencyKey: Self.chargeKey(order.orderId))))
            }
        }
        try report(store.recordChargesAccepted(accepted, actor: actor), for: accepted.map(\.orderId))
        return !orders.isEmpty
    }

    static func chargeKey(_ orderId: String) -> String { "charge:\(orderId)" }

    // MARK: Cancels and refunds

    /// Reversals for canceled paid orders (a reversal in flight waits for its charge), and pending refunds.
    private func carryOutIntents() async throws -> Bool {
        let intents = try store.outbox().prefix(batch).filter { $0.processorReference != nil }
        var answers: [IncomingEvent] = []
        for intent in intents where intent.kind == .reverse && !intent.awaitingCharge {
            let reference = intent.processorReference ?? ""
            // A reversal leaves no mark before its call, so whether it was sent is always asked first.
            await attempt(intent.orderId) {
                let result: ReversalResult
                if case .reversal(let known) = try await processor.lookup(idempotencyKey: intent.idempotencyKey) {
                    result = known
                } else {
                    result = try await processor.reverse(reference: reference, idempotencyKey: intent.idempotencyKey)
                }
                answers.append(IncomingEvent(orderId: intent.orderId, kind: result == .reversed ? .reversalSucceeded : .reversalUnsupported,
                                             at: clock.now(), processorReference: reference))
            }
        }
        let refunds = intents.filter { $0.kind == .refund && $0.refundId != nil }
        let submitted = try record(refunds.map {
            IncomingEvent(orderId: $0.orderId, kind: .refundSubmitted, at: clock.now(), processorReference: $0.processorReference, refundId: $0.refundId)
        })
        for (intent, recorded) in zip(refunds, submitted) where recorded {
            let reference = intent.processorReference ?? "", refundId = intent.refundId ?? ""
            // Should this fail, the refund stays submitted: the next pass asks about it.
            await attempt(intent.orderId) {
                let result = try await processor.refund(reference: reference, amount: intent.amount, idempotencyKey: intent.idempotencyKey)
                answers.append(refundAnswer(result, orderId: intent.orderId, refundId: refundId, reference: reference))
            }
        }
        try record(answers)
        return !intents.isEmpty
    }

    /// Refunds recorded as submitted but not answered (the driver stopped, or the answer could not be
    /// written): asked about, and sent only if the processor never saw them.
    private func settleSubmittedRefunds() async throws -> Bool {
        let submitted = try store.refunds(status: .submitted, limit: batch)
        var answers: [IncomingEvent] = []
        for refund in submitted {
            await attempt(refund.orderId) {
                guard let reference = try store.order(refund.orderId).processorReference else { return }
                let result: RefundResult
                if case .refund(let known) = try await processor.lookup(idempotencyKey: refund.idempotencyKey) {
                    result = known
                } else {
                    result = try await processor.refund(reference: reference, amount: refund.amount, idempotencyKey: refund.idempotencyKey)
                }
                answers.append(refundAnswer(result, orderId: refund.orderId, refundId: refund.refundId, reference: reference))
            }
        }
        try record(answers)
        return !submitted.isEmpty
    }

    private func refundAnswer(_ result: RefundResult, orderId: String, refundId: String, reference: String) -> IncomingEvent {
        switch result {
        case .succeeded:
            IncomingEvent(orderId: orderId, kind: .refundSucceeded, at: clock.now(), processorReference: reference, refundId: refundId)
        case .failed(let reason):
            IncomingEvent(orderId: orderId, kind: .refundFailed, at: clock.now(), processorReference: reference, reason: reason, refundId: refundId)
        }
    }

    /// One order's work: a processor that cannot answer about it, or a store that refuses, is reported and the
    /// order is left for the next pass; the other orders go on.
    private func attempt(_ orderId: String, _ work: () async throws -> Void) async {
        do { try await work() } catch { onProblem("\(orderId): \(error)") }
    }

    /// Applies events in one transaction; each refusal (an operator got there first) is reported and that
    /// event skipped, not the others. Returns, per event, whether it was recorded.
    @discardableResult
    private func record(_ events: [IncomingEvent]) throws -> [Bool] {
        try report(store.apply(events, actor: actor), for: events.map(\.orderId))
    }

    @discardableResult
    private func report(_ problems: [StoreError?], for orderIds: [String]) -> [Bool] {
        zip(orderIds, problems).map { orderId, problem in
            if let problem { onProblem("\(orderId): \(problem)") }
            return problem == nil
        }
    }
}
