import ArgumentParser
import Foundation
import OrderIngest
import OrderModel
import OrderStore

struct IngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Read orders and payment events as JSON Lines into the store.",
        discussion: """
            Each line is one JSON document: an order ("type": "order") or a payment event ("type": \
            "payment_event"). The format, with examples, is in docs/ingest-format.md. Bad lines are reported as \
            `line N: field: reason` on stderr and skipped; good lines are kept. The same line twice changes \
            nothing. The run ends with a summary line on stdout.

            With merchant keys configured (see `paydesk info`), every order's token is verified and decrypted \
            as it is stored: the outcome and the masked payment data are kept, never the card number or \
            cryptogram. An order whose token fails is still stored, and flagged. The replay window is judged \
            against the order's createdAt.
            """)

    @Argument(help: ArgumentHelp("The JSON Lines file; - or nothing reads standard input.", valueName: "file"), completion: .file())
    var file: String = "-"

    @Flag(help: "Exit non-zero when any line was rejected.")
    var strict = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var merchant: ConfigOptions

    func run() throws {
        let input: Int32 = file == "-" ? STDIN_FILENO : open(file, O_RDONLY)
        guard input >= 0 else { throw CommandFailure("\(file): \(String(cString: strerror(errno)))") }
        defer { if input != STDIN_FILENO { close(input) } }
        let store = try self.store.openForChange("ingest")
        let keys = try merchant.load()
        let progress = ProgressLine(enabled: isatty(STDERR_FILENO) == 1)
        let ingester = Ingester(store: store, actor: try .current(), verifier: keys?.inspector,
                                onProblem: { problem in
                                    progress.clear()
                                    Output.error("\(file == "-" ? "stdin" : file): \(problem)")
                                },
                                onProgress: { progress.show("ingesting… \($0.lines) lines (\($0.rejected) rejected)") })
        do { try ingester.ingest(fileDescriptor: input) } catch {
            progress.clear()
            throw CommandFailure("\(error.description); stopped after \(ingester.summary.lines) lines "
                                 + "(\(ingester.summary)); run it again for the rest: stored lines count as duplicates")
        }
        progress.clear()
        let head: AuditHead
        do { head = try store.reading.auditHead() } catch { throw CommandFailure(error) }
        try Output.line("ingest: \(ingester.summary)" + (keys == nil ? "; tokens stored unchecked: no merchant keys (no \(merchant.file))" : "")
                        + "; audit head \(head)")
        if strict && ingester.summary.rejected > 0 { throw ExitCode(1) }
    }
}

/// A status line rewritten in place on a terminal, at most a few times a second.
final class ProgressLine {
    private let enabled: Bool
    private var lastShown = Date.distantPast
    private var visible = false

    init(enabled: Bool) { self.enabled = enabled }

    func show(_ text: String) {
        guard enabled, Date().timeIntervalSince(lastShown) > 0.2 else { return }
        lastShown = Date()
        visible = true
        Output.errorAsIs("\r\u{1B}[K\(text)")
    }

    func clear() {
        guard visible else { return }
        visible = false
        Output.errorAsIs("\r\u{1B}[K")
    }
}
