import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct CancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel an order: never charge it, or reverse its charge.",
        discussion: """
            Not yet submitted (authorized or held): the order is canceled and never charged. Charge in flight: it \
            is reversed if it succeeds, and ends canceled if it fails. Paid: the charge is reversed (refunded in \
            full if the bank refuses reversal). The status you confirmed is checked again when the cancel runs. \
            Run again with the same --idempotency-key, it does nothing new and says "already done (replayed)".
            """)

    @Argument(help: "The order id.")
    var orderId: String

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @Option(help: "A key that makes retrying this request safe: the same key never cancels twice.")
    var idempotencyKey: String?

    @OptionGroup var store: StoreOptions

    func run() throws {
        let store = try self.store.openForChange("cancel")
        // What can be refused without the store is refused before anything opens it for writing.
        let actor = try Actor.current()
        do { try PayDeskStore.checkOperatorKey(idempotencyKey) } catch { throw CommandFailure(error) }
        let result: CancelResult
        let summary: OrderSummary
        do {
            summary = try store.reading.order(orderId).summary
            let consequence = switch summary.status {
            case .authorized: "Cancel order \(orderId) (\(summary.total)): it has not been submitted and will never be charged."
            case .held: "Cancel held order \(orderId) (\(summary.total)): it has not been submitted and will never be charged."
            case .charging: "Cancel order \(orderId) (\(summary.total)): the charge is still in flight; it will be reversed if it succeeds. Reversal, not refund."
            case .paid: "Cancel order \(orderId): reverse the charge of \(summary.total). If the bank refuses reversal, \(summary.total) is refunded in full. This cannot be undone."
            default: "Cancel order \(orderId) (\(summary.status.rawValue))."
            }
            try Confirmation.require(consequence, action: "cancel order \(orderId)", assumeYes: yes)
            result = try store.changing().requestCancel(orderId: orderId, expecting: summary.status, idempotencyKey: idempotencyKey, actor: actor)
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
        let done = switch result.outcome {
        case .canceled: "canceled; it will never be charged"
        case .cancelRequestedWhileCharging: "cancel requested; the charge will be reversed if it succeeds"
        case .reversalRequested: "reversal of \(summary.total) requested"
        }
        try Output.line("\(orderId): " + (result.replayed ? "already done (replayed): \(done); the order is now \(summary.status.rawValue)" : done))
    }
}
