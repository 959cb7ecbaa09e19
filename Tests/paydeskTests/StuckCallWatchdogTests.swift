import Foundation
import Testing
@testable import paydesk

@Suite struct StuckCallWatchdogTests {
    /// What the watchdog did, seen from the test.
    final class Fired: @unchecked Sendable {
        private let lock = NSLock()
        // Guarded by `lock`.
        private var count = 0

        func record() { lock.withLock { count += 1 } }
        var times: Int { lock.withLock { count } }
    }

    @Test func itFiresOnceWhenItsDeadlinePasses() throws {
        // Given a watchdog whose deadline is 50 ms away, armed by a run that never ends
        let fired = Fired()
        let watchdog = StuckCallWatchdog(deadline: 50) { fired.record() }
        // Then it fires, once (waited for, with a deadline of its own)
        let limit = Date().addingTimeInterval(30)
        while fired.times == 0 && Date() < limit { Thread.sleep(forTimeInterval: 0.01) }
        #expect(fired.times == 1)
        watchdog.cancel()
    }
}
