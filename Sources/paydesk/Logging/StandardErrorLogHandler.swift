import Foundation
import Logging
import OrderModel
import TerminalCore

/// One line per entry on stderr, in text or JSON, written with a single write under a lock so that entries
/// from concurrent tasks never interleave.
struct StandardErrorLogHandler: LogHandler {
    let format: LogOptions.Format
    var logLevel: Logger.Level
    /// `<N>` before each line, for journald.
    let syslogPriorityPrefix: Bool
    var metadata: Logger.Metadata = [:]

    init(format: LogOptions.Format, logLevel: Logger.Level, syslogPriorityPrefix: Bool = false) {
        self.format = format
        self.logLevel = logLevel
        self.syslogPriorityPrefix = syslogPriorityPrefix
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let line = self.line(LogEntry(time: Timestamp.now(), level: event.level, message: event.message.description,
                                      metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
        Self.lock.withLock { Output.errorAsIs(line) }
    }

    /// The whole line, newline included. An entry that JSON cannot hold is still written, as text, and says so.
    func line(_ entry: LogEntry) -> String {
        let body: String
        switch format {
        case .text:
            body = TextLogFormat.line(entry)
        case .json:
            do { body = try JSONLogFormat.line(entry) } catch {
                body = TextLogFormat.line(entry) + " json-failure=\(String(describing: error).neutralized)"
            }
        }
        return (syslogPriorityPrefix ? "<\(entry.level.syslogPriority)>" : "") + body + "\n"
    }

    private static let lock = NSLock()
}

/// A log entry as the formats see it.
struct LogEntry {
    var time: Timestamp
    var level: Logger.Level
    var message: String
    var metadata: Logger.Metadata
}

extension Logger.Level {
    /// syslog(3)'s priorities, as journald reads them.
    var syslogPriority: Int {
        switch self {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }
}
