import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct CancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel",
        abstract: "Cancel an order: never charge it, or reverse its charge.",
        discussion: """
            Not yet submitted: the order is canceled and never charged. Charge in flight: it is reversed if it \
            succeeds, and ends canceled if it fails. Paid: the charge is reversed (refunded in full if the bank \
            refuses reversal). The status you confirmed is checked again when the cancel runs.
            """)

    @Argument(help: "The order id.")
    var orderId: String

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @Option(help: "A key that makes retrying this request safe.")
    var idempotencyKey: String?

    @OptionGroup var store: StoreOptions

    func run() throws {
        let store = try self.store.openForWriting("cancel")
        do {
            let detail = try store.order(orderId)
            let summary = detail.summary
            let consequence = switch summary.status {
            case .authorized: "Cancel order \(orderId) (\(summary.total)): it has not been submitted and will never be charged."
            case .charging: "Cancel order \(orderId) (\(summary.total)): the charge is still in flight; it will be reversed if it succeeds. Reversal, not refund."
            case .paid: "Cancel order \(orderId): reverse the charge of \(summary.total). If the bank refuses reversal, \(summary.total) is refunded in full. This cannot be undone."
            default: "Cancel order \(orderId) (\(summary.status.rawValue))."
            }
            try Confirmation.require(consequence, action: "cancel order \(orderId)", assumeYes: yes)
            let outcome = try store.requestCancel(orderId: orderId, expecting: summary.status, idempotencyKey: idempotencyKey, actor: .current)
            switch outcome {
            case .canceled: try Output.line("\(orderId): canceled; it will never be charged")
            case .cancelRequestedWhileCharging: try Output.line("\(orderId): cancel requested; the charge will be reversed if it succeeds")
            case .reversalRequested: try Output.line("\(orderId): reversal of \(summary.total) requested")
            }
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}

struct RefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund all or part of a paid order.",
        discussion: "Without --amount, refunds everything still refundable. Amounts are decimals in the order's currency.")

    @Argument(help: "The order id.")
    var orderId: String

    @Option(help: ArgumentHelp("The amount, like 12.75 (default: the refundable remainder).", valueName: "decimal"))
    var amount: String?

    @Option(help: "Why the money goes back.")
    var reason: RefundReason

    @Option(help: "A note for the record.")
    var note: String?

    @Option(help: "A key that makes retrying this request safe: the same key never refunds twice.")
    var idempotencyKey: String?

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        let store = try self.store.openForWriting("refund")
        do {
            let detail = try store.order(orderId)
            let currency = detail.summary.total.currency
            let money: Money
            if let amount {
                do { money = try Money(parsing: amount, currency: currency) }
                catch { throw CommandFailure("--amount: \(error.description) for \(currency.code)") }
            } else {
                money = detail.refundable
            }
            guard money.minorUnits > 0 else {
                throw CommandFailure("\(orderId): nothing to refund (status \(detail.summary.status.rawValue), refundable \(detail.refundable))")
            }
            guard money.minorUnits <= detail.refundable.minorUnits else {
                throw CommandFailure("\(orderId): \(money) exceeds what may still be refunded (\(detail.refundable)); nothing was changed")
            }
            let remaining = Money(minorUnits: detail.refundable.minorUnits - money.minorUnits, currency: currency)
            try Confirmation.require(
                "Refund \(money) of order \(orderId) (paid \(Money(minorUnits: detail.payment.paid, currency: currency)); \(remaining) would remain refundable). Money leaves the shop; this cannot be undone once submitted.",
                action: "refund \(money)", assumeYes: yes)
            let refund = try store.requestRefund(orderId: orderId, amount: money, reason: reason,
                                                 note: note, idempotencyKey: idempotencyKey, actor: .current)
            try Output.line("\(orderId): refund \(refund.refundId) of \(refund.amount) \(refund.status.rawValue)")
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}
