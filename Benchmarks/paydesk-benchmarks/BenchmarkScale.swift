/// How much each section does: in full, what issue 17's figures are measured on; with `--smoke`, just enough to show
/// in a minute, on a debug build, that every section still runs to its end. `.ci/run` runs the smoke run, so that a
/// change that stops a section is found by CI rather than by the next person to measure. Its figures mean nothing.
struct BenchmarkScale {
    /// Order lines in ingest's input (ingest, stages, contention).
    var ingestOrders: Int
    /// Orders in the large store (store, search, console, startup) when `--orders` does not say.
    var storeOrders: Int
    /// Lines of the file `less` pages through (startup).
    var lessLines: Int
    var jsonLines: Int
    /// Orders ingested with real tokens and the merchant's keys.
    var tokenOrders: Int
    /// The driver's runs, the first alone with `--quick`.
    var driverOrders: [Int]
    /// Refund events on one order, and how many are ingested at a time.
    var refundEvents: Int, refundChunk: Int
    /// How long each token operation repeats, and the rounds in which the ratio's operations take turns.
    var throughputSeconds: Double, rounds: Int
    /// The most times any one operation is timed; nil times it as often as its section asks.
    var mostRepeats: Int?

    static let full = BenchmarkScale(ingestOrders: 100_000, storeOrders: 1_000_000, lessLines: 1_000_000, jsonLines: 20_000,
                                     tokenOrders: 20_000, driverOrders: [10_000, 100_000], refundEvents: 50_000, refundChunk: 10_000,
                                     throughputSeconds: 2, rounds: 31, mostRepeats: nil)
    /// Each count of demo orders above a default demo's (`DemoStore.defaultOrders`), so that a section that asks a
    /// default demo for more orders than it holds stops here as it would in full.
    static let smoke = BenchmarkScale(ingestOrders: 300, storeOrders: 600, lessLines: 1_000, jsonLines: 250, tokenOrders: 250,
                                      driverOrders: [250, 300], refundEvents: 40, refundChunk: 20,
                                      throughputSeconds: 0.02, rounds: 3, mostRepeats: 3)

    /// How many times to time an operation its section would time `times` times.
    func repeats(_ times: Int) -> Int { min(times, mostRepeats ?? times) }
}

/// A section that cannot run here (no `less`, no paydesk binary, no test vectors, a program that never drew) says
/// why and is left out of a full run, whose other sections go on; a smoke run, which is there to show that every
/// section runs, stops with the reason instead.
func skipSection(because reason: String) throws {
    guard !options.smoke else { throw SectionSkipped(reason: reason) }
    print("  \(reason)")
}

struct SectionSkipped: Error, CustomStringConvertible {
    let reason: String
    var description: String { "a smoke run skips no section: \(reason)" }
}
