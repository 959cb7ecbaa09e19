import Logging
import OrderModel
import OrderStore

/// Moves orders through docs/design.md §3 with a processor: submits authorized orders, waits up to 5 s for each
/// result and then polls with backoff, carries out operators' cancels (never submitted, reversed once the
/// charge lands, or refunded in full when the bank refuses reversal) and refunds.
///
/// Everything is written through the store's operations, the same ones ingest's payment events use, with audit
/// entries. Crash safety: before any call that moves money, the store records that it is about to be made
/// (the order is `charging`, the refund `submitted`); on the way back in, anything recorded but unanswered is
/// asked about by its idempotency key, and sent only if the processor never saw it. The polling backoff lives
/// in the store too, written with what each pass learnt, so a restart resumes it.
///
/// Every step is logged with its order, idempotency key and outcome. The driver never sees card data.
public final class LifecycleDriver {
    /// How long a charge's result may take before the driver starts polling.
    public static let resultWait: Int64 = 5_000
    static let firstPollInterval: Int64 = 1_000
    static let maximumPollInterval: Int64 = 60_000
    static let maximumRetryPause: Int64 = 30_000

    let store: PayDeskStore
    let processor: any PaymentProcessor
    let clock: any DriverClock
    let actor: Actor
    /// How many orders, charges and intents one pass takes on at most.
    public let batch: Int
    let logger: Logger
    /// What this driver has done since it started, for the log at each pass and at stop.
    public internal(set) var totals = DriverTotals()
    /// Results the processor pushed about charges other than those it had just accepted, for the next pass's
    /// answers; lost with the driver, when those charges are polled after their wait instead.
    private var pushedAhead: [String: ChargeResult] = [:]

    /// Why `run` returned.
    public enum Stop: String, Sendable { case idle, requested, deadline }

    /// A logger that drops everything: for benchmarks and tests that do not look at the log.
    public static let silent = Logger(label: "paydesk.process", factory: { _ in SwiftLogNoOpLogHandler() })

    public init(store: PayDeskStore, processor: any PaymentProcessor, clock: any DriverClock,
                actor: Actor = Actor(login: "processor"), batch: Int = 500, logger: Logger = LifecycleDriver.silent) {
        self.store = store
        self.processor = processor
        self.clock = clock
        self.actor = actor
        self.batch = batch
        self.logger = logger
    }

    /// Runs passes until `shouldStop` says so, or with `untilIdle`, until nothing is left in flight, or until
    /// `deadline` passes. Running as a service, a pass that fails (the store locked too long, a processor down)
    /// is logged and tried again, after a pause that doubles with each failure in a row (up to 30 s), so that a
    /// lasting failure neither floods the log nor hammers the store; draining, it ends the run.
    @discardableResult
    public func run(untilIdle: Bool, deadline: Timestamp? = nil, pause: Int64 = 200,
                    shouldStop: () -> Bool = { false }) async throws -> Stop {
        var failures = 0
        while !shouldStop() {
            var wait = pause
            do {
                if try await !pass() && untilIdle { return .idle }
                failures = 0
            } catch where !untilIdle {
                failures += 1
                wait = min(pause << min(failures, 16), Self.maximumRetryPause)
                logger.error("pass failed; trying again", metadata: ["error": "\(error)", "failuresInARow": .stringConvertible(failures),
                                                                     "retryInMilliseconds": .stringConvertible(wait)])
            }
            if let deadline {
                let left = deadline.millisecondsSinceEpoch - clock.now().millisecondsSinceEpoch
                if left <= 0 { return .deadline }
                wait = min(wait, left)
            }
            await clock.sleep(milliseconds: wait)
        }
        return .requested
    }

    /// One pass over everything owed. Returns whether anything is still in flight or waiting. Each step
    /// writes what it learnt in one transaction; whatever must be recorded before a call is written first.
    @discardableResult
    public func pass() async throws -> Bool {
        let before = totals, headBefore = try store.auditHead()
        let settling = try await settleSubmittedRefunds()
        let answered = try await answerCharges()
        let intents = try await carryOutIntents()
        let submitted = try await submitAuthorized()
        let busy = settling || answered || intents || submitted
        logger.debug("pass", metadata: (totals - before).metadata.merging(["inFlight": "\(busy)"]) { $1 })
        // The audit log's head after every pass that wrote to it, for log shippers to keep apart from the store.
        let head = try store.auditHead()
        if head != headBefore { logger.info("audit head", metadata: ["head": "\(head)"]) }
        return busy
    }

    // MARK: Charges

