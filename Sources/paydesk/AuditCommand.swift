import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Show the audit log, newest first, or verify its hash chain.")

    @Flag(help: "Check every entry's hash; exit non-zero if any entry was edited, removed or cut off.")
    var verify = false

    @Option(help: "Only entries about this order.")
    var order: String?

    @Option(help: "At most this many entries.")
    var limit = 100

    @Flag(help: "Print a JSON array.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        try ListLimit.check(limit)
    }

    func run() throws {
        let store = try self.store.openForReading()
        do {
            if verify {
                let result = try store.verifyAudit()
                guard result.isIntact else { throw CommandFailure(result.description, exitCode: 2) }
                try Output.line(result.description)
                return
            }
            let entries = try store.auditEntries(orderId: order, limit: limit)
            if json { try Output.json(try JSONContract.text(entries.map(JSONContract.Audit.init), pretty: true)) } else { try Output.line(TextReport.auditTable(entries)) }
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}
