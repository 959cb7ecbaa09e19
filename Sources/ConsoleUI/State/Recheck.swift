import OrderModel

/// A confirmed action that is sent only once the order, read again, is still as its dialog stated it.
public enum Recheck: Sendable, Equatable {
    case cancel(CancelConfirmation)
    case refund(RefundForm, Money)

    var orderId: String {
        switch self {
        case .cancel(let confirmation): confirmation.orderId
        case .refund(let form, _): form.orderId
        }
    }

    var seen: PaymentState {
        switch self {
        case .cancel(let confirmation): confirmation.seen
        case .refund(let form, _): form.seen
        }
    }
}

extension ConsoleState {
    /// The operator confirmed: read the order once more before anything is sent (docs/design.md §3, "a third
    /// guard"), so that another operator or the processor cannot have changed it under the dialog unseen.
    mutating func recheck(_ pending: Recheck) -> [Effect] {
        input = .dialog(.rechecking(pending))
        return [.loadOrder(pending.orderId)]
    }

    /// The order as it is now: unchanged, the action is sent; changed, the dialog says what changed and asks again
    /// (or says why the action is no longer possible), and nothing is sent.
    mutating func resolve(_ pending: Recheck, with detail: OrderDetail) -> [Effect] {
        let orderId = pending.orderId
        let changes = OrderChange.between(pending.seen, detail.payment, currency: detail.summary.total.currency)
        switch pending {
        case .cancel(let confirmation):
            guard !changes.isEmpty else {
                input = .dialog(.working("Canceling \(orderId)…"))
                return [.cancel(orderId: orderId, expecting: confirmation.status, idempotencyKey: confirmation.idempotencyKey)]
            }
            do throws(PaymentRefusal) { _ = try PaymentLifecycle.apply(.cancel, to: detail.payment) } catch {
                return refuseChanged(orderId, changes, because: "it can no longer be canceled: \(error.description)")
            }
            var again = CancelConfirmation(orderId: orderId, status: detail.summary.status, total: detail.summary.total,
                                           idempotencyKey: confirmation.idempotencyKey, seen: detail.payment)
            again.changes = changes
            input = .dialog(.cancel(again))
        case .refund(var form, let amount):
            guard !changes.isEmpty else {
                input = .dialog(.working("Requesting a refund of \(amount) for \(orderId)…"))
                return [.refund(orderId: orderId, amount: amount, reason: form.reason, note: form.trimmedNote,
                                idempotencyKey: form.idempotencyKey)]
            }
            let refundable = detail.refundable
            do throws(PaymentRefusal) { _ = try PaymentLifecycle.apply(.requestRefund(amount: refundable.minorUnits), to: detail.payment) }
            catch {
                return refuseChanged(orderId, changes, because: "it can no longer be refunded: \(error.description)")
            }
            form.refundable = refundable
            form.seen = detail.payment
            form.changes = changes
            form.code = ConfirmationCode(orderId: orderId)
            // The amount typed may now be more than is left: then back to the form, its amount marked.
            if case .success = form.validatedAmount { form.confirming = true } else { form.confirming = false; form.field = .amount }
            input = .dialog(.refund(form))
        }
        return [.discardTypeAhead]
    }

    private mutating func refuseChanged(_ orderId: String, _ changes: [OrderChange], because reason: String) -> [Effect] {
        input = .dialog(.outcome(ActionOutcome(succeeded: false, title: "Nothing was changed", lines: [
            "\(orderId) changed since it was confirmed: " + changes.map { "\($0.field) \($0.before) → \($0.after)" }.joined(separator: ", ") + ".",
            reason.capitalizedFirst + ".",
        ])))
        return []
    }
}
