import Foundation
import OrderModel
import OrderStore
import Testing
@testable import PaymentProcessing

/// The polling backoff lives in the store: a restarted driver resumes it, and `--max-wait` ends a drain that a
/// silent processor would otherwise keep going forever.
@Suite struct PollScheduleTests {
    /// A scenario whose processor never answers, with one charge submitted at `start` by a first driver.
    struct Silent {
        let scenario: Scenario
        let processor: SilentProcessor
        let start: Timestamp

        init() async throws {
            scenario = try Scenario()
            processor = SilentProcessor(wrapping: scenario.sandbox, clock: scenario.clock)
            start = scenario.clock.now()
            try await driver().pass()
        }

        /// A driver as a new process would start it: nothing in memory.
        func driver() -> LifecycleDriver { LifecycleDriver(store: scenario.store, processor: processor, clock: scenario.clock) }

        /// Moves time to `seconds` after the submission and runs one pass of `driver`.
        func pass(at seconds: Double, _ driver: LifecycleDriver) async throws {
            let target = start.millisecondsSinceEpoch + Int64(seconds * 1_000)
            scenario.clock.advance(milliseconds: target - scenario.clock.now().millisecondsSinceEpoch)
            try await driver.pass()
        }

        /// When the polls came, in seconds after the submission.
        var pollSeconds: [Double] { processor.polls.map { Double($0.millisecondsSinceEpoch - start.millisecondsSinceEpoch) / 1_000 } }
    }

    @Test func aDriverRestartedMidBackoffDoesNotPollEarly() async throws {
        // Given a charge polled at 5 s and 6 s after its submission, so that the next poll is due at 8 s
        let silent = try await Silent()
        let first = silent.driver()
        try await silent.pass(at: 5, first)
        try await silent.pass(at: 6, first)
        #expect(silent.pollSeconds == [5, 6])
        // When the driver is replaced at 7 s, before that poll is due
        let restarted = silent.driver()
        try await silent.pass(at: 7, restarted)
        // Then the new driver does not poll early, and polls at 8 s, then waits 4 s as the first one would have
        #expect(silent.pollSeconds == [5, 6])
        try await silent.pass(at: 8, restarted)
        try await silent.pass(at: 11.999, restarted)
        try await silent.pass(at: 12, restarted)
        #expect(silent.pollSeconds == [5, 6, 8, 12])
    }

    @Test func aDriverRestartedAfterThePollWasDuePollsAtOnce() async throws {
        // Given a charge whose next poll was due at 8 s, and a driver that was down from 6 s to 10 minutes
        let silent = try await Silent()
        let first = silent.driver()
        try await silent.pass(at: 5, first)
        try await silent.pass(at: 6, first)
        // When a new driver starts
        let restarted = silent.driver()
        try await silent.pass(at: 600, restarted)
        // Then it polls on its first pass, and goes on with the backoff where it was (4 s, then 8 s)
        #expect(silent.pollSeconds == [5, 6, 600])
        try await silent.pass(at: 603, restarted)
        try await silent.pass(at: 604, restarted)
        try await silent.pass(at: 612, restarted)
        #expect(silent.pollSeconds == [5, 6, 600, 604, 612])
        let schedule = try #require(try silent.scenario.store.chargesInFlight(limit: 10).first?.pollSchedule)
        #expect(schedule == PollSchedule(due: silent.start.adding(milliseconds: 628_000), interval: 32_000))
    }

    @Test func aDrainWithADeadlineEndsWhenAProcessorNeverAnswers() async throws {
        // Given a charge whose processor never answers
        let silent = try await Silent()
        let deadline = silent.start.adding(milliseconds: 60_000)
        // When the driver drains with a deadline a minute away
        let stop = try await silent.driver().run(untilIdle: true, deadline: deadline)
        // Then it stops at the deadline, having polled with backoff meanwhile, and the charge is still in flight
        #expect(stop == .deadline)
        #expect(silent.scenario.clock.now() == deadline)
        #expect(silent.pollSeconds == [5, 6, 8, 12, 20, 36])
        let work = try silent.scenario.store.workInFlight(naming: 5)
        #expect(work.charging == 1 && work.toSubmit + work.refunds + work.reversals == 0 && work.firstOrderIds == silent.scenario.orderIds)
    }
}
