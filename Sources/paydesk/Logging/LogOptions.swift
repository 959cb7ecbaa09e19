import ArgumentParser
import Foundation
import Logging

extension Logger.Level: @retroactive ExpressibleByArgument {}

/// `--log-level` and `--log-format`, and the bootstrap that sends every logger of the process to stderr in
/// that format (journald keeps stderr of a service).
struct LogOptions: ParsableArguments {
    enum Format: String, ExpressibleByArgument, CaseIterable, Sendable { case text, json }

    @Option(help: "The least severe entries logged: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    @Option(help: "text: one readable line per entry; json: one JSON object per line, for log shippers.")
    var logFormat: Format = .text

    /// Bootstraps swift-log once for the process and returns the logger for `label`.
    func bootstrap(label: String) -> Logger {
        let level = logLevel, format = logFormat
        let journal = JournalStream.isStandardError(ProcessInfo.processInfo.environment)
        LoggingSystem.bootstrap { _ in StandardErrorLogHandler(format: format, logLevel: level, syslogPriorityPrefix: journal) }
        return Logger(label: label)
    }
}

/// Whether stderr is connected to systemd's journal: systemd sets JOURNAL_STREAM to the stream's
/// "device:inode", and then a `<N>` prefix on each line gives the entry its syslog priority, so that
/// `journalctl -p warning` finds the warnings.
enum JournalStream {
    static func isStandardError(_ environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        var info = stat()
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]), fstat(STDERR_FILENO, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}
