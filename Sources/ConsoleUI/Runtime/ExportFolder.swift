#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OrderModel

/// The folder `e` writes into, chosen by the app (paydesk: `$XDG_DATA_HOME/paydesk/exports`). The files hold
/// customers' names, so the folders it creates are 0700 and each file 0600. A file is written under a temporary
/// name and linked to its final one only when whole, and an existing file is never replaced.
public struct ExportFolder: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// A failure, as one line naming the file or folder and the reason.
    public struct Failure: Error, Sendable {
        public var path: String
        public var problem: String
    }

    /// Writes `text` to `NOUN-2026-11-23T22-58-04Z.csv` (then `-2`, `-3`, … if taken) and returns its path.
    public func save(_ text: String, noun: String, at time: Timestamp) throws(Failure) -> String {
        try makeFolders()
        // To the second, without colons, which some tools and file systems take for something else.
        let stamp = time.rfc3339.split(separator: ".")[0].replacing(":", with: "-").replacing("Z", with: "")
        let base = "\(path)/\(noun)-\(stamp)Z"
        let temporary = try writeTemporary(text, near: base)
        defer { unlink(temporary) }
        for attempt in 1...100 {
            let final = attempt == 1 ? "\(base).csv" : "\(base)-\(attempt).csv"
            // link(2) never replaces what is there, unlike rename(2).
            if link(temporary, final) == 0 { return final }
            guard errno == EEXIST else { throw Failure(path: final, problem: Self.reason(errno)) }
        }
        throw Failure(path: "\(base).csv", problem: "a hundred files of that name exist already")
    }

    /// Creates the folder and those above it that are missing, each 0700.
    private func makeFolders() throws(Failure) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o700) != 0, errno != EEXIST { throw Failure(path: current, problem: Self.reason(errno)) }
        }
    }

    /// The whole text in a new 0600 file beside the final name, flushed to the disk; its path.
    private func writeTemporary(_ text: String, near base: String) throws(Failure) -> String {
        var template = Array("\(base).csv.partial-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A failure names the file the operator asked for: the temporary one is gone with it.
        guard descriptor >= 0 else { throw Failure(path: "\(base).csv", problem: Self.reason(errno)) }
        var problem: Int32 = fchmod(descriptor, 0o600) == 0 ? 0 : errno
        if problem == 0 {
            problem = Array(text.utf8).withUnsafeBytes { bytes in
                var offset = 0
                guard let start = bytes.baseAddress else { return 0 }
                while offset < bytes.count {
                    let written = write(descriptor, start + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return errno
                    }
                    offset += written
                }
                return 0
            }
        }
        if problem == 0, fsync(descriptor) != 0 { problem = errno }
        if close(descriptor) != 0, problem == 0 { problem = errno }
        guard problem == 0 else {
            unlink(temporary)
            throw Failure(path: "\(base).csv", problem: Self.reason(problem))
        }
        return temporary
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
