import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct RefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund",
        abstract: "Refund all or part of a paid order.",
        discussion: """
            Without --amount, refunds everything still refundable. Amounts are decimals in the order's currency. \
            With --idempotency-key, a retry of the same request does nothing new and says "already done \
            (replayed)", exit 0; the same key with another order, amount, reason or note is refused, naming \
            what differs; and if the refund made with the key failed or was withdrawn, that is said, exit 1.
            """)

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
        let store = try self.store.openForChange("refund")
        // What can be refused without the store is refused before anything opens it for writing.
        let actor = try Actor.current()
        do { try PayDeskStore.checkOperatorKey(idempotencyKey) } catch { throw CommandFailure(error) }
        let result: RefundRequestResult
        do {
            let detail = try store.reading.order(orderId)
            let money = try amount.map { try Self.parse($0, detail.summary.total.currency) }
            // A retry of a request already made is answered by the store, without asking again.
            let isRetry = try idempotencyKey.map { try store.reading.refundRequest(idempotencyKey: $0) != nil } ?? false
            // An operator who was asked is refunded what they agreed to: the refundable remainder can change while the
            // question waits (a pending refund withdrawn, or failed). With --yes nobody is asked, and the remainder is
            // what it is when the refund is written, as the help says.
            let requested: Money?
            if isRetry {
                requested = money
            } else {
                let shown = money ?? detail.refundable
                try confirm(shown, detail)
                requested = yes ? money : shown
            }
            result = try store.changing().requestRefund(orderId: orderId, amount: requested, reason: reason, note: note,
                                             idempotencyKey: idempotencyKey, actor: actor)
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
        let refund = result.refund
        guard result.replayed else {
            try Output.line("\(orderId): refund \(refund.refundId) of \(refund.amount) \(refund.status.rawValue)")
            return
        }
        switch refund.status {
        case .pending, .submitted, .succeeded:
            try Output.line("\(orderId): already done (replayed): refund \(refund.refundId) of \(refund.amount) \(refund.status.rawValue)")
        case .failed, .withdrawn:
            throw CommandFailure("\(orderId): refund \(refund.refundId) of \(refund.amount), made with this key, was \(refund.status.rawValue)"
                                 + (refund.failureReason.map { " (\($0))" } ?? "") + "; nothing was refunded; refund again with a new key")
        }
    }

    static func parse(_ text: String, _ currency: Currency) throws -> Money {
        let money: Money
        do { money = try Money(parsing: text, currency: currency) } catch { throw CommandFailure("--amount: \(error.description) for \(currency.code)") }
        guard money.minorUnits > 0 else { throw CommandFailure("--amount: the amount to refund must be more than zero") }
        return money
    }

    private func confirm(_ money: Money, _ detail: OrderDetail) throws {
        let currency = detail.summary.total.currency
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
    }
}
