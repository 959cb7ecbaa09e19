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
    func refunds() throws -> [RefundView] { [] }
    func auditEntries(limit: Int) throws -> [AuditEntry] { [] }
    func requestCancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String, actor: Actor) throws -> CancelOutcome { throw NotHere() }
    func requestRefund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String,
                       actor: Actor) throws -> RefundView { throw NotHere() }
    func withdrawRefund(refundId: String, actor: Actor) throws -> RefundView { throw NotHere() }
}
