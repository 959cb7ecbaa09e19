import Foundation
import GRDB
import OrderModel
import OrderStore
import PaymentProcessing

/// How often the sandbox does each unwelcome thing, in percent, and how slowly it answers.
public struct SandboxRates: Sendable, Equatable {
    /// Charges declined, the reason spread over every reason of docs/design.md §3 (PIN required / incorrect / locked
    /// out included).
    public var decline = 15
    /// Charges whose result takes longer than the driver's 5 s wait.
    public var late = 10
    /// Charges whose result is never pushed: only polling finds it.
    public var lostNotification = 10
    /// Charges at banks that refuse reversal.
    public var noReversal = 30
    /// Refunds that fail.
    public var refundFailure = 5
    /// Multiplies every delay: 0 answers at once (benchmarks), 1 is realistic.
    public var delayScale = 1.0
    /// The most `delayScale` may be: the longest delay, 30 s, becomes 8 hours and 20 minutes. Past some 10^14 a
    /// delay in milliseconds no longer fits in a time.
    public static let maximumDelayScale = 1_000.0

    /// `delayScale` as the sandbox uses it: within 0 and `maximumDelayScale` (the command line refuses other
    /// values; another caller's count as the nearest end, NaN as 1), so that a delay always fits in a time.
    var boundedDelayScale: Double { delayScale.isNaN ? 1 : min(max(delayScale, 0), Self.maximumDelayScale) }

    public init() {}
}

/// A stand-in for a real processor, seeded and deterministic: what happens to an operation depends only on the
/// seed and its idempotency key. It answers asynchronously, sometimes within 5 s, sometimes later, sometimes
/// only when polled; it declines, refuses reversals, fails refunds. Its own state lives in a SQLite file, as a
/// real processor's would live on its side, so that it survives the driver being killed; every request is
/// counted, so tests can prove nothing was sent twice.
public final class SandboxProcessor: PaymentProcessor {
    private let database: DatabaseQueue
    private let seed: UInt64
    private let rates: SandboxRates
    private let clock: @Sendable () -> Timestamp

    /// `PRAGMA application_id` of the sandbox's own file ("PDSX"), so that it is never mistaken for another.
    static let applicationID: Int32 = 0x5044_5358

    /// Opens the sandbox's state at `path`, creating it privately when absent; the file is checked as the
    /// store's files are (`StoreFiles`), so nobody else can plant or read it.
    public init(path: String, seed: UInt64 = 1, rates: SandboxRates = SandboxRates(),
                clock: @escaping @Sendable () -> Timestamp) throws {
        try StoreFiles.checkOrCreateOwnFile(path)
        for companion in StoreFiles.companions(of: path) { try StoreFiles.checkOrCreateOwnFile(companion) }
        var configuration = Configuration()
        // Its own file, written after every request: WAL without a sync per commit, as the store is.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        database = try DatabaseQueue(path: path, configuration: configuration)
        try database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        self.seed = seed
        self.rates = rates
        self.clock = clock
        try database.write { db in
            let marker = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name <> 'operations'") ?? 0
            guard marker == Self.applicationID || (marker == 0 && tables == 0) else {
                throw StoreError.unsafeFile(path: path, reason: "is not the sandbox processor's state")
            }
            try db.execute(sql: "PRAGMA application_id = \(Self.applicationID)")
            try db.execute(sql: """
                CREATE TABLE IF NOT EXISTS operations (
                    idempotency_key TEXT PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('charge', 'reversal', 'refund')),
                    reference TEXT NOT NULL,
                    order_id TEXT,
                    amount INTEGER NOT NULL,
                    result TEXT NOT NULL,
                    reason TEXT,
                    ready_at INTEGER NOT NULL,
                    pushes INTEGER NOT NULL,
                    pushed INTEGER NOT NULL DEFAULT 0,
                    requests INTEGER NOT NULL DEFAULT 1
                );
                CREATE INDEX IF NOT EXISTS operations_by_reference ON operations(reference, kind);
                CREATE INDEX IF NOT EXISTS operations_to_push ON operations(ready_at) WHERE pushes = 1 AND pushed = 0;
                """)
        }
    }

    // MARK: PaymentProcessor

    public func submitCharge(orderId: String, amount: Money, idempotencyKey: String) async throws -> String {
        try record(charge(ChargeRequest(orderId: orderId, amount: amount, idempotencyKey: idempotencyKey)))
    }

    /// A batch in one transaction, as a processor's batch API takes one request: all accepted, or none.
    public func submitCharges(_ charges: [ChargeRequest]) async -> [Result<String, any Error>] {
        let operations = charges.map(charge)
        do {
            let references = try await database.write { db in try operations.map { try Self.record($0, in: db) } }
            return references.map { .success($0) }
        } catch {
            return charges.map { _ in .failure(error) }
        }
    }

