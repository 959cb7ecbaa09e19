import ArgumentParser
import Foundation
import OrderModel
import OrderStore
import PaymentProcessing

struct ProcessCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "process",
        abstract: "Move payments along with a processor: charge, poll, reverse, refund.",
        discussion: """
            Submits authorized orders, waits up to 5 s for each result and then polls with backoff, carries out \
            operators' cancels (never submitted, reversed once the charge lands, or a full refund when the bank \
            refuses reversal) and pending refunds. Runs until stopped (Ctrl-C, SIGTERM); with --once it exits \
            when nothing is left in flight. Killing it at any moment is safe: on the next start, anything in \
            doubt is asked about by its idempotency key, never sent twice.

            The sandbox processor stands in for a real one: deterministic for a seed, its own state in a file \
            beside the store. The rates are percentages.
            """)

    enum Processor: String, ExpressibleByArgument { case sandbox }

    @Option(help: "The processor: sandbox.")
    var processor: Processor

    @Flag(help: "Exit once nothing is left in flight.")
    var once = false

    @Option(help: "The sandbox's seed: the same seed decides the same way.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("The sandbox's own state (default: beside the store, NAME-sandbox.sqlite).", valueName: "path"))
    var sandboxState: String?

    @Option(help: "Percent of charges declined.") var declineRate = SandboxRates().decline
    @Option(help: "Percent of charges answered after the 5 s wait.") var lateRate = SandboxRates().late
    @Option(help: "Percent of results never pushed, found only by polling.") var lostNotificationRate = SandboxRates().lostNotification
    @Option(help: "Percent of banks refusing reversal.") var noReversalRate = SandboxRates().noReversal
    @Option(help: "Percent of refunds failing.") var refundFailureRate = SandboxRates().refundFailure
    @Option(help: "Multiplies the sandbox's delays: 0 answers at once.") var delayScale = SandboxRates().delayScale

    @OptionGroup var store: StoreOptions

    func validate() throws {
        for (name, rate) in [("--decline-rate", declineRate), ("--late-rate", lateRate), ("--lost-notification-rate", lostNotificationRate),
                             ("--no-reversal-rate", noReversalRate), ("--refund-failure-rate", refundFailureRate)] where !(0...100).contains(rate) {
            throw ValidationError("\(name) \(rate) is not a percentage from 0 to 100")
        }
        guard delayScale >= 0, delayScale.isFinite else { throw ValidationError("--delay-scale must be 0 or more") }
    }

    func run() async throws {
        let payDesk = try store.openForWriting("process payments")
        var rates = SandboxRates()
        rates.decline = declineRate
        rates.late = lateRate
        rates.lostNotification = lostNotificationRate
        rates.noReversal = noReversalRate
        rates.refundFailure = refundFailureRate
        rates.delayScale = delayScale
        let statePath = sandboxState ?? SandboxProcessor.statePath(forStore: store.path)
        let sandbox: SandboxProcessor
        do { sandbox = try SandboxProcessor(path: statePath, seed: seed, rates: rates, clock: PayDeskStore.systemClock) }
        catch { throw CommandFailure("\(statePath): cannot open the sandbox's state: \(error)") }
        let stop = StopRequest()
        let driver = LifecycleDriver(store: payDesk, processor: sandbox, clock: SystemDriverClock(), onProblem: { problem in
            Output.error("process: \(problem)")
        })
        do { try await driver.run(untilIdle: once, shouldStop: { stop.requested }) } catch {
            throw CommandFailure("process: \(error); run it again: nothing is ever sent twice")
        }
        let totals = try payDesk.statusTotals()
        let counts = PaymentStatus.allCases.compactMap { status -> String? in
            let orders = totals.filter { $0.status == status }.reduce(0) { $0 + $1.orders }
            return orders > 0 ? "\(orders) \(status.rawValue)" : nil
        }
        try Output.line("process: \(stop.requested ? "stopped" : "nothing left in flight"); the store holds \(counts.joined(separator: ", "))")
    }
}

/// Ctrl-C, SIGTERM or SIGHUP ask the driver to stop between passes; every write it made is already complete.
final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var stopped = false
    private var sources: [DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.stop() }
            source.resume()
            sources.append(source)
        }
    }

    var requested: Bool { lock.withLock { stopped } }

    private func stop() { lock.withLock { stopped = true } }
}
