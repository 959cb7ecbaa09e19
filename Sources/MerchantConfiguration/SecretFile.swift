import Foundation

/// Reading key material and trust settings the way ssh does: a private key others can read, or a file others
/// can write that decides what is trusted, is refused. Nothing read is ever repeated in a message.
public enum SecretFile {
    public struct Problem: Error, CustomStringConvertible {
        public var problem: String
        public var description: String { problem }
    }

    public static func read(_ path: String, secret: Bool, writableByOthersRefused: Bool) throws(Problem) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { throw Problem(problem: "\(path): \(String(cString: strerror(errno)))") }
        let mode = info.st_mode & 0o777
        if secret, mode & 0o077 != 0 {
            throw Problem(problem: "\(path): private key is readable by group or others (mode \(String(mode, radix: 8))); chmod 600 it")
        }
        if writableByOthersRefused, mode & 0o022 != 0 {
            throw Problem(problem: "\(path): writable by group or others (mode \(String(mode, radix: 8))); chmod go-w it")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(problem: "\(path): cannot read it") }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Error {
    /// The message of a configuration or file problem, without repeating the file's contents.
    var problem: String {
        switch self {
        case let problem as SecretFile.Problem: problem.problem
        case let error as ConfigurationError: error.description
        default: "\(self)"
        }
    }
}