    /// Records pushed results, polls charges that are due, and settles charges a crash left without a
    /// reference. Returns whether any charge is still unanswered.
    private func answerCharges() async throws -> Bool {
        for (reference, result) in try await processor.notifications() { pushedAhead[reference] = result }
        let pushed = pushedAhead
        pushedAhead = [:]
        let inFlight = try store.chargesInFlight(limit: batch)
        var answers: [IncomingEvent] = []
        var nextPolls: [(orderId: String, schedule: PollSchedule)] = []
        var accepted: [ChargeAcceptance] = []
        var waiting = false
        for charge in inFlight {
            guard let reference = charge.processorReference else {
                await attempt("asking about a charge left in doubt", charge.orderId) {
                    accepted.append(ChargeAcceptance(orderId: charge.orderId, reference: try await acceptAgain(charge)))
                }
                waiting = true
                continue
            }
            var result = pushed[reference] ?? .pending
            let now = clock.now()
            if result == .pending, let schedule = Self.pollSchedule(charge), now >= schedule.due {
                let next = PollSchedule(due: now.adding(milliseconds: schedule.interval),
                                        interval: min(schedule.interval, Self.maximumPollInterval / 2) * 2)
                nextPolls.append((charge.orderId, next))
                totals.polls += 1
                await attempt("polling a charge", charge.orderId) {
                    result = try await processor.chargeResult(reference: reference)
                    var metadata: Logger.Metadata = ["orderId": "\(charge.orderId)", "idempotencyKey": "\(Self.chargeKey(charge.orderId))",
                                                     "reference": "\(reference)", "result": "\(result)"]
                    if result == .pending { metadata["nextPollInSeconds"] = .stringConvertible(schedule.interval / 1_000) }
                    logger.info("charge polled", metadata: metadata)
                }
            }
            if let answer = chargeAnswer(result, orderId: charge.orderId, reference: reference) { answers.append(answer) } else { waiting = true }
        }
        try recordAccepted(accepted)
        logRecorded(answers, try store.recordChargeAnswers(answers, nextPolls: nextPolls, actor: actor))
        return waiting || inFlight.count == batch
    }

    /// A charge's result as the payment event that records it; nil while it is pending.
    private func chargeAnswer(_ result: ChargeResult, orderId: String, reference: String) -> IncomingEvent? {
        switch result {
        case .pending: nil
        case .succeeded: IncomingEvent(orderId: orderId, kind: .chargeSucceeded, at: clock.now(), processorReference: reference)
        case .failed(let reason):
            IncomingEvent(orderId: orderId, kind: .chargeFailed, at: clock.now(), processorReference: reference, reason: reason.rawValue)
        }
    }

    /// When a charge is next due: its stored schedule, or once the 5-second wait after submission is over.
    static func pollSchedule(_ charge: ChargeInFlight) -> PollSchedule? {
        charge.pollSchedule ?? PollSchedule(due: charge.submittedAt.adding(milliseconds: resultWait), interval: firstPollInterval)
    }

    /// A charge recorded as submitted but never accepted: the driver stopped around the call. Ask first.
    private func acceptAgain(_ charge: ChargeInFlight) async throws -> String {
        let key = Self.chargeKey(charge.orderId)
        if case .charge(let known) = try await processor.lookup(idempotencyKey: key) {
            logger.info("charge found by its idempotency key", metadata: ["orderId": "\(charge.orderId)", "idempotencyKey": "\(key)",
                                                                          "reference": "\(known)"])
            return known
        }
        logger.info("charge never reached the processor; submitting it", metadata: ["orderId": "\(charge.orderId)", "idempotencyKey": "\(key)"])
        return try await submit(charge.orderId, charge.total)
    }

    /// Submits authorized orders as one batch: the store records every one `charging` in one transaction first,
    /// then the processor is sent the batch, then every acceptance is recorded in one transaction, with the
    /// result of each charge the processor answered at once. A kill in between leaves each charge recorded
    /// without a reference, asked about by its key on the next pass.
    private func submitAuthorized() async throws -> Bool {
        let orders = try store.ordersToCharge(limit: batch)
        let submitted = try record(orders.map { IncomingEvent(orderId: $0.orderId, kind: .chargeSubmitted, at: clock.now()) })
        // An order an operator canceled since the read was refused above, and is not sent.
        let charges = zip(orders, submitted).filter { $0.1 }.map { order, _ in
            ChargeRequest(orderId: order.orderId, amount: order.total, idempotencyKey: Self.chargeKey(order.orderId))
        }
        for charge in charges {
            logger.info("submitting charge", metadata: ["orderId": "\(charge.orderId)", "idempotencyKey": "\(charge.idempotencyKey)",
                                                        "amount": "\(charge.amount)"])
        }
        totals.submitted += charges.count
        var answers: [Result<String, any Error>] = []
        if !charges.isEmpty { answers = await processor.submitCharges(charges) }
        var accepted: [ChargeAcceptance] = []
        // A charge refused, or left out of the reply, is charging without a reference: the next pass asks about it.
        for (index, charge) in charges.enumerated() {
            switch index < answers.count ? answers[index] : .failure(ProcessorUnavailable("the batch's reply left this charge out")) {
            case .success(let reference):
                logger.info("charge accepted", metadata: ["orderId": "\(charge.orderId)", "idempotencyKey": "\(charge.idempotencyKey)",
                                                          "reference": "\(reference)"])
                accepted.append(ChargeAcceptance(orderId: charge.orderId, reference: reference))
            case .failure(let error): retryLater("submitting a charge", charge.orderId, error)
            }
        }
        try recordAccepted(await answeredAtOnce(accepted))
        return !orders.isEmpty
    }

