import PayDeskSandbox
import Testing
@testable import paydesk_benchmarks

/// The full run measures what issue 17's figures are measured on; the smoke run is small, and still large enough to
/// stop where a full run would.
@Suite struct BenchmarkScaleTests {
    @Test func theFullRunKeepsTheSizesItsFiguresWereMeasuredOn() {
        let full = BenchmarkScale.full
        #expect(full.ingestOrders == 100_000 && full.storeOrders == 1_000_000 && full.lessLines == 1_000_000)
        #expect(full.jsonLines == 20_000 && full.tokenOrders == 20_000 && full.driverOrders == [10_000, 100_000])
        #expect(full.refundEvents == 50_000 && full.refundChunk == 10_000 && full.throughputSeconds == 2 && full.rounds == 31)
        // Then every operation is timed as often as its section asks
        #expect([1, 30, 200, 500].allSatisfy { full.repeats($0) == $0 })
    }

    @Test func theSmokeRunAsksForMoreThanADefaultDemoHolds() {
        // Given the smoke run's counts of demo orders
        let smoke = BenchmarkScale.smoke
        let demoCounts = [smoke.ingestOrders, smoke.storeOrders, smoke.jsonLines, smoke.tokenOrders] + smoke.driverOrders
        // Then each is above a default demo's, so that a section asking a default demo for them stops in CI
        #expect(demoCounts.allSatisfy { $0 > DemoStore.defaultOrders }, "\(demoCounts)")
        // And no operation is timed more than a few times
        #expect(smoke.repeats(500) == 3 && smoke.repeats(2) == 2)
    }
}
