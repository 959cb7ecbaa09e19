import ArgumentParser
import OrderStore

struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "Print the operator intents the processor integration still owes an answer to, as JSON Lines.",
        discussion: "Reversals and refunds, oldest first. Answer each with a payment event through `paydesk ingest`.")

    @OptionGroup var store: StoreOptions

    func run() throws {
        let store = try self.store.openForReading()
        do {
            for intent in try store.outbox() { try Output.json(try JSONContract.text(JSONContract.Intent(intent))) }
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}
