import Foundation
import GRDB

/// What an upgrade of the store's schema says as it goes (docs/design.md §2): that it is upgrading, which
/// migration runs and what it does, and how far one that walks every order has got. Only a read-write open
/// upgrades; creating a new store is not an upgrade and says nothing.
public enum UpgradeEvent: Sendable, Equatable {
    /// The store is at schema `from`; this PayDesk needs `to`.
    case upgrading(from: Int, to: Int)
    /// A migration begins: its version and what it does, in an operator's words.
    case migrating(version: Int, what: String)
    /// How far a migration that walks every order has got: `done` of `total` orders.
    case progress(version: Int, done: Int, total: Int)
    /// A migration is committed.
    case migrated(version: Int)
}

/// Receives upgrade events in order, on the thread that upgrades.
public typealias UpgradeReporter = @Sendable (UpgradeEvent) -> Void

/// How a migration that walks every order reports its progress: every `step` orders and after the last.
struct MigrationProgress: Sendable {
    static let step = 1_000
    let total: Int
    let report: @Sendable (_ done: Int) -> Void

    /// Called by the migration after each order it has walked: `done` so far.
    func walked(_ done: Int) {
        if done % Self.step == 0 || done == total { report(done) }
    }
}

/// One migration: its identifier in `grdb_migrations` ("v11"), what it does, and the work.
struct SchemaStep: Sendable {
    let identifier: String
    let what: String
    let run: @Sendable (Database, _ progress: (_ total: Int) -> MigrationProgress) throws -> Void

    init(_ identifier: String, _ what: String, _ run: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.what = what
        self.run = { db, _ in try run(db) }
    }

    /// A migration that walks every order, and says how far it has got.
    init(_ identifier: String, _ what: String, walkingOrders run: @escaping @Sendable (Database, MigrationProgress) throws -> Void) {
        self.identifier = identifier
        self.what = what
        self.run = { db, progress in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM orders") ?? 0
            try run(db, progress(total))
        }
    }

    var version: Int { Int(identifier.dropFirst()) ?? 0 }
}

extension Schema {
    /// A migrator of `steps` (all of them unless told), each announced to `reporter` as it begins.
    static func migrator(reporting reporter: UpgradeReporter?, only steps: [SchemaStep] = Schema.steps) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for step in steps {
            // Foreign keys stay on while a migration runs, so a step that breaks one fails at that statement. GRDB's
            // default turns them off and checks every foreign key of the store before committing, which on a
            // million orders kept read-only sessions out for seconds longer; no step rebuilds a table that others
            // reference, the one case that needs them off.
            migrator.registerMigration(step.identifier, foreignKeyChecks: .immediate) { db in
                reporter?(.migrating(version: step.version, what: step.what))
                try step.run(db) { total in
                    MigrationProgress(total: total) { done in reporter?(.progress(version: step.version, done: done, total: total)) }
                }
            }
        }
        return migrator
    }

    /// Brings the store to this build's schema, telling `reporter` when the store had a schema before (an
    /// upgrade), and nothing when it is new. Each migration is its own transaction: readers of the store (WAL)
    /// go on reading the schema before it until it commits. Returns whether it changed the schema.
    static func upgrade(_ writer: some DatabaseWriter, reporter: UpgradeReporter?) throws -> Bool {
        let applied = try writer.read { try migrator.appliedIdentifiers($0) }
        let pending = steps.filter { !applied.contains($0.identifier) }
        guard let first = pending.first else { return false }
        guard !applied.isEmpty, let reporter else {
            try migrator.migrate(writer)
            return true
        }
        let before = steps.prefix { $0.identifier != first.identifier }.last?.version ?? 0
        reporter(.upgrading(from: before, to: steps.last?.version ?? 0))
        // One step at a time, so that each is reported once committed. A migrator of that step alone, since
        // GRDB refuses to migrate "up to" a step that precedes one already applied (as tests set stores back).
        for step in pending {
            try migrator(reporting: reporter, only: [step]).migrate(writer)
            reporter(.migrated(version: step.version))
        }
        return true
    }
}

/// The lines `paydesk` writes on standard error for an upgrade: one per migration with what it does, and for a
/// long one its percentage at most every `interval` and a last line when it is done. Nothing else, so that a
/// pipe or a log is not flooded.
public final class UpgradeLines: @unchecked Sendable {
    private let store: String
    private let interval: UInt64
    private let clock: @Sendable () -> UInt64
    private let write: @Sendable (String) -> Void
    private let lock = NSLock()
    /// When the current migration began and when its last line was written (nanoseconds); whether it printed
    /// progress. Guarded by `lock`.
    private var state: (began: UInt64, lastLine: UInt64, showedProgress: Bool) = (0, 0, false)

    /// `clock` is monotonic nanoseconds; `interval` is in seconds.
    public init(store: String, interval: Double = 5, clock: @escaping @Sendable () -> UInt64 = { DispatchTime.now().uptimeNanoseconds },
                write: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.interval = UInt64(interval * 1e9)
        self.clock = clock
        self.write = write
    }

    public func report(_ event: UpgradeEvent) {
        let now = clock()
        let line: String? = lock.withLock {
            switch event {
            case .upgrading(let from, let to):
                return "paydesk: upgrading \(store) from schema v\(from) to v\(to); read-only sessions cannot open it until this is done"
            case .migrating(let version, let what):
                state = (now, now, false)
                return "paydesk: v\(version): \(what)"
            case .progress(let version, let done, let total):
                guard now - state.lastLine >= interval, done < total else { return nil }
                state.lastLine = now
                state.showedProgress = true
                return "paydesk: v\(version): \(done * 100 / max(total, 1))% (\(done) of \(total) orders)"
            case .migrated(let version):
                guard state.showedProgress || now - state.began >= interval else { return nil }
                let tenths = (now - state.began) / 100_000_000
                return "paydesk: v\(version): done in \(tenths / 10).\(tenths % 10) s"
            }
        }
        if let line { write(line) }
    }
}
