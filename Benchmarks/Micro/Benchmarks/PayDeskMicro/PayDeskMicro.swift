import Benchmark

// PayDesk's hot paths, one benchmark each: time, throughput, mallocs and peak memory, checked against the p90 values
// committed in Thresholds/ by `scripts/micro-benchmarks check`.
//
// The tolerances are for a 2-core machine shared with builds: time may drift by up to 60% (a 2× slowdown is
// +100%, throughput halved is -50%), mallocs by 20% and peak memory by 30%, since those hardly depend on load.
// Each sample is one operation (no inner loop): at tens to hundreds of microseconds, few samples span the moment
// another process takes the core, so the p90 the thresholds compare stays near the median. CPU time is not
// recorded: Linux counts it in 10 ms ticks here, longer than any of these operations.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 10,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000,
        thresholds: [
            .wallClock: .init(relative: [.p90: 60]),
            .throughput: .init(relative: [.p90: 40]),
            .mallocCountTotal: .init(relative: [.p90: 20]),
            .peakMemoryResident: .init(relative: [.p90: 30]),
        ]
    )
    ingestBenchmarks()
    textBenchmarks()
    consoleBenchmarks()
    tokenBenchmarks()
}
