import Foundation

/// A program run in a pseudo-terminal of its own, as an operator's SSH session runs it: its own session with the
/// pty as controlling terminal (less reads its keys from /dev/tty), a window size, and everything it writes read
/// back with the time it arrived.
final class PtySession {
    let pid: pid_t
    private let master: Int32
    private(set) var output: [UInt8] = []
    /// When the session started, just before the program was executed (monotonic nanoseconds).
    let started: UInt64

    /// Starts `executable` with `arguments` and exactly `environment`, in a `columns`×`rows` terminal.
    init(_ executable: String, _ arguments: [String], environment: [String: String], columns: UInt16, rows: UInt16) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0, let name = ttyname(slave) else { throw PtyFailure("openpty failed") }
        let slaveName = String(cString: name)
        defer { close(slave) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addclose(&actions, master)
        posix_spawn_file_actions_addclose(&actions, slave)
        // Opened after setsid, the pty becomes the new session's controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // POSIX_SPAWN_SETSID (glibc 2.26), a macro Swift does not import.
        posix_spawnattr_setflags(&attributes, 0x80)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        started = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw PtyFailure("cannot start \(executable): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        self.master = master
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    }

    /// Sends keys as typed, returning when they were written.
    @discardableResult
    func send(_ keys: String) -> UInt64 {
        let bytes = Array(keys.utf8)
        let at = DispatchTime.now().uptimeNanoseconds
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        return at
    }

    /// Reads what arrives until `done` says the output so far is enough, returning when its last byte arrived;
    /// nil when `seconds` pass first or the program ends.
    func read(until done: ([UInt8]) -> Bool, seconds: Double = 20) -> UInt64? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            guard let at = readChunk(waitingMilliseconds: 50) else { continue }
            if at == 0 { return nil }
            if done(output) { return at }
        }
        return nil
    }

    /// Reads until nothing more arrives for `quiet` milliseconds; returns when the last byte arrived, or nil
    /// when nothing did.
    func readUntilQuiet(milliseconds quiet: Int32) -> UInt64? {
        var last: UInt64?
        while let at = readChunk(waitingMilliseconds: quiet), at != 0 { last = at }
        return last
    }

    /// One read: the time it returned, 0 at the end of the output, nil when nothing came within the wait.
    private func readChunk(waitingMilliseconds: Int32) -> UInt64? {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, waitingMilliseconds) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        guard count > 0 else { return count == 0 || errno != EAGAIN ? 0 : nil }
        let at = DispatchTime.now().uptimeNanoseconds
        output += buffer.prefix(count)
        return at
    }

    /// Ends the program (SIGTERM, then SIGKILL after two seconds) and returns its peak resident memory in MiB.
    /// The peak is read from /proc before the end: the rusage of a spawned child also counts this process's
    /// memory, which it shared until exec.
    func end() -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Double($0) } ?? 0
        kill(pid, SIGTERM)
        var code: Int32 = 0
        let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        while waitpid(pid, &code, WNOHANG) == 0 {
            _ = readUntilQuiet(milliseconds: 10)
            if DispatchTime.now().uptimeNanoseconds > deadline { kill(pid, SIGKILL) }
        }
        close(master)
        return peak / 1024
    }
}

struct PtyFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Array where Element == UInt8 {
    /// Whether the bytes hold `text`'s UTF-8.
    func contains(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= count else { return false }
        return withUnsafeBufferPointer { haystack in
            (0...(haystack.count - needle.count)).contains { start in
                haystack[start] == needle[0] && haystack[start..<start + needle.count].elementsEqual(needle)
            }
        }
    }
}
