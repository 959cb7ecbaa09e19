import Benchmark
import ConsoleUI
import OrderModel
import TerminalCore

func consoleBenchmarks() {
    /// The console draws its whole view into a screen buffer on every key and every second's tick, before the diff
    /// that reaches the terminal: the orders list at 132×40 with fifty rows of mixed scripts, the header's totals
    /// and glance. A key that moves the selection leaves the header's facts as they were, so its frame reuses the
    /// last header (`HeaderFacts`): `console-frame` is such a frame. A tick moves the time the header shows:
    /// `console-two-tick-frames` draws two frames a second apart, each with its header.
    Benchmark("console-frame") { (benchmark: Benchmark, state: ConsoleState) in
        for _ in benchmark.scaledIterations { blackHole(state.view()) }
    } setup: {
        try consoleOnSampleOrders()
    }

    Benchmark("console-two-tick-frames") { (benchmark: Benchmark, states: [ConsoleState]) in
        for _ in benchmark.scaledIterations {
            blackHole(states[0].view())
            blackHole(states[1].view())
        }
    } setup: {
        let state = try consoleOnSampleOrders()
        var aSecondLater = state
        _ = aSecondLater.update(.tick(benchmarkNow.adding(milliseconds: 1_000)))
        return [state, aSecondLater]
    }

    /// What a move to other rows sends to the terminal once the view has drawn it (End on the fifty orders, as a
    /// page down on a larger store): every row of the list changes, and the encoder finds the runs that did, the
    /// looks and the glyphs of mixed scripts (ECMA-48's spelling, as xterm's terminfo gives it).
    /// Its samples spread from 0.1 to 0.18 ms, and package-benchmark records a throughput threshold from the fast
    /// end of them while it checks the slow end: the wall clock's p90 says the same without that mismatch.
    var wallClockOnly = Benchmark.defaultConfiguration
    wallClockOnly.metrics = [.wallClock, .mallocCountTotal, .peakMemoryResident]
    Benchmark("frame-encode-new-rows", configuration: wallClockOnly) { (benchmark: Benchmark, frames: [ScreenBuffer]) in
        let controls = ecma48()
        for _ in benchmark.scaledIterations { blackHole(FrameEncoder.bytes(from: frames[0], to: frames[1], controls: controls)) }
    } setup: {
        var state = try consoleOnSampleOrders()
        let before = state.view()
        _ = state.update(.key(.end))
        let after = state.view()
        guard before.lines[10] != after.lines[10] else { throw BenchmarkInputError("End changed no row of the list") }
        return [before, after]
    }
}

/// Cursor movements, looks and erases as ECMA-48 spells them, one look a role.
private func ecma48() -> TerminalControls {
    TerminalControls(
        moveCursor: { output, y, x in output += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) },
        changeLook: { output, _, role in output += Array("\u{1B}[0;1;38;5;\(role.rawValue.utf8.count)m".utf8) },
        plain: Array("\u{1B}[m".utf8),
        eraseToEndOfRow: { $0 == .text ? Array("\u{1B}[K".utf8) : nil },
        glyph: { output, text, _ in output += text.utf8 },
        scrollsAtLastCell: false, movesOnlyWhenPlain: false)
}

/// A console on the fifty sample orders, every first read answered.
private func consoleOnSampleOrders() throws -> ConsoleState {
    var state = ConsoleState(size: Size(width: 132, height: 40), storeName: "shop.sqlite", readOnlyReason: nil, now: benchmarkNow)
    let effects = StoreEffects(store: ListOnlyStore(), actor: Actor(login: "bench"), exports: ExportFolder(path: "/nonexistent"),
                               clock: { benchmarkNow })
    var queue = state.initialEffects()
    while !queue.isEmpty {
        if let message = effects.perform(queue.removeFirst()) { queue += state.update(message) }
    }
    guard state.view().lines.joined().contains(SampleOrders.rows[0].orderId) else {
        throw BenchmarkInputError("the orders list shows no orders:\n\(state.view().lines.joined(separator: "\n"))")
    }
    return state
}

/// A store that has the fifty sample orders and nothing else: the orders list needs no more.
struct ListOnlyStore: ConsoleStore {
    struct NotHere: Error, CustomStringConvertible { var description = "not in the benchmark's store" }

    func changeToken() throws -> Int64 { 1 }
    func orders(_ query: OrderQuery) throws -> [OrderSummary] { Array(SampleOrders.rows.prefix(query.limit)) }
    func searchReach(_ query: OrderQuery) throws -> SearchReach { .complete }
    func statusTotals() throws -> [StatusTotal] {
        SampleOrders.statuses.map { status in
            let rows = SampleOrders.rows.filter { $0.status == status && $0.total.currency.code == "CNY" }
            return StatusTotal(status: status, orders: rows.count,
                               amount: .exact(Money(minorUnits: rows.reduce(0) { $0 + $1.total.minorUnits }, currency: SampleOrders.currencies[0])))
        }
    }
    func shopActivity(asOf: Timestamp) throws -> ShopActivity {
        ShopActivity(asOf: asOf, minutes: [], chargesWaiting: 3, recentCharges: [], pendingRefunds: 2)
    }
    func order(_ orderId: String) throws -> OrderDetail { throw NotHere() }
    func refunds(limit: Int?) throws -> [RefundView] { [] }
    func auditEntries(limit: Int) throws -> [AuditEntry] { [] }
    func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome { throw NotHere() }
    func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView { throw NotHere() }
    func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView { throw NotHere() }
}
