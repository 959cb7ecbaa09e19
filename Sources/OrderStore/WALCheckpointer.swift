import Foundation
import GRDBSQLite

/// Checkpoints a store's WAL for ingest, beside its writer, on a thread and a connection of its own.
///
/// SQLite checkpoints in every commit while the WAL holds 10,000 pages or more: the writer copied the pages into
/// the store and waited for their `fsync`, and ingest waited with it, about a tenth of its time on 2 cores (the
/// writer sets ingest's pace). Here the copy and the wait happen beside the writer, which commits on into the WAL
/// meanwhile, and the WAL starts over at the first transaction after a checkpoint has copied all of it. A
/// checkpoint never waits for a lock (PASSIVE): one running elsewhere, or pages a reader still sees, are left
/// for the next. Should the checkpoints fall behind, the WAL is held to about the same bound as before
/// (`PayDeskStore.walBoundPages`, and what is written while a checkpoint or two run): the writer then waits for one
/// before its next transaction (`keepWALWithinBound`).
final class WALCheckpointer: @unchecked Sendable {
    /// Lines written between two checkpoints, about a page each: a bulk ingest asks once a batch, and `paydesk
    /// demo` or a slow `tail -f`, which write a line at a time, do not copy the same index pages over and over.
    static let linesPerCheckpoint = 1_000

    private let path: String
    private let file: (device: UInt64, inode: UInt64)
    private let work = NSCondition()
    // Guarded by `work`.
    /// Its own thread, started at the first checkpoint asked for: a dispatch queue's work lands on whichever pool
    /// thread is free, and ingest's parse then moved between two threads, each with memory of its own, so that
    /// ingest held up to 47 MiB more.
    private var thread: Thread?
    private var linesSinceRequest = 0
    private var requested = false
    private var running = false
    private var closing = false
    /// The WAL's pages at the last checkpoint that did not copy them all; 0 once one did, as the WAL then starts
    /// over at the next transaction.
    private var walPages = 0
    /// Only on `thread`: opened at its first checkpoint (again at the next, should that fail), closed as it ends.
    private var connection: OpaquePointer?

    /// `file` is the store's, as its checks at open saw it: a connection to any other file is refused.
    init(path: String, file: (device: UInt64, inode: UInt64)) {
        self.path = path
        self.file = file
    }

    /// Counts `lines` written, and checkpoints soon once enough have been since the last checkpoint was asked for.
    func wrote(_ lines: Int) {
        work.withLock {
            linesSinceRequest += lines
            if linesSinceRequest >= Self.linesPerCheckpoint { request() }
        }
    }

    /// Before a transaction: when the last checkpoint left the WAL at its bound, checkpoints now and waits, so that
    /// the transaction starts the WAL over (unless a reader still sees its pages, as with SQLite's own checkpoint,
    /// which was then tried at every commit: so is this, at every transaction).
    func keepWALWithinBound() {
        work.withLock {
            guard walPages >= PayDeskStore.walBoundPages else { return }
            request()
            while (requested || running) && thread != nil { work.wait() }
        }
    }

    /// Waits for the checkpoints asked for, then ends the thread and its connection: before the store's own
    /// connections close, so that the last of those leaves the WAL as the store's connections always do.
    func close() {
        work.withLock {
            closing = true
            work.broadcast()
            while thread != nil { work.wait() }
        }
    }

    /// With `work` locked.
    private func request() {
        linesSinceRequest = 0
        requested = true
        if thread == nil, !closing {
            let thread = Thread { [self] in checkpointWhenAsked() }
            thread.name = "paydesk.store.checkpoint"
            self.thread = thread
            thread.start()
        }
        work.broadcast()
    }

    /// The thread: a checkpoint at each request, until the store closes, then the connection closed with it.
    private func checkpointWhenAsked() {
        while work.withLock({ () -> Bool in
            while !requested, !closing { work.wait() }
            guard requested else { return false }
            (requested, running) = (false, true)
            return true
        }) {
            let pages = checkpoint()
            work.withLock {
                if let pages { walPages = pages }
                running = false
                work.broadcast()
            }
        }
        sqlite3_close(connection)
        work.withLock {
            thread = nil
            work.broadcast()
        }
    }

    /// The pages the checkpoint left in the WAL uncopied (`walPages`), or nil when none could be made.
    private func checkpoint() -> Int? {
        if connection == nil { connection = open() }
        var pages: Int32 = 0, copied: Int32 = 0
        guard let connection, sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &pages, &copied) == SQLITE_OK else {
            return nil
        }
        return copied < pages ? Int(pages) : 0
    }

    /// The store's file opened again, or nil: never through a symbolic link, and never another file than the one
    /// the store's checks saw (the store may be replaced after it was opened, and this opens at its first use).
    private func open() -> OpaquePointer? { Self.connection(to: path, file: file) }

    /// A connection of its own to the store at `path`, which must be `file`, or nil. It keeps the -wal and -shm
    /// files, and their size limit, as the store's connections do (`PayDeskStore.init`), and has read once, after
    /// which it knows the store is in WAL mode (a checkpoint is a no-op until then). No busy handler: it never
    /// waits for another process.
    static func connection(to path: String, file: (device: UInt64, inode: UInt64)) -> OpaquePointer? {
        var database: OpaquePointer?
        var persist: CInt = 1
        var seen = stat()
        guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil) == SQLITE_OK,
              stat(path, &seen) == 0, UInt64(seen.st_dev) == file.device, UInt64(seen.st_ino) == file.inode,
              sqlite3_file_control(database, nil, SQLITE_FCNTL_PERSIST_WAL, &persist) == SQLITE_OK,
              sqlite3_exec(database, "PRAGMA journal_size_limit = \(PayDeskStore.walSizeLimit); SELECT 1 FROM sqlite_master LIMIT 1",
                           nil, nil, nil) == SQLITE_OK
        else {
            sqlite3_close(database)
            return nil
        }
        return database
    }
}
