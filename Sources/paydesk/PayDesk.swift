import ArgumentParser
import Foundation

@main
struct PayDesk: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paydesk",
        abstract: "A terminal console for merchants who take Apple Pay in-app payments.",
        discussion: """
            Orders, payments and refunds live in one SQLite store (--db, else PAYDESK_DB, else \
            $XDG_DATA_HOME/paydesk/paydesk.sqlite). PAYDESK_READ_ONLY=1 (true, yes, on) makes every command \
            read-only, whatever its flags say; 0, false, no, off or empty leave it to the flags, and any other value \
            is reported and keeps it read-only. Try `paydesk demo` for a store with realistic orders, opened in the console.
            """,
        version: Version.text,
        subcommands: [
            LiveConsoleCommand.self, InitCommand.self, DemoCommand.self, IngestCommand.self, OrdersCommand.self, CancelCommand.self, RefundCommand.self, ReleaseCommand.self,
            RefundsCommand.self, AuditCommand.self, OutboxCommand.self, ProcessCommand.self, DecryptCommand.self, InfoCommand.self,
        ],
        defaultSubcommand: LiveConsoleCommand.self)

    /// One line on stderr for every failure a user can cause, then a non-zero exit.
    static func main() async {
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if let console = LiveConsoleCommand(quickArguments: arguments) {
                // Run as it is: asking whether it is asynchronous would look through every conformance in the
                // binary, the first time a process asks (0.13 ms before the console's first frame).
                try console.run()
                return
            }
            var command: ParsableCommand
            do { command = try parseAsRoot(arguments) } catch {
                // A mistyped command fails as an argument of the console; name the nearest command instead.
                guard let unknown = UnknownCommand(arguments, root: Self.self) else { throw error }
                throw CommandFailure(unknown.message, exitCode: ExitCode.validationFailure.rawValue)
            }
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Output.error("paydesk: \(failure.message)")
            Foundation.exit(failure.exitCode)
        } catch {
            // ArgumentParser's own messages quote what was typed; they leave through the same neutraliser.
            let code = exitCode(for: error), message = fullMessage(for: error)
            if message.isEmpty {
                // An exit code with nothing to say (`ingest --strict` after reporting its lines).
            } else if code == .success {
                do { try Output.line(message) } catch { Foundation.exit(1) }
            } else {
                Output.error(message)
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// A failure to report as `paydesk: <message>`.
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32 = 1

    init(_ message: String, exitCode: Int32 = 1) {
        self.message = message
        self.exitCode = exitCode
    }

    init(_ error: some Error & CustomStringConvertible) { self.init(error.description) }
}
