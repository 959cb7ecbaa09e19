import Foundation
import Testing

/// Waits for what a test expects to happen, never for a fixed time: `observe` is read every `interval` until
/// `isDone` holds of it, for at most `seconds`. The limit only matters when something is wrong; then the
/// issue names what was awaited and what was seen last, and the test stops there.
@discardableResult
func waitFor<Observation>(_ what: String, within seconds: Double = 30, every interval: Double = 0.05,
                          sourceLocation: SourceLocation = #_sourceLocation,
                          observe: () throws -> Observation, until isDone: (Observation) -> Bool) throws -> Observation {
    let clock = ContinuousClock()
    let deadline = clock.now + .milliseconds(Int(seconds * 1_000))
    while true {
        let seen = try observe()
        if isDone(seen) { return seen }
        guard clock.now < deadline else {
            Issue.record("timed out after \(seconds) s waiting for \(what); last seen:\n\(seen)", sourceLocation: sourceLocation)
            throw PayDeskBinary.Failure(message: "timed out waiting for \(what)")
        }
        Thread.sleep(forTimeInterval: interval)
    }
}

/// Waits for `process` to exit, for at most `seconds`.
func waitForExit(_ process: Process, _ what: String, within seconds: Double = 30,
                 sourceLocation: SourceLocation = #_sourceLocation) throws {
    try waitFor("\(what) to exit", within: seconds, sourceLocation: sourceLocation,
                observe: { process.isRunning ? "running" : "exited" }) { $0 == "exited" }
    process.waitUntilExit()
}

/// The text of a file a shell command writes, once it ends a line: whole, not half written.
func waitForLines(in path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    try waitFor("\(path) to be written", sourceLocation: sourceLocation,
                observe: { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }) { $0.hasSuffix("\n") }
}
