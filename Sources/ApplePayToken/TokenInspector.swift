import Foundation
import OrderModel
import X509

/// Every check of docs/design.md §4 for an order being ingested, with the merchant's configured keys: the outcome is
/// stored with the order, masked. Safe to use from several threads at once.
public struct TokenInspector: TokenVerifying {
    let decryptor: TokenDecryptor
    let extraRoots: [Certificate]
    let replayWindow: TimeInterval
    let chains: ValidatedChains

    public init(keys: [MerchantKey], extraRoots: [Certificate] = [], replayWindow: TimeInterval = 300,
                chains: ValidatedChains = .shared) {
        decryptor = TokenDecryptor(keys: keys)
        self.extraRoots = extraRoots
        self.replayWindow = replayWindow
        self.chains = chains
    }

    public func verify(_ fields: PaymentTokenFields, orderTotal: Money, acceptedAt: Timestamp) -> TokenVerification {
        var checked = TokenCheck()
        do throws(TokenError) {
            try check(PaymentTokenData(fields: fields), now: acceptedAt.date, into: &checked)
            return TokenVerification(outcome: .verified, signingTime: checked.signingTime.map { Timestamp(date: $0).rfc3339 },
                                     root: checked.root, payment: checked.payment, orderTotal: orderTotal)
        } catch {
            let outcome: TokenVerification.Outcome = if case .keyNotFound = error { .noKey } else { .failed }
            return TokenVerification(outcome: outcome, problem: error.description, signingTime: checked.signingTime.map { Timestamp(date: $0).rfc3339 },
                                     root: checked.root)
        }
    }

    /// Every check of docs/design.md §4 in order (signature, markers, chain at the signing time, replay window around
    /// `now`, key, tag), then decryption. `paydesk decrypt` and ingest both come through here. What was learnt
    /// is filled in as each check passes, so a failure still says when the token was signed and by which root.
    public func check(_ token: PaymentTokenData, now: Date, into checked: inout TokenCheck) throws(TokenError) {
        let signature = try TokenSignature.verify(token)
        checked.signingTime = signature.signingTime
        checked.root = try TokenChain.validateWaiting(signature, extraRoots: extraRoots, cache: chains)
        try TokenChain.checkReplayWindow(signature, now: now, window: replayWindow)
        checked.payment = try decryptor.decrypt(token)
    }
}

/// What the checks of a token established, as far as they got.
public struct TokenCheck: Sendable {
    public var signingTime: Date?
    public var root: TokenRoot?
    public var payment: MaskedPaymentData?

    public init() {}
}

/// Whatever a task returns, handed to the thread waiting for it.
private final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once before `done` is signalled, read only after waiting on it.
    private var value: Value?

    func put(_ value: Value) {
        self.value = value
        done.signal()
    }

    func take() -> Value? {
        done.wait()
        return value
    }
}

/// A thread of its own for the asynchronous chain validation that synchronous callers wait for. Were it run on
/// Swift's cooperative pool, callers that block pool threads (tests, ingest inside a task) could leave no
/// thread to run it: a deadlock. Chains are validated rarely (the results are cached), so one thread is plenty.
private final class ChainValidationThread: TaskExecutor, @unchecked Sendable {
    static let shared = ChainValidationThread()
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []

    private init() {
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "paydesk chain validation"
        thread.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func run() {
        while true {
            let job = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

extension TokenChain {
    /// `validate` for synchronous callers such as ingest's parsing threads. A chain already validated is
    /// answered from the cache without leaving the thread.
    static func validateWaiting(_ signature: VerifiedSignature, extraRoots: [Certificate], cache: ValidatedChains) throws(TokenError) -> TokenRoot {
        if let root = cache.root(of: ValidatedChains.Key(leaf: signature.leaf, intermediate: signature.intermediate, extraRoots: extraRoots),
                                 at: signature.signingTime) { return root }
        let handoff = Handoff<Result<TokenRoot, TokenError>>()
        Task.detached(executorPreference: ChainValidationThread.shared) {
            do throws(TokenError) {
                handoff.put(.success(try await validate(signature, extraRoots: extraRoots, cache: cache)))
            } catch {
                handoff.put(.failure(error))
            }
        }
        guard let result = handoff.take() else { throw .chain("the chain could not be validated") }
        return try result.get()
    }
}
