import CursesTerminal
import Foundation
import OrderModel
import Synchronization
import TerminalCore

/// The only way out to the terminal for the command line. Text is neutralised line by line, so nothing that
/// came from outside (an order, an event, a token, a file name, an error quoting input) can steer the
/// operator's terminal, whichever path printed it; and a write that fails (a full disk, a closed file) ends
/// the command with an error instead of an exit status that says all went well.
enum Output {
    /// Writes lines of text to standard output.
    static func line(_ text: String) throws {
        try write(safe(text) + "\n", to: STDOUT_FILENO, name: "standard output")
    }

    /// Writes JSON text, already escaped by `JSONContract.text`, to standard output.
    static func json(_ text: String) throws {
        try write(text + "\n", to: STDOUT_FILENO, name: "standard output")
    }

    /// Writes CSV, whose cells `CSVTable` already made plainly visible, to standard output as it is: its CRLF
    /// line ends are the format's own.
    static func csv(_ table: CSVTable) throws {
        try write(table.text, to: STDOUT_FILENO, name: "standard output")
    }

    /// Text the command line made itself (a log line, a prompt already made safe, a progress line's own control
    /// sequence), on standard error as it is. A write that fails is dropped: there is nowhere else to say so. A
    /// standard error that takes nothing holds the writer until a stop is asked for or the process is leaving
    /// (`leaving`), so that neither waits on it for ever.
    static func errorAsIs(_ text: String) {
        _ = try? write(text, to: STDERR_FILENO, name: "standard error") { StopSignals.requested || leaving.load(ordering: .relaxed) }
    }

    /// Set by what ends the process on its own (the stuck-call watchdog): its last lines wait for nothing.
    static let leaving = Atomic<Bool>(false)

    /// A message for the person at the terminal, on standard error.
    static func error(_ text: String) {
        _ = try? write(safe(text) + "\n", to: STDERR_FILENO, name: "standard error")
    }

    /// Every line neutralised: control characters, escape sequences and bidi overrides become visible escapes.
    static func safe(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).neutralized }.joined(separator: "\n")
    }

    static func write(_ text: String, to descriptor: Int32, name: String, stopping: () -> Bool = { false }) throws {
        let problem = Array(text.utf8).withUnsafeBytes { DescriptorOutput.writeAll($0, to: descriptor, stopping: stopping) }
        if let problem { throw CommandFailure("cannot write \(name): \(String(cString: strerror(problem)))") }
    }
}
