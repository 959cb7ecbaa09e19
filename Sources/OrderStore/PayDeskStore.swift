import Foundation
import GRDB
import GRDBSQLite
import OrderModel

/// The PayDesk SQLite store: one file in WAL mode, opened read-write or truly read-only, or a database in memory
/// for tests. Every named operation is one transaction; the schema guards the money invariants a second time.
public final class PayDeskStore: Sendable {
    /// The store's file, or `:memory:`.
    public let path: String
    public let isReadOnly: Bool
    /// A pool of connections on a file opened read-write (WAL: readers never wait for the writer); one connection
    /// on a file opened read-only, or in memory.
    let database: any DatabaseWriter
    /// When "now" is; injectable so that tests and the demo control time.
    let clock: @Sendable () -> Timestamp
    /// Checkpoints beside ingest's writer, on a file opened read-write.
    let checkpoints: WALCheckpointer?

    public enum Mode: Sendable { case readWrite, readOnly }

    /// A shop's store, or one `paydesk demo` made and may therefore replace.
    public enum Kind: String, Sendable { case shop, demo }

    /// Creates a new store at `path` on purpose, privately: its file, `-wal` and `-shm` are 0600 (0640 and in
    /// `group`, for monitors who may read it), new folders on the way 0700 (0750). Nothing is created when
    /// anything is already at `path`.
    public static func create(at path: String, kind: Kind = .shop, group: String? = nil,
                              clock: @escaping @Sendable () -> Timestamp = Timestamp.now) throws(StoreError) -> PayDeskStore {
        let groupID = try group.map(Self.groupID)
        try StoreFiles.createStore(path, group: groupID)
        do {
            let store = try PayDeskStore(path: path, mode: .readWrite, clock: clock)
            try store.record(kind)
            return store
        } catch {
            // Only the files just created, all of them empty or PayDesk's own: nothing else is ever removed.
            for file in [path] + StoreFiles.companions(of: path) { unlink(file) }
            throw error
        }
    }