    public func chargeResult(reference: String) async throws -> ChargeResult {
        let now = clock().millisecondsSinceEpoch
        let row = try database.read { db in
            try Row.fetchOne(db, sql: "SELECT result, reason, ready_at FROM operations WHERE reference = ? AND kind = 'charge'",
                             arguments: [reference])
        }
        guard let row else { throw ProcessorUnavailable("sandbox: no charge \(reference)") }
        return Self.chargeResult(row, now: now)
    }

    public func notifications() async throws -> [(reference: String, result: ChargeResult)] {
        let now = clock().millisecondsSinceEpoch
        return try await database.write { db in
            // Marked pushed and read back in one statement, not an UPDATE a row: the oldest 1,000 that are ready.
            let rows = try Row.fetchAll(db, sql: """
                UPDATE operations SET pushed = 1
                WHERE rowid IN (SELECT rowid FROM operations WHERE pushes = 1 AND pushed = 0 AND ready_at <= ? ORDER BY ready_at LIMIT 1000)
                RETURNING reference, result, reason, ready_at
                """, arguments: [now])
            // RETURNING gives its rows in no particular order; they are pushed oldest first.
            return rows.sorted { ($0["ready_at"] as Int64) < ($1["ready_at"] as Int64) }
                .map { (reference: $0["reference"], result: Self.chargeResult($0, now: now)) }
        }
    }

    public func reverse(reference: String, idempotencyKey: String) async throws -> ReversalResult {
        guard case .succeeded = try await chargeResult(reference: reference) else {
            throw ProcessorUnavailable("sandbox: charge \(reference) has not succeeded; nothing to reverse")
        }
        var random = roll(reference)
        let refused = random.chance(rates.noReversal)
        _ = try record(Operation(key: idempotencyKey, kind: "reversal", reference: reference, orderId: nil, amount: 0,
                                 result: refused ? "unsupported" : "reversed", reason: nil, readyAt: clock(), pushes: false))
        guard case .reversal(let result) = try await lookup(idempotencyKey: idempotencyKey) else { throw ProcessorUnavailable("sandbox: \(idempotencyKey) is not a reversal") }
        return result
    }

    public func refund(reference: String, amount: Money, idempotencyKey: String) async throws -> RefundResult {
        guard case .succeeded = try await chargeResult(reference: reference) else {
            throw ProcessorUnavailable("sandbox: charge \(reference) has not succeeded; nothing to refund")
        }
        var random = roll(idempotencyKey)
        let failed = random.chance(rates.refundFailure)
        _ = try record(Operation(key: idempotencyKey, kind: "refund", reference: reference, orderId: nil, amount: amount.minorUnits,
                                 result: failed ? "failed" : "succeeded", reason: failed ? "card account closed" : nil, readyAt: clock(),
                                 pushes: false))
        guard case .refund(let result) = try await lookup(idempotencyKey: idempotencyKey) else { throw ProcessorUnavailable("sandbox: \(idempotencyKey) is not a refund") }
        return result
    }