    /// The charges just accepted, each with its result if the processor has pushed it already (one that answers
    /// at once), so that the order is read and written once. What it pushed about other charges waits for the
    /// next pass; should collecting fail, the acceptances are recorded alone and the next pass asks again.
    private func answeredAtOnce(_ accepted: [ChargeAcceptance]) async -> [ChargeAcceptance] {
        guard !accepted.isEmpty else { return accepted }
        do {
            for (reference, result) in try await processor.notifications() { pushedAhead[reference] = result }
        } catch {
            logger.warning("collecting pushed results failed; will retry", metadata: ["error": "\(error)"])
            return accepted
        }
        return accepted.map { charge in
            guard let result = pushedAhead[charge.reference], let answer = chargeAnswer(result, orderId: charge.orderId, reference: charge.reference)
            else { return charge }
            pushedAhead[charge.reference] = nil
            var answered = charge
            answered.answer = answer
            return answered
        }
    }

    private func submit(_ orderId: String, _ amount: Money) async throws -> String {
        let key = Self.chargeKey(orderId)
        logger.info("submitting charge", metadata: ["orderId": "\(orderId)", "idempotencyKey": "\(key)", "amount": "\(amount)"])
        totals.submitted += 1
        let reference = try await processor.submitCharge(orderId: orderId, amount: amount, idempotencyKey: key)
        logger.info("charge accepted", metadata: ["orderId": "\(orderId)", "idempotencyKey": "\(key)", "reference": "\(reference)"])
        return reference
    }

    static func chargeKey(_ orderId: String) -> String { "charge:\(orderId)" }

    // MARK: Recording and reporting

    /// One order's work: a processor that cannot answer about it, or a store that refuses, is logged and the
    /// order is left for the next pass; the other orders go on.
    func attempt(_ step: String, _ orderId: String, _ work: () async throws -> Void) async {
        do { try await work() } catch { retryLater(step, orderId, error) }
    }

    private func retryLater(_ step: String, _ orderId: String, _ error: any Error) {
        totals.retries += 1
        logger.warning("\(step) failed; will retry", metadata: ["orderId": "\(orderId)", "error": "\(error)"])
    }

    /// Applies events in one transaction; each refusal (an operator got there first) is logged and that
    /// event skipped, not the others. Returns, per event, whether it was recorded.
    @discardableResult
    func record(_ events: [IncomingEvent]) throws -> [Bool] {
        logRecorded(events, try store.apply(events, actor: actor))
    }

    /// Logs what the store took, and what it refused. Returns, per event, whether it was recorded. The marks
    /// made before a call (submitted) are logged at debug level: the call's own line follows.
    @discardableResult
    func logRecorded(_ events: [IncomingEvent], _ problems: [StoreError?]) -> [Bool] {
        zip(events, problems).map { event, problem in
            var metadata: Logger.Metadata = ["event": "\(event.kind.rawValue)", "orderId": "\(event.orderId)"]
            if [.chargeSubmitted, .chargeSucceeded, .chargeFailed].contains(event.kind) {
                metadata["idempotencyKey"] = "\(Self.chargeKey(event.orderId))"
            }
            if let reference = event.processorReference { metadata["reference"] = "\(reference)" }
            if let refundId = event.refundId { metadata["refundId"] = "\(refundId)" }
            if let reason = event.reason { metadata["reason"] = "\(reason)" }
            if let problem {
                metadata["error"] = "\(problem)"
                logger.notice("the store refused it", metadata: metadata)
                return false
            }
            totals.count(event.kind)
            logger.log(level: [.chargeSubmitted, .refundSubmitted].contains(event.kind) ? .debug : .info, "recorded", metadata: metadata)
            return true
        }
    }

    /// Records acceptances, and the results that came with them (a refused acceptance takes its result with it).
    private func recordAccepted(_ accepted: [ChargeAcceptance]) throws {
        for (charge, problem) in zip(accepted, try store.recordChargesAccepted(accepted, actor: actor)) {
            if let problem {
                logger.notice("the store refused it", metadata: ["event": "charge_accepted", "orderId": "\(charge.orderId)",
                                                                 "reference": "\(charge.reference)", "error": "\(problem)"])
            } else if let answer = charge.answer {
                logRecorded([answer], [nil])
            }
        }
    }
}
