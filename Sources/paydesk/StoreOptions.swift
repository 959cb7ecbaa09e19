import ArgumentParser
import Foundation
import OrderModel
import OrderStore

/// The options every command that touches the store takes.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store to use.", valueName: "path"), completion: .store)
    var db: String?

    @Flag(name: .long, help: "Open the store read-only: nothing can be changed. PAYDESK_READ_ONLY=1 (true, yes, on) forces this.")
    var readOnly = false

    var environment: [String: String] { ProcessInfo.processInfo.environment }

    /// --db, else PAYDESK_DB, else $XDG_DATA_HOME/paydesk/paydesk.sqlite.
    var path: String {
        if let db { return db }
        if let path = environment["PAYDESK_DB"], !path.isEmpty { return path }
        return Paths.dataHome(environment) + "/paydesk/paydesk.sqlite"
    }

    /// Read-only when asked by flag or forced by the environment, which no flag can undo.
    var isReadOnly: Bool { readOnlyReason != nil }

    /// Why this session is read-only, in the words errors and the console use; nil when it is not.
    var readOnlyReason: String? {
        if let forced = ReadOnlySetting(environment).reason { return forced }
        return readOnly ? "--read-only was given" : nil
    }

    /// Why this user cannot change the store even when nothing forces read-only: its files belong to someone
    /// else, or cannot be written or created. Nil when the store is missing (there is nothing to say yet) or writable.
    var storeReadOnlyReason: String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        let user = Actor.currentLogin
        if info.st_uid != geteuid() {
            let owner = getpwuid(info.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } } ?? "uid \(info.st_uid)"
            return "the store belongs to \(owner), not \(user)"
        }
        if access(path, W_OK) != 0 { return "the store is not writable by \(user)" }
        // SQLite writes the -wal and -shm as well, and creates them in the store's folder when they are missing.
        let folder = (path as NSString).deletingLastPathComponent
        for file in StoreFiles.companions(of: path) {
            if lstat(file, &info) == 0 {
                if access(file, W_OK) != 0 { return "\(file) is not writable by \(user)" }
            } else if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
                return "\(folder) is not writable by \(user), and SQLite must create \((file as NSString).lastPathComponent) there"
            }
        }
        return nil
    }

    /// Opens the store for reading: read-only at the SQLite level, so a read never creates or changes a file.
    /// A PAYDESK_READ_ONLY that means nothing is reported, since the read goes ahead.
    func openForReading() throws -> PayDeskStore {
        if case .notUnderstood = ReadOnlySetting(environment), let reason = readOnlyReason {
            Output.error("paydesk: warning: \(reason)")
        }
        do { return try PayDeskStore(path: path, mode: .readOnly) } catch { throw CommandFailure(error) }
    }

    /// Opens the store for a change, refusing plainly when the session is read-only.
    func openForWriting(_ what: String) throws -> PayDeskStore {
        try refuseIfReadOnly(what)
        do { return try PayDeskStore(path: path, mode: .readWrite, upgradeReporter: upgradeReporter) } catch { throw CommandFailure(error) }
    }

    /// Opens the store for a change that may not come (the operator may answer no, the order may not exist),
    /// refusing plainly when the session is read-only: read-only, and for writing at the change (`ReadFirstStore`).
    func openForChange(_ what: String) throws -> ReadFirstStore {
        try refuseIfReadOnly(what)
        do { return try ReadFirstStore.open(path: path, upgradeReporter: upgradeReporter) } catch { throw CommandFailure(error) }
    }

    /// A change in a read-only session is refused before the store is opened, saying why.
    private func refuseIfReadOnly(_ what: String) throws {
        if let why = readOnlyReason { throw CommandFailure("cannot \(what): read-only mode (\(why)); nothing was changed") }
    }

    /// An upgrade of an older store says what it does on standard error, and how far a long migration has got.
    var upgradeReporter: UpgradeReporter {
        let lines = UpgradeLines(store: path) { Output.error($0) }
        return { lines.report($0) }
    }
}

extension Actor {
    /// The login name of the effective user.
    static var currentLogin: String {
        if let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        let environment = ProcessInfo.processInfo.environment
        return environment["USER"] ?? environment["LOGNAME"] ?? "uid \(geteuid())"
    }

    /// The operator running this process: the login name of the effective user; the label `PAYDESK_OPERATOR`
    /// gives (the forced command of their key in `authorized_keys`, when a team shares a login); and the SSH
    /// client from SSH_CONNECTION ("client-ip client-port server-ip server-port") when there is one. A label
    /// that cannot be recorded is refused, naming it, rather than dropped.
    static func current() throws -> Actor {
        let environment = ProcessInfo.processInfo.environment
        // The environment is the session's to set: what it says is kept plainly visible, never raw.
        let ssh = environment["SSH_CONNECTION"]?.split(separator: " ").prefix(2).joined(separator: " ").plainlyShown
        var label: String?
        if let given = environment["PAYDESK_OPERATOR"] {
            if let problem = Actor.checkOperatorLabel(given) { throw CommandFailure("PAYDESK_OPERATOR=\(quoted(given)): \(problem)") }
            label = given.trimmingCharacters(in: .whitespaces)
        }
        return Actor(login: currentLogin, operatorLabel: label, sshClient: ssh?.isEmpty == false ? ssh : nil)
    }
}
