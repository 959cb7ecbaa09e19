import Foundation
import OrderModel
import OrderStore
import TerminalCore

/// One `paydesk process` per store. The lock is flock(2) on `STORE.process-lock` beside the store's real file
/// (symbolic links resolved, so two paths to one store share one lock); the kernel releases it when the
/// process ends, however it ends, kill -9 included, and it is held for the rest of the process. The file says
/// who holds it, so that a second process can name the first. Never the SQLite file itself: the POSIX locks
/// on it are SQLite's, and closing any other descriptor of that file would drop them.
struct ProcessLock {
    let path: String
    /// Open, never closed: closing it would release the lock.
    private let descriptor: Int32

    /// Who holds a lock, as its file records it.
    struct Holder: Equatable {
        var pid: String
        var user: String
        var host: String
        var since: String

        var text: String { "pid \(pid)\nuser \(user)\nhost \(host)\nsince \(since)\n" }

        init(pid: String, user: String, host: String, since: String) {
            self.pid = pid
            self.user = user
            self.host = host
            self.since = since
        }

        /// Reads what `text` wrote; nil when the file says too little (its holder has not written it yet).
        init?(text: String) {
            var fields: [Substring: String] = [:]
            for line in text.split(separator: "\n") {
                guard let space = line.firstIndex(of: " ") else { continue }
                fields[line[..<space]] = String(line[line.index(after: space)...]).neutralized
            }
            guard let pid = fields["pid"], let user = fields["user"], let since = fields["since"] else { return nil }
            self.init(pid: pid, user: user, host: fields["host"] ?? "", since: since)
        }

        /// `pid 4242, user shop, since 2026-11-23T10:00:00Z`, and the host when it is another one.
        func description(seenFrom host: String) -> String {
            "pid \(pid), user \(user)" + (self.host == host || self.host.isEmpty ? "" : ", host \(self.host)") + ", since \(since)"
        }
    }

    /// Takes the lock for the store at `storePath` (which exists), or explains in one line why not. The file is
    /// made and checked as the store's own files are (`StoreFiles`: created with O_EXCL|O_NOFOLLOW, a regular
    /// file of this user that nobody else may write, in a folder nobody else may change), then opened without
    /// following a link and checked again by descriptor, so that nothing swapped in between is used.
    static func acquire(forStore storePath: String, holder: Holder) throws(CommandFailure) -> ProcessLock {
        let path = realPath(storePath) + ".process-lock"
        do { try StoreFiles.checkOrCreateOwnFile(path) } catch { throw CommandFailure(error) }
        let descriptor = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure("\(path): cannot be opened: \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(), info.st_mode & 0o022 == 0 else {
            close(descriptor)
            throw CommandFailure("\(path): changed while it was being opened; PayDesk will not use it")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            let recorded = busy ? Holder(text: recordedText(descriptor)) : nil
            close(descriptor)
            guard busy else { throw CommandFailure("\(path): cannot be locked: \(reason)") }
            let who = recorded.map { " (\($0.description(seenFrom: hostName())))" } ?? ""
            throw CommandFailure("another paydesk process\(who) is already running on \(storePath)")
        }
        let text = Array(holder.text.utf8)
        guard ftruncate(descriptor, 0) == 0, pwrite(descriptor, text, text.count, 0) == text.count else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw CommandFailure("\(path): cannot be written: \(reason)")
        }
        return ProcessLock(path: path, descriptor: descriptor)
    }

    /// This process, as the lock file records it.
    static func thisProcess(user: String, since: Timestamp) -> Holder {
        let wholeSeconds = Timestamp(millisecondsSinceEpoch: since.millisecondsSinceEpoch / 1_000 * 1_000)
        return Holder(pid: "\(getpid())", user: user, host: hostName(), since: wholeSeconds.rfc3339)
    }

    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The start of the file: a holder's record is a few dozen bytes.
    private static func recordedText(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self)
    }
}
