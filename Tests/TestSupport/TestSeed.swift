import Foundation
import PayDeskSandbox

/// The seed of a test's random choices: PAYDESK_TEST_SEED when set, to replay a failure, else a fresh one.
/// Every expectation of such a test carries it in its comment (`"\(seed)"`), so that a failure prints it.
public struct TestSeed: CustomStringConvertible, Sendable {
    public let value: UInt64

    public init() {
        value = ProcessInfo.processInfo.environment["PAYDESK_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)
    }

    public var generator: SeededGenerator { SeededGenerator(seed: value) }
    public var description: String { "seed \(value) (replay with PAYDESK_TEST_SEED=\(value))" }
}
