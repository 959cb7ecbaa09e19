import Benchmark
import OrderIngest
import OrderModel

/// A demo order line of 6.3 KB (`DemoStore(seed: 42)`'s first line, as `paydesk-benchmarks json` writes it):
/// contacts in Chinese, a shipping choice, four items and a token.
let orderLine = PackageResources.order_line_json
let benchmarkNow = Timestamp(millisecondsSinceEpoch: 1_795_253_400_000)

func ingestBenchmarks() {
    /// Ingest's cost per line before the store: the JSON, every field's validation, the fingerprint and the
    /// order's audit entry. At 100,000 lines a file, each microsecond here is a tenth of a second of `paydesk ingest`.
    Benchmark("ingest-order-line") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Ingester.problem(inLine: orderLine, now: benchmarkNow)) }
    } setup: {
        if let problem = Ingester.problem(inLine: orderLine, now: benchmarkNow) {
            throw BenchmarkInputError("the order line is refused: \(problem)")
        }
    }
}

/// A benchmark's input that is not what it should be: the run stops and says so.
struct BenchmarkInputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
