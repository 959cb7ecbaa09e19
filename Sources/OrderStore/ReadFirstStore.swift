import Synchronization

/// A store opened read-only, and for writing only when the first change comes.
///
/// Opening SQLite for writing writes to the store whenever its WAL is empty, as it is after the last process
/// closed cleanly: GRDB creates and drops a table so that readers find a WAL, and that commit waits for an
/// `fsync`. A session that only reads (the console until its first change, a command whose operator answers no)
/// should write nothing, so it reads through `reading` and asks `changing()` for the store that takes changes.
public final class ReadFirstStore: Sendable {
    /// Where every read goes. Declared before the writer: a class's properties are destroyed in the order they
    /// are declared, so the writer closes last and, as the store's last connection, empties the WAL.
    public let reading: PayDeskStore
    private let changes: Mutex<Changes>

    private enum Changes {
        case opened(PayDeskStore)
        case toOpen(@Sendable () throws(StoreError) -> PayDeskStore)
    }

    /// Reads and changes both go to `store`.
    public init(_ store: PayDeskStore) {
        reading = store
        changes = Mutex(.opened(store))
    }

    /// Reads go to `store`, opened read-only; `openForChanges` opens the store for writing when the first change
    /// comes, and that store takes every change after it.
    public init(reading store: PayDeskStore, openForChanges: @escaping @Sendable () throws(StoreError) -> PayDeskStore) {
        reading = store
        changes = Mutex(.toOpen(openForChanges))
    }

    /// Opens the store at `path` read-first. A store whose schema is older than this PayDesk's is opened for
    /// writing at once, to be upgraded (told to `upgradeReporter`); so is one missing its -wal or -shm, which a
    /// writer makes privately, in the store's group (`StoreFiles`), where SQLite would make them for a reader.
    public static func open(path: String, upgradeReporter: UpgradeReporter?) throws(StoreError) -> ReadFirstStore {
        func openForWriting() throws(StoreError) -> ReadFirstStore {
            ReadFirstStore(try PayDeskStore(path: path, mode: .readWrite, upgradeReporter: upgradeReporter))
        }
        guard StoreFiles.missingCompanions(of: path).isEmpty else { return try openForWriting() }
        // A store this user may not write is refused now, as a writer would refuse it, not after a question.
        let file = try StoreFiles.checkExisting(path, forWriting: true)
        let reading: PayDeskStore
        do {
            reading = try PayDeskStore(path: path, mode: .readOnly)
        } catch .needsMigration {
            return try openForWriting()
        }
        return ReadFirstStore(reading: reading, openForChanges: { () throws(StoreError) in
            // Changes go to the file the reads came from: another put at its path since (a restore by `mv`) is
            // another store, whose orders the operator has not seen.
            guard try StoreFiles.checkExisting(path, forWriting: true) == file else {
                throw .cannotOpen(path: path, reason: "another file has taken its place since it was opened; open it again")
            }
            return try PayDeskStore(path: path, mode: .readWrite)
        })
    }

    /// The store that takes changes, opened now if this is the first. When it cannot be opened, the change is
    /// not made, and the next change tries again.
    public func changing() throws(StoreError) -> PayDeskStore {
        try changes.withLock { (changes: inout Changes) throws(StoreError) -> PayDeskStore in
            switch changes {
            case .opened(let store):
                return store
            case .toOpen(let open):
                let store = try open()
                changes = .opened(store)
                return store
            }
        }
    }
}
