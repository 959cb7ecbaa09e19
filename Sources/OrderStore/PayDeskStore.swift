import Foundation
import GRDB
import GRDBSQLite
import OrderModel

/// The PayDesk SQLite store: one file in WAL mode, opened read-write or truly read-only. Every named operation
/// is one transaction; the schema guards the money invariants a second time.
public final class PayDeskStore: Sendable {
    public let path: String
    public let isReadOnly: Bool
    let database: DatabasePool
    /// When "now" is; injectable so that tests and the demo control time.
    let clock: @Sendable () -> Timestamp

    public enum Mode: Sendable { case readWrite, readOnly }

    public static let systemClock: @Sendable () -> Timestamp = { Timestamp(date: Date()) }

    /// Opens the store at `path`, creating it when read-write and absent.
    /// `busyTimeout` is how long a write waits for another process's transaction before giving up.
    public init(path: String, mode: Mode = .readWrite, busyTimeout: TimeInterval = 5,
                clock: @escaping @Sendable () -> Timestamp = PayDeskStore.systemClock) throws(StoreError) {
        self.path = path
        self.isReadOnly = mode == .readOnly
        self.clock = clock
        let exists = FileManager.default.fileExists(atPath: path)
        if isReadOnly && !exists { throw .missing(path: path) }
        if !exists {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                catch { throw .cannotOpen(path: path, reason: "cannot create its folder") }
            }
        }

        var configuration = Configuration()
        configuration.readonly = isReadOnly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "PayDesk"
        let readOnly = isReadOnly
        configuration.prepareDatabase { db in
            // Keep the -wal and -shm files after the last writer closes, so that an OS user who may only read
            // the store and its folder can still open it.
            if !readOnly {
                var persist: CInt = 1
                _ = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &persist)
                // A bulk ingest dirties index pages all over the table; with room to keep them, and a WAL
                // checkpointed every 40 MB rather than every 4 MB, each page is written far fewer times. The
                // journal of ingest's per-line savepoints stays in memory instead of a temporary file.
                try db.execute(sql: "PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 10000; PRAGMA journal_size_limit = 67108864; PRAGMA temp_store = MEMORY")
            }
        }
        do {
            database = try DatabasePool(path: path, configuration: configuration)
            try Self.checkIdentity(database, path: path, readOnly: isReadOnly)
            if !isReadOnly { try Schema.migrator.migrate(database) }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Refuses files that are not ours, or are from a newer PayDesk, before anything is written to them.
    private static func checkIdentity(_ database: DatabasePool, path: String, readOnly: Bool) throws {
        try database.read { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
            if applicationID != Schema.applicationID && (tableCount > 0 || applicationID != 0) {
                throw StoreError.notAPayDeskStore(path: path)
            }
            let migrator = Schema.migrator
            if try migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
            if readOnly, try !migrator.hasCompletedMigrations(db) { throw StoreError.needsMigration(path: path) }
        }
    }

    /// Runs a read; SQLite errors become `StoreError`s.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError(error, path: path) }
    }

    /// Runs one write transaction (BEGIN IMMEDIATE, so concurrent writers queue instead of racing).
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard !isReadOnly else { throw .readOnly(path: path) }
        do { return try database.write(body) } catch { throw StoreError(error, path: path) }
    }

}
