import Foundation
import GRDBSQLite

/// Checkpoints a store's WAL on a thread and a connection of its own, as ingest's writer asks after each commit.
///
/// SQLite checkpoints in the commit that takes the WAL past 10,000 pages: the writer copied the pages into the
/// store and waited for their `fsync`, and ingest waited with it, about a tenth of its time on 2 cores (the
/// writer sets ingest's pace). Here the copy and the wait happen beside the writer, which commits on into the
/// WAL meanwhile. A checkpoint never waits for a lock (PASSIVE): one still running, or pages a reader still
/// sees, are left for the next. Should this one fall behind, SQLite's own checkpoint in the commit still comes
/// at 10,000 pages, so the WAL stays as bounded as before. Its failures are only a slower ingest: the writer's
/// commits report the store's real errors.
final class WALCheckpointer: @unchecked Sendable {
    private let path: String
    private let queue = DispatchQueue(label: "paydesk.store.checkpoint")
    private let requests = NSLock()
    /// Guarded by `requests`: a checkpoint is asked for and has not started yet.
    private var requested = false
    /// Only on `queue`: opened on first use (again at the next, should it fail), never again once closed.
    private var connection: OpaquePointer?
    private var closed = false

    init(path: String) { self.path = path }

    /// Checkpoints soon, once however often it is asked before the checkpoint starts.
    func checkpointSoon() {
        guard requests.withLock({ () -> Bool in
            defer { requested = true }
            return !requested
        }) else { return }
        queue.async { [self] in
            requests.withLock { requested = false }
            guard let connection = openedConnection() else { return }
            _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        }
    }

    /// Waits for a checkpoint under way and closes the connection: before the store's own connections close,
    /// so that the last of those leaves the WAL as the store's connections always do.
    func close() {
        queue.sync {
            sqlite3_close(connection)
            connection = nil
            closed = true
        }
    }

    private func openedConnection() -> OpaquePointer? {
        if connection == nil, !closed { connection = Self.open(path) }
        return connection
    }

    private static func open(_ path: String) -> OpaquePointer? {
        var database: OpaquePointer?
        var persist: CInt = 1
        // Keeps the -wal and -shm files when it closes, as the store's connections do (`PayDeskStore.init`); and a
        // read, after which the connection knows the store is in WAL mode (a checkpoint is a no-op until then).
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
              sqlite3_file_control(database, nil, SQLITE_FCNTL_PERSIST_WAL, &persist) == SQLITE_OK,
              sqlite3_exec(database, "SELECT 1 FROM sqlite_master LIMIT 1", nil, nil, nil) == SQLITE_OK
        else {
            sqlite3_close(database)
            return nil
        }
        return database
    }
}
