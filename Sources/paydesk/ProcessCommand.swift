import ArgumentParser
import CursesTerminal
import Foundation
import Logging
import OrderModel
import OrderStore
import PayDeskSandbox
import PaymentProcessing

struct ProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Move payments along with a processor: charge, poll, reverse, refund.",
        discussion: """
            Submits authorized orders, waits up to 5 s for each result and then polls with backoff, carries out \
            operators' cancels (never submitted, reversed once the charge lands, or a full refund when the bank \
            refuses reversal) and pending refunds. Runs as a service until stopped (SIGTERM, SIGINT, SIGHUP); \
            with --once it exits when nothing is left in flight, and with --max-wait it gives up after that long, \
            exits 75 and names what is still in flight. Killing it at any moment is safe: on the next start, \
            anything in doubt is asked about by its idempotency key, never sent twice, and polling resumes its \
            schedule. One process per store: a second one is refused, naming the first.

            Each step is logged to stderr (text, or JSON lines with --log-format json) with its order, \
            idempotency key and outcome; never card data.

            The sandbox processor stands in for a real one: deterministic for a seed, its own state in a file \
            beside the store. The rates are percentages.
            """)

    enum Processor: String, ExpressibleByArgument { case sandbox }

    /// EX_TEMPFAIL: the work is not done, and running again later finishes it.
    static let stillInFlightExitCode: Int32 = 75

    @Option(help: "The processor: sandbox.")
    var processor: Processor

    @Flag(help: "Exit once nothing is left in flight.")
    var once = false

    @Option(help: ArgumentHelp("With --once: give up after this long (30s, 5m, 1h or seconds) and exit 75, naming what is still in flight.",
                               valueName: "duration"))
    var maxWait: WaitDuration?

    @Option(help: "The sandbox's seed: the same seed decides the same way.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The sandbox's own state (default: beside the store, NAME-sandbox.sqlite).", valueName: "path"), completion: .store)
    var sandboxState: String?

    @Option(help: "Percent of charges declined.") var declineRate = SandboxRates().decline
    @Option(help: "Percent of charges answered after the 5 s wait.") var lateRate = SandboxRates().late
    @Option(help: "Percent of results never pushed, found only by polling.") var lostNotificationRate = SandboxRates().lostNotification
    @Option(help: "Percent of banks refusing reversal.") var noReversalRate = SandboxRates().noReversal
    @Option(help: "Percent of refunds failing.") var refundFailureRate = SandboxRates().refundFailure
    @Option(help: "Multiplies the sandbox's delays: 0 answers at once.") var delayScale = SandboxRates().delayScale

    @OptionGroup var log: LogOptions
    @OptionGroup var store: StoreOptions

    func validate() throws {
        for (name, rate) in [("--decline-rate", declineRate), ("--late-rate", lateRate), ("--lost-notification-rate", lostNotificationRate),
                             ("--no-reversal-rate", noReversalRate), ("--refund-failure-rate", refundFailureRate)] where !(0...100).contains(rate) {
            throw ValidationError("\(name) \(rate) is not a percentage from 0 to 100")
        }
        guard (0...SandboxRates.maximumDelayScale).contains(delayScale) else {
            throw ValidationError("--delay-scale \(delayScale) is not from 0 to \(Int(SandboxRates.maximumDelayScale))")
        }
        if maxWait != nil && !once { throw ValidationError("--max-wait needs --once: as a service, process waits for as long as it runs") }
    }

    var rates: SandboxRates {
        var rates = SandboxRates()
        rates.decline = declineRate
        rates.late = lateRate
        rates.lostNotification = lostNotificationRate
        rates.noReversal = noReversalRate
        rates.refundFailure = refundFailureRate
        rates.delayScale = delayScale
        return rates
    }

    func run() async throws {
        // First, so that a SIGTERM from the moment the service is started stops it rather than killing it mid-start.
        StopSignals.install()
        let logger = log.bootstrap(label: "paydesk.process")
        do { try await process(logger) } catch let failure as CommandFailure {
            Self.announce(failure, in: log.logFormat, logger)
            throw ExitCode(failure.exitCode)
        }
    }

    private func process(_ logger: Logger) async throws {
        let started = Timestamp.now()
        let payDesk = try store.openForWriting("process payments")
        let lock = try ProcessLock.acquire(forStore: payDesk.path, holder: ProcessLock.thisProcess(user: Actor.currentLogin, since: started))
        let statePath = sandboxState ?? SandboxProcessor.statePath(forStore: store.path)
        let sandbox: SandboxProcessor
        do { sandbox = try SandboxProcessor(path: statePath, seed: seed, rates: rates, clock: Timestamp.now) }
        catch { throw CommandFailure("\(statePath): cannot open the sandbox's state: \(error)") }
        let driver = LifecycleDriver(store: payDesk, processor: sandbox, clock: SystemDriverClock(), logger: logger)
        logger.notice("starting", metadata: settings(payDesk, sandboxState: statePath, driver: driver))

        let deadline = maxWait.map { started.adding(milliseconds: $0.milliseconds) }
        let format = log.logFormat
        let watchdog = maxWait.map { wait in
            StuckCallWatchdog(deadline: wait.milliseconds + StuckCallWatchdog.grace) {
                Output.leaving.store(true, ordering: .relaxed)
                logger.critical("a processor call is still unanswered \(StuckCallWatchdog.grace / 1_000) s after the deadline; exiting")
                Self.announce(Self.stillInFlight(payDesk, after: wait), in: format, logger)
                Foundation.exit(Self.stillInFlightExitCode)
            }
        }
        let outcome: LifecycleDriver.Stop
        do { outcome = try await driver.run(untilIdle: once, deadline: deadline, shouldStop: { StopSignals.received != nil }) } catch {
            throw CommandFailure("process: \(error); run it again: nothing is ever sent twice")
        }
        watchdog?.cancel()
        let reason = switch outcome {
        case .idle: "nothing left in flight"
        case .requested: StopSignals.received ?? "stop requested"
        case .deadline: "--max-wait \(maxWait?.description ?? "") passed"
        }
        var summary = driver.totals.metadata
        summary["reason"] = "\(reason)"
        summary["statuses"] = "\((try? statusCounts(payDesk)) ?? "unknown")"
        logger.notice("stopped", metadata: summary)
        if outcome == .deadline, let maxWait { throw Self.stillInFlight(payDesk, after: maxWait) }
        withExtendedLifetime(lock) {}
    }

    private func settings(_ payDesk: PayDeskStore, sandboxState: String, driver: LifecycleDriver) -> Logger.Metadata {
        [
            "store": "\(payDesk.path)", "sandboxState": "\(sandboxState)", "processor": "\(processor.rawValue)", "seed": .stringConvertible(seed),
            "declineRate": .stringConvertible(declineRate), "lateRate": .stringConvertible(lateRate),
            "lostNotificationRate": .stringConvertible(lostNotificationRate), "noReversalRate": .stringConvertible(noReversalRate),
            "refundFailureRate": .stringConvertible(refundFailureRate), "delayScale": .stringConvertible(delayScale),
            "batch": .stringConvertible(driver.batch), "once": .stringConvertible(once), "maxWait": "\(maxWait?.description ?? "none")",
            "pid": .stringConvertible(Int(getpid())), "logLevel": "\(log.logLevel.rawValue)",
        ]
    }

    /// The one-line failure for a deadline that passed: how many charges, refunds and reversals, and which orders.
    private static func stillInFlight(_ payDesk: PayDeskStore, after wait: WaitDuration) -> CommandFailure {
        let shown = 5
        guard let work = try? payDesk.workInFlight(naming: shown + 1) else {
            return CommandFailure("--max-wait \(wait) passed with work still in flight", exitCode: Self.stillInFlightExitCode)
        }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var counts = [count(work.charging, "charge"), count(work.refunds, "refund"), count(work.reversals, "reversal")]
        if work.toSubmit > 0 { counts.append("\(count(work.toSubmit, "order")) not yet submitted") }
        let orders = work.firstOrderIds.prefix(shown).joined(separator: ", ") + (work.firstOrderIds.count > shown ? ", …" : "")
        return CommandFailure("--max-wait \(wait) passed with work still in flight: \(counts.joined(separator: ", ")) (orders \(orders)); "
                              + "run it again to finish: nothing is ever sent twice", exitCode: Self.stillInFlightExitCode)
    }

    /// A failure in the format the logs are in: `paydesk: …` for text, an error entry for JSON, so that a log
    /// shipper reading stderr sees JSON only.
    private static func announce(_ failure: CommandFailure, in format: LogOptions.Format, _ logger: Logger) {
        switch format {
        case .text: Output.error("paydesk: \(failure.message)")
        case .json: logger.error("\(failure.message)", metadata: ["exitCode": .stringConvertible(Int(failure.exitCode))])
        }
    }

    private func statusCounts(_ payDesk: PayDeskStore) throws -> String {
        let totals = try payDesk.statusTotals()
        return PaymentStatus.allCases.compactMap { status -> String? in
            let orders = totals.filter { $0.status == status }.reduce(0) { $0 + $1.orders }
            return orders > 0 ? "\(orders) \(status.rawValue)" : nil
        }.joined(separator: ", ")
    }
}