    /// Opens the store at `path`, which must exist: a store is created on purpose (`create`, `paydesk init`),
    /// never as a side effect of a mistyped path. Its files are checked first (`StoreFiles`).
    /// `busyTimeout` is how long a write waits for another process's transaction before giving up. A read-write
    /// open upgrades an older store, telling `upgradeReporter` what it does and how far it has got.
    public init(path: String, mode: Mode = .readWrite, busyTimeout: TimeInterval = 5,
                clock: @escaping @Sendable () -> Timestamp = Timestamp.now, upgradeReporter: UpgradeReporter? = nil) throws(StoreError) {
        self.path = path
        self.isReadOnly = mode == .readOnly
        self.clock = clock
        let file = try StoreFiles.checkExisting(path, forWriting: !isReadOnly)
        checkpoints = isReadOnly ? nil : WALCheckpointer(path: path, file: file)

        var configuration = Self.configuration(busyTimeout: busyTimeout)
        configuration.readonly = isReadOnly
        let readOnly = isReadOnly
        configuration.prepareDatabase { db in
            // A bulk ingest dirties index pages all over the table, and a search reads a document for each of
            // its candidates: with room to keep those pages, each is read and written far fewer times. SQLite
            // takes the memory only as pages are read.
            // Sorts and temporary indexes (a search's), and the journal of ingest's per-line savepoints, stay in
            // memory instead of temporary files.
            try db.execute(sql: "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY")
            // Keep the -wal and -shm files after the last writer closes, so that an OS user who may only read
            // the store and its folder can still open it.
            if !readOnly {
                var persist: CInt = 1
                _ = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &persist)
                // A WAL checkpointed every 40 MB rather than every 4 MB writes each page fewer times.
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(Self.walBoundPages); PRAGMA journal_size_limit = \(Self.walSizeLimit)")
            }
        }
        do {
            if isReadOnly {
                // One connection: a reader has nothing to read beside, and a pool opens a connection for writes
                // that never come, reading the schema a second time before the first query.
                let queue = try DatabaseQueue(path: path, configuration: configuration)
                database = queue
                try Self.checkIdentity(queue, path: path, readOnly: true)
            } else {
                let pool = try DatabasePool(path: path, configuration: configuration)
                database = pool
                try Self.checkIdentity(pool, path: path, readOnly: false)
                // The identity check read through a connection opened before any migration: after one it would
                // go on decoding rows by the old schema's columns. Otherwise it is kept, its schema already read,
                // for the first query.
                if try Schema.upgrade(pool, reporter: upgradeReporter) { pool.invalidateReadOnlyConnections() }
            }
        } catch {
            let mapped = StoreError(error, path: path), missing = StoreFiles.missingCompanions(of: path)
            // SQLite says only "read-only" or "unable to open" when a reader may not create the -wal or -shm.
            switch mapped {
            case .readOnly, .cannotOpen:
                guard isReadOnly, !missing.isEmpty else { throw mapped }
                throw .cannotOpen(path: path, reason: "\(missing.joined(separator: " and ")) missing, and this user may not create them; "
                                  + "open the store once as its owner, who keeps them from then on")
            default:
                throw mapped
            }
        }
    }

    /// Lets SQLite copy the store's WAL into it and empty it, as it does when the last connection that may write
    /// closes. A process that only read (the console before its first change) holds connections that cannot, and
    /// while they were open no writer closing beside them could either: the WAL would stay, read again by the
    /// next process to open the store, and missing from a copy of the store's file alone. One connection is opened
    /// and closed again: its close checkpoints and empties the WAL when it is the store's last, and leaves it to
    /// the last otherwise. Nothing waits, migrates or is written but the checkpoint; nothing happens when the WAL
    /// is empty. Call it once this process has closed its own connections to the store.
    public static func emptyWAL(at path: String) throws(StoreError) {
        var info = stat()
        guard lstat(path + "-wal", &info) == 0, info.st_size > 0 else { return }
        let file = try StoreFiles.checkExisting(path, forWriting: true)
        sqlite3_close(WALCheckpointer.connection(to: path, file: file))
    }

    /// A new, empty store in memory, for tests: the same schema, operations and guards as a file, and nothing
    /// left behind. It lives as long as the store does.
    public static func inMemory(kind: Kind = .shop, clock: @escaping @Sendable () -> Timestamp = Timestamp.now) throws(StoreError) -> PayDeskStore {
        let store: PayDeskStore
        do {
            store = PayDeskStore(memory: try DatabaseQueue(configuration: configuration(busyTimeout: 5)), clock: clock)
            try Schema.migrator.migrate(store.database)
        } catch { throw StoreError(error, path: memoryPath) }
        try store.record(kind)
        return store
    }

    private func record(_ kind: Kind) throws(StoreError) {
        try write { db in try db.execute(sql: "INSERT INTO store_info (name, value) VALUES ('kind', ?)", arguments: [kind.rawValue]) }
    }

    static let memoryPath = ":memory:"
    /// The WAL's pages at which it is checkpointed in a commit, and the size it is cut back to when it starts over.
    static let walBoundPages = 10_000
    static let walSizeLimit = 64 << 20

    private init(memory database: DatabaseQueue, clock: @escaping @Sendable () -> Timestamp) {
        path = Self.memoryPath
        isReadOnly = false
        self.clock = clock
        self.database = database
        checkpoints = nil
    }

    deinit { checkpoints?.close() }

    /// What every connection shares, on a file or in memory.
    private static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        // Waiting for another writer, try again every millisecond: SQLite's own timeout backs off to 100 ms
        // sleeps, and would keep missing the short gap ingest leaves between its transactions.
        let attempts = Int(busyTimeout * 1000)
        configuration.busyMode = .callback { tries in
            guard tries < attempts else { return false }
            usleep(1000)
            return true
        }
        configuration.label = "PayDesk"
        return configuration
    }

    /// Refuses files that are not ours, or are from a newer PayDesk, before anything is written to them.
    private static func checkIdentity(_ database: some DatabaseReader, path: String, readOnly: Bool) throws {
        try database.read { db in
            let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
            let tableCount = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table'") ?? 0
            if applicationID != Schema.applicationID && (tableCount > 0 || applicationID != 0) {
                throw StoreError.notAPayDeskStore(path: path)
            }
            let migrator = Schema.migrator
            if try migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
            if readOnly, try !migrator.hasCompletedMigrations(db) {
                let applied = try migrator.appliedIdentifiers(db)
                let version = Schema.steps.prefix { applied.contains($0.identifier) }.last?.version ?? 0
                throw StoreError.needsMigration(path: path, version: version, needed: PayDeskStore.schemaVersion)
            }
        }
    }

    /// Whether `paydesk demo` made this store.
    public func kind() throws(StoreError) -> Kind {
        try read { db in
            let value = try String.fetchOne(db, sql: "SELECT value FROM store_info WHERE name = 'kind'")
            return value.flatMap(Kind.init(rawValue:)) ?? .shop
        }
    }

    private static func groupID(_ name: String) throws(StoreError) -> gid_t {
        guard let entry = getgrnam(name) else { throw .cannotOpen(path: name, reason: "no such group") }
        let gid = entry.pointee.gr_gid
        var groups = [gid_t](repeating: 0, count: Int(getgroups(0, nil)))
        let count = getgroups(Int32(groups.count), &groups)
        guard geteuid() == 0 || getegid() == gid || groups.prefix(Int(max(0, count))).contains(gid) else {
            throw .cannotOpen(path: name, reason: "\(StoreFiles.userName(geteuid())) is not a member of this group")
        }
        return gid
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

    /// Runs writes that open their own transactions (`Database.inTransaction(.immediate)`), for a caller that
    /// decides whether each commits.
    func writeTransactions<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard !isReadOnly else { throw .readOnly(path: path) }
        do { return try database.writeWithoutTransaction(body) } catch { throw StoreError(error, path: path) }
    }

}
