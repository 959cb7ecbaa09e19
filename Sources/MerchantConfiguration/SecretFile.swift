import Foundation

/// Reading key material and trust settings the way OpenSSH reads its own files: a private key others can read,
/// or a file others can write that decides what is trusted, is refused; so is such a file owned by another
/// user, or inside a folder (at any level above it) that another user could change, since whoever controls a
/// folder can swap the file in it. A sticky folder (like /tmp) is safe for what others do not own. Nothing
/// read is ever repeated in a message.
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
        if secret || writableByOthersRefused { try checkOwnerAndFolders(path, info) }
        guard let data = FileManager.default.contents(atPath: path) else { throw Problem(problem: "\(path): cannot read it") }
        return String(decoding: data, as: UTF8.self)
    }

    /// The file belongs to this user or root, and so does every folder above it, none of them writable by
    /// anyone else unless sticky. Checked on the resolved path: a link is judged by where it leads.
    private static func checkOwnerAndFolders(_ path: String, _ info: stat) throws(Problem) {
        let user = geteuid()
        guard info.st_uid == user || info.st_uid == 0 else {
            throw Problem(problem: "\(path): owned by \(userName(info.st_uid)); it must belong to \(userName(user))" + (user == 0 ? "" : " or root"))
        }
        guard let resolved = realpath(path, nil) else { throw Problem(problem: "\(path): \(String(cString: strerror(errno)))") }
        var folder = (String(cString: resolved) as NSString).deletingLastPathComponent
        free(resolved)
        while !folder.isEmpty {
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0 else { throw Problem(problem: "\(folder): \(String(cString: strerror(errno)))") }
            guard folderInfo.st_uid == user || folderInfo.st_uid == 0 else {
                throw Problem(problem: "\(path): its folder \(folder) belongs to \(userName(folderInfo.st_uid)), who could replace it")
            }
            if folderInfo.st_mode & 0o022 != 0 && folderInfo.st_mode & S_ISVTX == 0 {
                throw Problem(problem: "\(path): its folder \(folder) is writable by group or others "
                              + "(mode \(String(folderInfo.st_mode & 0o777, radix: 8))), who could replace it; chmod go-w it")
            }
            if folder == "/" { break }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    private static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
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
