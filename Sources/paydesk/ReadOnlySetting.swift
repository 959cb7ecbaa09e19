import OrderModel
import TerminalCore

/// PAYDESK_READ_ONLY, read in this one place. It can only ever make a session read-only: 1, true, yes or on
/// force it; 0, false, no, off, empty or unset leave it to the flags. Anything else is a mistake, named wherever
/// read-only mode is explained, and meanwhile the session is read-only: a typo must never make it writable.
/// Commands that would write refuse with that explanation, the console runs read-only and says why, and
/// commands that only read run and warn.
enum ReadOnlySetting: Equatable {
    case notForced
    case forced
    case notUnderstood(String)

    static let variable = "PAYDESK_READ_ONLY"

    init(_ environment: [String: String]) {
        guard let value = environment[Self.variable] else { self = .notForced; return }
        switch value.trimmingCharacters(in: .whitespaces).lowercased() {
        case "1", "true", "yes", "on": self = .forced
        case "", "0", "false", "no", "off": self = .notForced
        default: self = .notUnderstood(value)
        }
    }

    /// Why the environment makes the session read-only, in the words errors and the console use; nil when it
    /// does not.
    var reason: String? {
        switch self {
        case .notForced: nil
        case .forced: "\(Self.variable) is set"
        case .notUnderstood(let value):
            "\(Self.variable)=\(quoted(value, limit: 24)) is none of 1, true, yes, on, 0, false, no, off; read-only until it is"
        }
    }
}
