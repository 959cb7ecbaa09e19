import Foundation
import OrderModel
import OrderStore

extension ConsoleState {
    mutating func handleFilter(_ key: Key, _ field: inout TextField) -> [Effect] {
        switch key {
        case .enter:
            input = .none
            let text = field.text.trimmingCharacters(in: .whitespaces)
            orders.search = text.isEmpty ? nil : text
            return [orders.restart(visibleRows: layout.listRows)]
        case .escape:
            input = .none
            guard orders.search != nil else { return [] }
            orders.search = nil
            return [orders.restart(visibleRows: layout.listRows)]
        default:
            if field.edit(key) { input = .filter(field) }
            return []
        }
    }

    mutating func handleCommand(_ key: Key, _ field: inout TextField) -> [Effect] {
        switch key {
        case .enter:
            input = .none
            return run(command: field.text)
        case .escape:
            input = .none
            return []
        default:
            if field.edit(key) { input = .command(field) }
            return []
        }
    }

    mutating func handleDialog(_ key: Key, _ dialog: Dialog) -> [Effect] {
        switch dialog {
        case .working:
            return []
        case .outcome:
            input = .none
            if screen == .order, let order { return [.loadOrder(order.orderId)] }
            return []
        case .cancel(let confirmation):
            return answer(key, working: "Canceling \(confirmation.orderId)…",
                          effect: .cancel(orderId: confirmation.orderId, expecting: confirmation.status,
                                          idempotencyKey: confirmation.idempotencyKey))
        case .withdraw(let confirmation):
            return answer(key, working: "Withdrawing \(confirmation.refund.refundId)…",
                          effect: .withdraw(refundId: confirmation.refund.refundId))
        case .refund(var form):
            let effects = handleRefundForm(key, &form)
            if case .dialog(.refund) = input { input = .dialog(.refund(form)) }
            return effects
        }
    }

    /// A yes/no confirmation: y runs the write; n, Esc, q or Ctrl-C leave everything as it was.
    private mutating func answer(_ key: Key, working: String, effect: Effect) -> [Effect] {
        switch key {
        case .character("y"), .character("Y"):
            input = .dialog(.working(working))
            return [effect]
        case .character("n"), .character("N"), .escape, .character("q"), .control("c"):
            input = .none
            show("nothing was changed")
            return []
        default:
            return []
        }
    }

    private mutating func handleRefundForm(_ key: Key, _ form: inout RefundForm) -> [Effect] {
        if form.confirming {
            switch key {
            case .character("y"), .character("Y"):
                guard case .success(let amount) = form.validatedAmount else { form.confirming = false; return [] }
                input = .dialog(.working("Requesting a refund of \(amount) for \(form.orderId)…"))
                return [.refund(orderId: form.orderId, amount: amount, reason: form.reason, note: form.trimmedNote,
                                idempotencyKey: form.idempotencyKey)]
            case .character("n"), .character("N"), .escape:
                form.confirming = false
            default:
                break
            }
            return []
        }
        let fields: [RefundForm.Field] = [.amount, .reason, .note]
        let index = fields.firstIndex(of: form.field) ?? 0
        switch key {
        case .escape, .control("c"):
            input = .none
            show("nothing was changed")
        case .tab, .down:
            form.field = fields[(index + 1) % fields.count]
        case .backTab, .up:
            form.field = fields[(index + fields.count - 1) % fields.count]
        case .enter:
            if case .success = form.validatedAmount { form.confirming = true } else { form.field = .amount }
        default:
            switch form.field {
            case .amount:
                // Only what can be part of a decimal amount; the validation line says what is wrong with the rest.
                if case .character(let character) = key, !(character.isNumber || character == ".") { break }
                _ = form.amount.edit(key)
            case .note:
                _ = form.note.edit(key)
            case .reason:
                let reasons = RefundReason.allCases
                let current = reasons.firstIndex(of: form.reason) ?? 0
                switch key {
                case .left: form.reason = reasons[(current + reasons.count - 1) % reasons.count]
                case .right, .character(" "): form.reason = reasons[(current + 1) % reasons.count]
                case .character(let digit):
                    if let number = digit.wholeNumberValue, reasons.indices.contains(number - 1) { form.reason = reasons[number - 1] }
                default: break
                }
            }
        }
        return []
    }
}
