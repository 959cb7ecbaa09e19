import Foundation

/// The files of a store on disk: the database, SQLite's `-wal` and `-shm` beside it, and files PayDesk keeps next
/// to it (the sandbox processor's state). SQLite resolves symbolic links and opens whatever it finds, so the
/// kernel's protection of shared folders does not apply: before anything is opened, these checks do what
/// OpenSSH does with its own files. A file must be a regular file (never a link), owned by whoever the store
/// belongs to, and writable by nobody else; its folder must be writable by nobody else, unless it is sticky
/// (like /tmp), where others cannot touch files that are not theirs. Files are created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, so PayDesk never follows a link planted where it creates one.
public enum StoreFiles {
    /// SQLite's write-ahead log and its shared-memory index.
    public static func companions(of path: String) -> [String] { [path + "-wal", path + "-shm"] }

    /// Checks an existing store before it is opened, and returns the file it checked (a connection opened later
    /// makes sure it reaches the same one: `WALCheckpointer`). A writer must own it; a reader (a monitor) may read
    /// another user's store, whose `-wal` and `-shm` must then be that user's.
    /// A missing `-wal` or `-shm` is made now, privately, by a writer, so that nobody else can make it first; a
    /// reader leaves that to SQLite (see `missingCompanions`).
    public static func checkExisting(_ path: String, forWriting: Bool) throws(StoreError) -> (device: UInt64, inode: UInt64) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { throw .missing(path: path) }
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        let owner = info.st_uid
        try checkFile(path, info, owner: forWriting ? geteuid() : owner)
        try checkFolder(of: path, owner: owner)
        for companion in companions(of: path) {
            var companionInfo = stat()
            if lstat(companion, &companionInfo) == 0 {
                try checkFile(companion, companionInfo, owner: owner)
            } else if forWriting {
                try createPrivately(companion, mode: info.st_mode & 0o640, group: info.st_gid)
            }
        }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// The `-wal` and `-shm` that do not exist: a reader who may not create them cannot open a WAL store, and
    /// is told so rather than given SQLite's "unable to open".
    public static func missingCompanions(of path: String) -> [String] {
        var info = stat()
        return companions(of: path).filter { lstat($0, &info) != 0 }
    }

    /// Checks a file PayDesk keeps beside a store (the sandbox's state), creating it privately when absent.
    public static func checkOrCreateOwnFile(_ path: String) throws(StoreError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            try checkFile(path, info, owner: geteuid())
        } else {
            try createPrivately(path, mode: 0o600, group: nil)
        }
        try checkFolder(of: path, owner: geteuid())
    }

    /// Makes the folders of `path` that do not exist yet (mode 0700, or 0750 for a monitors' group) and the
    /// store file with its `-wal` and `-shm` (0600, or 0640), empty: SQLite takes empty files as a new database.
    static func createStore(_ path: String, group: gid_t?) throws(StoreError) {
        try createFolders(folder(of: path), mode: group == nil ? 0o700 : 0o750, group: group)
        try checkFolder(of: path, owner: geteuid())
        var info = stat()
        if lstat(path, &info) == 0 { throw .alreadyExists(path: path) }
        for companion in companions(of: path) where lstat(companion, &info) == 0 {
            throw .unsafeFile(path: companion, reason: "exists without its store; remove it if it is yours, then try again")
        }
        for file in [path] + companions(of: path) {
            try createPrivately(file, mode: group == nil ? 0o600 : 0o640, group: group)
        }
    }

    // MARK: Inside

    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    private static func checkFile(_ path: String, _ info: stat, owner: uid_t) throws(StoreError) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw .unsafeFile(path: path, reason: "is a symbolic link; give the path of the file itself")
        default: throw .unsafeFile(path: path, reason: "is not a regular file")
        }
        guard info.st_uid == owner else {
            throw .unsafeFile(path: path, reason: "is owned by \(userName(info.st_uid)), not \(userName(owner))")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw .unsafeFile(path: path, reason: "is writable by group or others (mode \(octal(info.st_mode))); chmod go-w it")
        }
    }

    /// The folder a store's files live in: owned by the store's owner or root, and writable by nobody else
    /// unless sticky.
    private static func checkFolder(of path: String, owner: uid_t) throws(StoreError) {
        let folder = folder(of: path)
        var info = stat()
        guard stat(folder, &info) == 0 else { throw .cannotOpen(path: path, reason: "its folder: \(String(cString: strerror(errno)))") }
        guard info.st_uid == owner || info.st_uid == 0 else {
            throw .unsafeFile(path: folder, reason: "is owned by \(userName(info.st_uid)), who could replace the store's files; "
                              + "keep the store in a folder of \(userName(owner))'s")
        }
        if info.st_mode & 0o022 != 0 && info.st_mode & S_ISVTX == 0 {
            throw .unsafeFile(path: folder, reason: "is writable by group or others (mode \(octal(info.st_mode))), who could replace "
                              + "the store's files; keep the store in a private folder")
        }
    }

    private static func createFolders(_ folder: String, mode: mode_t, group: gid_t?) throws(StoreError) {
        var info = stat()
        if stat(folder, &info) == 0 { return }
        try createFolders(self.folder(of: folder), mode: mode, group: group)
        guard mkdir(folder, mode) == 0 || errno == EEXIST else {
            throw .cannotOpen(path: folder, reason: "cannot create the folder: \(String(cString: strerror(errno)))")
        }
        // mkdir's mode passes through the umask; the folder gets exactly what was asked.
        if chmod(folder, mode) != 0 || (group.map { chown(folder, uid_t.max, $0) != 0 } ?? false) {
            throw .cannotOpen(path: folder, reason: "cannot set the folder's mode or group: \(String(cString: strerror(errno)))")
        }
    }

    /// Creates an empty file that did not exist, refusing to follow a link planted at its name.
    private static func createPrivately(_ path: String, mode: mode_t, group: gid_t?) throws(StoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw .unsafeFile(path: path, reason: "appeared while PayDesk was creating it; try again") }
            throw .cannotOpen(path: path, reason: "cannot create it: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        if fchmod(descriptor, mode) != 0 || (group.map { fchown(descriptor, uid_t.max, $0) != 0 } ?? false) {
            throw .cannotOpen(path: path, reason: "cannot set its mode or group: \(String(cString: strerror(errno)))")
        }
    }

    static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    static func octal(_ mode: mode_t) -> String { "0" + String(mode & 0o7777, radix: 8) }
}