    public func lookup(idempotencyKey: String) async throws -> ProcessorRecord? {
        let row = try database.read { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT kind, reference, result, reason FROM operations WHERE idempotency_key = ?"),
                             arguments: [idempotencyKey])
        }
        guard let row else { return nil }
        let result: String = row["result"]
        switch row["kind"] as String {
        case "charge": return .charge(reference: row["reference"])
        case "reversal": return .reversal(result == "reversed" ? .reversed : .unsupported)
        default: return .refund(result == "succeeded" ? .succeeded : .failed(row["reason"] ?? "refund failed"))
        }
    }

    /// Where `paydesk process` keeps the sandbox's state for a store: beside it, `NAME-sandbox.sqlite`.
    public static func statePath(forStore store: String) -> String {
        (store as NSString).deletingPathExtension + "-sandbox.sqlite"
    }

    /// Removes the sandbox's state at `path` and its `-wal` and `-shm`, when the file is the sandbox's own
    /// (its marker, or an older sandbox's only table); anything else is refused and left as it is.
    public static func removeState(at path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        try StoreFiles.checkOrCreateOwnFile(path)
        let queue = try DatabaseQueue(path: path, configuration: { var c = Configuration(); c.readonly = true; return c }())
        let isSandbox = try queue.read { db in
            let marker = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            return marker == applicationID || (marker == 0 && tables == ["operations"])
        }
        try queue.close()
        guard isSandbox else { throw StoreError.unsafeFile(path: path, reason: "is not the sandbox processor's state") }
        for file in [path] + StoreFiles.companions(of: path) { unlink(file) }
    }

    /// Takes over charges submitted before the sandbox saw them (the demo's simulated history), so that the
    /// driver can finish them: answered ones keep their recorded outcome; unanswered ones are decided as a new
    /// charge would be.
    public func adopt(_ charges: [AcceptedCharge]) throws {
        try database.write { db in
            for charge in charges {
                let key = "charge:\(charge.orderId)"
                var random = roll(key)
                let answered = charge.status != .charging
                let declined = answered ? [.failed, .canceled].contains(charge.status) : random.chance(rates.decline)
                let drawn = random.pick(FailureReason.allCases)
                let reason = charge.failureReason ?? drawn
                let delay = answered ? 0 : Int64(Double(Int.random(in: 1_000...20_000, using: &random)) * rates.boundedDelayScale)
                try db.execute(sql: """
                    INSERT INTO operations (idempotency_key, kind, reference, order_id, amount, result, reason, ready_at, pushes)
                    VALUES (?, 'charge', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING
                    """, arguments: [key, charge.reference, charge.orderId, charge.total.minorUnits, declined ? "failed" : "succeeded",
                                     declined ? reason.rawValue : nil, clock().adding(milliseconds: delay).millisecondsSinceEpoch,
                                     !answered && random.chance(100 - rates.lostNotification)])
            }
        }
    }

    // MARK: For tests and benchmarks

    /// How many requests arrived under each idempotency key: a driver that never sends twice leaves only 1s.
    public func requestCounts() throws -> [String: Int] {
        try database.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT idempotency_key, requests FROM operations").map {
                ($0["idempotency_key"] as String, $0["requests"] as Int)
            })
        }
    }

    // MARK: Inside

    /// An operation as the sandbox decided it on its first request.
    private struct Operation: Sendable {
        var key: String, kind: String, reference: String, orderId: String?, amount: Int64, result: String, reason: String?
        var readyAt: Timestamp, pushes: Bool
    }

    /// What happens to a charge: decided by the seed and its key alone.
    private func charge(_ request: ChargeRequest) -> Operation {
        var random = roll(request.idempotencyKey)
        let declined = random.chance(rates.decline)
        let reason = random.pick(FailureReason.allCases)
        let late = random.chance(rates.late)
        let pushes = !random.chance(rates.lostNotification)
        let delay = late ? Int.random(in: 6_000...30_000, using: &random) : Int.random(in: 200...4_000, using: &random)
        let reference = "sbx_ch_" + String(random.next() % 1_000_000_000_000, radix: 36)
        return Operation(key: request.idempotencyKey, kind: "charge", reference: reference, orderId: request.orderId,
                         amount: request.amount.minorUnits, result: declined ? "failed" : "succeeded", reason: declined ? reason.rawValue : nil,
                         readyAt: clock().adding(milliseconds: Int64(Double(delay) * rates.boundedDelayScale)), pushes: pushes)
    }

    private func record(_ operation: Operation) throws -> String {
        try database.write { db in try Self.record(operation, in: db) }
    }

    /// Stores an operation the first time its key is seen; a repeat only counts the request and returns the
    /// first answer's reference, as a real processor's idempotency does.
    private static func record(_ operation: Operation, in db: Database) throws -> String {
        // Cached statements: a benchmark sends thousands of requests a second through here.
        try db.cachedStatement(sql: """
            INSERT INTO operations (idempotency_key, kind, reference, order_id, amount, result, reason, ready_at, pushes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (idempotency_key) DO NOTHING
            """).execute(arguments: [operation.key, operation.kind, operation.reference, operation.orderId, operation.amount, operation.result,
                                     operation.reason, operation.readyAt.millisecondsSinceEpoch, operation.pushes])
        if db.changesCount == 1 { return operation.reference }
        try db.cachedStatement(sql: "UPDATE operations SET requests = requests + 1 WHERE idempotency_key = ?").execute(arguments: [operation.key])
        return try String.fetchOne(db.cachedStatement(sql: "SELECT reference FROM operations WHERE idempotency_key = ?"),
                                   arguments: [operation.key]) ?? operation.reference
    }

    private static func chargeResult(_ row: Row, now: Int64) -> ChargeResult {
        guard now >= row["ready_at"] as Int64 else { return .pending }
        if row["result"] as String == "succeeded" { return .succeeded }
        return .failed((row["reason"] as String?).flatMap(FailureReason.init(rawValue:)) ?? .processorError)
    }

    /// The same choices for the same seed and key, in every run: FNV-1a of the key, mixed with the seed.
    private func roll(_ key: String) -> SeededGenerator {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SeededGenerator(seed: hash)
    }
}
