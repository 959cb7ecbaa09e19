import GRDB
import OrderModel

/// A failure an operator or a script can act on, in one line that names the store and what is wrong.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case alreadyExists(path: String)
    case unsafeFile(path: String, reason: String)
    case notADemoStore(path: String)
    case notAPayDeskStore(path: String)
    case notADatabase(path: String)
    case newerSchema(path: String)
    case needsMigration(path: String, version: Int, needed: Int)
    case readOnly(path: String)
    case locked(path: String)
    case cannotOpen(path: String, reason: String)
    case unknownOrder(String)
    case unknownRefund(String)
    case refused(String)
    case idempotencyConflict(String, detail: String)
    case database(String)

    public var description: String {
        switch self {
        case .missing(let path): "no store at \(path); create it with paydesk init"
        case .alreadyExists(let path): "\(path) already exists; nothing was changed"
        case .unsafeFile(let path, let reason): "\(path) \(reason); PayDesk will not use it"
        case .notADemoStore(let path):
            "\(path) is not a demo store made by paydesk demo; it was left as it is (choose another --db, or remove it yourself)"
        case .notAPayDeskStore(let path): "\(path): this SQLite file is not a PayDesk store"
        case .notADatabase(let path): "\(path): not a SQLite database, or the file is corrupted"
        case .newerSchema(let path): "\(path): the store was written by a newer PayDesk; upgrade this one to open it"
        case .needsMigration(let path, let version, let needed):
            "\(path): the store is at schema v\(version) and this PayDesk reads v\(needed); a read-only session cannot upgrade it: "
            + "wait for an upgrade already running, or have its owner open it once without --read-only, then try again"
        case .readOnly(let path): "\(path): the store is open read-only; nothing was changed"
        case .locked(let path): "\(path): another process kept the store locked too long; nothing was changed, try again"
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .unknownOrder(let id): "no order \(quoted(id)) in the store"
        case .unknownRefund(let id): "no refund \(quoted(id)) in the store"
        case .refused(let reason): reason
        case .idempotencyConflict(let key, let detail): "idempotency key \(quoted(key)): \(detail); nothing was changed"
        case .database(let message): "store error: \(message)"
        }
    }

    /// Maps SQLite's codes onto what they mean for the operator.
    init(_ error: Error, path: String) {
        if let storeError = error as? StoreError { self = storeError; return }
        guard let error = error as? DatabaseError else { self = .database("\(error)"); return }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .notADatabase(path: path)
        case .SQLITE_READONLY: self = .readOnly(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH:
            self = .cannotOpen(path: path, reason: error.message ?? "permission denied")
        case .SQLITE_CONSTRAINT:
            // Our triggers speak for themselves; SQLite's own constraint text is for developers.
            self = .refused(error.message ?? "the store refused the change")
        default: self = .database(error.message ?? "\(error.resultCode)")
        }
    }
}
