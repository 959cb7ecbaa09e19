import Foundation
import OrderModel
import TerminalCore

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
        case .rechecking, .working:
            return []
        case .outcome:
            input = .none
            if screen == .order, let order { return [.loadOrder(order.orderId)] }
            return []
        case .cancel(var confirmation):
            switch confirmation.code.answer(key) {
            case .confirmed:
                return recheck(.cancel(confirmation))
            case .dismissed:
                input = .none
                show("nothing was changed")
            case .waiting:
                input = .dialog(.cancel(confirmation))
            }
            return []
        case .withdraw(var confirmation):
            let effects = answer(key, &confirmation.code, working: "Withdrawing \(confirmation.refund.refundId)…",
                                 effect: .withdraw(refundId: confirmation.refund.refundId))
            if case .dialog(.withdraw) = input { input = .dialog(.withdraw(confirmation)) }
            return effects
        case .refund(var form):
            let effects = handleRefundForm(key, &form)
            if case .dialog(.refund) = input { input = .dialog(.refund(form)) }
            return effects
        }
    }

    /// A confirmation: the order's code and Enter run the write; Esc or Ctrl-C leave everything as it was.
    private mutating func answer(_ key: Key, _ code: inout ConfirmationCode, working: String, effect: Effect) -> [Effect] {
        switch code.answer(key) {
        case .confirmed:
            input = .dialog(.working(working))
            return [effect]
        case .dismissed:
            input = .none
            show("nothing was changed")
            return []
        case .waiting:
            return []
        }
    }

    private mutating func handleRefundForm(_ key: Key, _ form: inout RefundForm) -> [Effect] {
        if form.confirming {
            switch form.code.answer(key) {
            case .confirmed:
                guard case .success(let amount) = form.validatedAmount else { form.confirming = false; return [] }
                return recheck(.refund(form, amount))
            case .dismissed:
                form.confirming = false
            case .waiting:
                break
            }
            return []
        }
        let fields = form.fields
        let index = fields.firstIndex(of: form.field) ?? 0
        func step(by offset: Int) {
            form.field = fields[(index + fields.count + offset) % fields.count]
            if form.field == .items { form.itemCursor = offset > 0 ? 0 : form.items.count - 1 }
        }
        switch form.action(for: key) {
        case .dismiss:
            input = .none
            show("nothing was changed")
        case .nextField:
            step(by: 1)
        case .previousField:
            step(by: -1)
        case .nextLine:
            if form.field == .items, form.itemCursor + 1 < form.items.count { form.itemCursor += 1 } else { step(by: 1) }
        case .previousLine:
            if form.field == .items, form.itemCursor > 0 { form.itemCursor -= 1 } else { step(by: -1) }
        case .toggleItem:
            form.toggleItem()
        case .review:
            guard case .success = form.validatedAmount else { form.field = .amount; return [] }
            form.confirming = true
            form.code = ConfirmationCode(orderId: form.orderId)
            return [.discardTypeAhead]
        case .nextReason:
            form.stepReason(by: 1)
        case .previousReason:
            form.stepReason(by: -1)
        case .chooseReason:
            let reasons = RefundReason.allCases
            if case .character(let digit) = key, let number = digit.wholeNumberValue, reasons.indices.contains(number - 1) {
                form.reason = reasons[number - 1]
            }
        case nil:
            switch form.field {
            case .amount:
                // Every character is kept, and the validation line says what is wrong with it: dropping a decimal
                // comma would turn 12,50 into 1250 and call it valid.
                _ = form.amount.edit(key)
            case .note:
                _ = form.note.edit(key)
            case .items, .reason:
                break
            }
        }
        return []
    }
}
