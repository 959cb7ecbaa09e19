import Foundation
import OrderModel
import PayDeskSandbox
import PaymentProcessing

/// A test processor that is the sandbox except where it says otherwise: each double below overrides only
/// the calls it changes.
protocol SandboxBacked: PaymentProcessor {
    var sandbox: SandboxProcessor { get }
}

extension SandboxBacked {
    func submitCharge(orderId: String, amount: Money, idempotencyKey: String) async throws -> String {
        try await sandbox.submitCharge(orderId: orderId, amount: amount, idempotencyKey: idempotencyKey)
    }
    func chargeResult(reference: String) async throws -> ChargeResult { try await sandbox.chargeResult(reference: reference) }
    func notifications() async throws -> [(reference: String, result: ChargeResult)] { try await sandbox.notifications() }
    func reverse(reference: String, idempotencyKey: String) async throws -> ReversalResult {
        try await sandbox.reverse(reference: reference, idempotencyKey: idempotencyKey)
    }
    func refund(reference: String, amount: Money, idempotencyKey: String) async throws -> RefundResult {
        try await sandbox.refund(reference: reference, amount: amount, idempotencyKey: idempotencyKey)
    }
    func lookup(idempotencyKey: String) async throws -> ProcessorRecord? { try await sandbox.lookup(idempotencyKey: idempotencyKey) }
}

/// Unreachable for its first few charge submissions.
final class FlakyProcessor: SandboxBacked, @unchecked Sendable {
    let sandbox: SandboxProcessor
    private let lock = NSLock()
    // Guarded by `lock`.
    private var failures: Int

    init(wrapping sandbox: SandboxProcessor, failures: Int) {
        self.sandbox = sandbox
        self.failures = failures
    }

    func submitCharge(orderId: String, amount: Money, idempotencyKey: String) async throws -> String {
        let fails = lock.withLock {
            failures -= 1
            return failures >= 0
        }
        if fails { throw ProcessorUnavailable("processor is down") }
        return try await sandbox.submitCharge(orderId: orderId, amount: amount, idempotencyKey: idempotencyKey)
    }
}

/// Accepts charges and never answers them: no notification, and every poll says pending. Counts the polls
/// and when they came.
final class SilentProcessor: SandboxBacked, @unchecked Sendable {
    let sandbox: SandboxProcessor
    let clock: VirtualClock
    private let lock = NSLock()
    // Guarded by `lock`.
    private var pollTimes: [Timestamp] = []

    init(wrapping sandbox: SandboxProcessor, clock: VirtualClock) {
        self.sandbox = sandbox
        self.clock = clock
    }

    /// When each poll arrived, in order.
    var polls: [Timestamp] { lock.withLock { pollTimes } }

    func chargeResult(reference: String) async throws -> ChargeResult {
        lock.withLock { pollTimes.append(clock.now()) }
        return .pending
    }
    func notifications() async throws -> [(reference: String, result: ChargeResult)] { [] }
}

/// Its notifications fail, so every pass fails at its start, until it is healed.
final class BrokenNotifications: SandboxBacked, @unchecked Sendable {
    let sandbox: SandboxProcessor
    private let lock = NSLock()
    // Guarded by `lock`.
    private var broken = true

    init(wrapping sandbox: SandboxProcessor) { self.sandbox = sandbox }

    func heal() { lock.withLock { broken = false } }

    func notifications() async throws -> [(reference: String, result: ChargeResult)] {
        if lock.withLock({ broken }) { throw ProcessorUnavailable("webhook buffer unreachable") }
        return try await sandbox.notifications()
    }
}

/// Counts the charges in each batch it is sent.
final class BatchCounting: SandboxBacked, @unchecked Sendable {
    let sandbox: SandboxProcessor
    private let lock = NSLock()
    // Guarded by `lock`.
    private var sizes: [Int] = []

    init(wrapping sandbox: SandboxProcessor) { self.sandbox = sandbox }

    var batches: [Int] { lock.withLock { sizes } }

    func submitCharges(_ charges: [ChargeRequest]) async -> [Result<String, any Error>] {
        lock.withLock { sizes.append(charges.count) }
        return await sandbox.submitCharges(charges)
    }
}

/// Sends every batch on, but returns only the first half of the answers.
final class HalfAnswered: SandboxBacked, @unchecked Sendable {
    let sandbox: SandboxProcessor

    init(wrapping sandbox: SandboxProcessor) { self.sandbox = sandbox }

    func submitCharges(_ charges: [ChargeRequest]) async -> [Result<String, any Error>] {
        let answers = await sandbox.submitCharges(charges)
        return Array(answers.prefix(answers.count / 2))
    }
}

/// A webhook buffer slow to fill: each result the sandbox pushes is handed out only from the third collection
/// after its charge was submitted.
final class PushesLate: SandboxBacked, @unchecked Sendable {
    let sandbox: SandboxProcessor
    private let lock = NSLock()
    // Guarded by `lock`.
    private var collections = 0
    private var submittedAt: [String: Int] = [:]
    private var held: [(reference: String, result: ChargeResult)] = []

    init(wrapping sandbox: SandboxProcessor) { self.sandbox = sandbox }

    func submitCharges(_ charges: [ChargeRequest]) async -> [Result<String, any Error>] {
        let answers = await sandbox.submitCharges(charges)
        lock.withLock {
            for case .success(let reference) in answers { submittedAt[reference] = collections }
        }
        return answers
    }

    func notifications() async throws -> [(reference: String, result: ChargeResult)] {
        let pushed = try await sandbox.notifications()
        return lock.withLock {
            collections += 1
            held += pushed
            let due = held.filter { collections >= (submittedAt[$0.reference] ?? 0) + 3 }
            held.removeAll { collections >= (submittedAt[$0.reference] ?? 0) + 3 }
            return due
        }
    }
}
