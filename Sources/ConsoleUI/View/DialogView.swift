import OrderModel
import TerminalCore

extension ConsoleState {
    func drawDialog(_ dialog: Dialog, _ buffer: inout ScreenBuffer) {
        var (title, titleRole, lines) = dialogContent(dialog)
        // The box leaves the footer in view. On a short screen the blank rows inside the frame go first, then blank
        // lines and hints (the footer has them), then the middle: the first lines (the order, the amount and
        // currency, what changed) and the answer being typed, from its code line on, stay in view.
        let padded = lines.count + 4 <= size.height - 1
        let room = size.height - 1 - (padded ? 4 : 2)
        if lines.count > room { lines.removeAll { $0.0.isEmpty || $0.1 == .dim } }
        if lines.count > room {
            let start = lines.lastIndex { $0.1 == .input } ?? lines.count
            let head = min(start, max(2, min(3, room - (lines.count - start))))
            // From the answer's first line on, so that the focused line of a long form stays in view.
            lines = Array(lines.prefix(head) + lines[start...].prefix(room - head))
        }
        let widest = 74
        let longest = max(title.displayWidth(limit: widest), lines.map { $0.0.displayWidth(limit: widest) }.max() ?? 0)
        let width = min(size.width, max(40, min(widest, longest + 6)))
        let height = min(size.height - 1, lines.count + (padded ? 4 : 2))
        let left = max(0, (size.width - width) / 2), top = max(0, (size.height - height) / 2)
        let frame = glyphs.frame
        for row in 0..<height {
            buffer.fill(y: top + row, role: .dialog, x: left, width: width)
            buffer.put(frame.vertical, x: left, y: top + row, role: .dialog)
            buffer.put(frame.vertical, x: left + width - 1, y: top + row, role: .dialog)
        }
        let horizontal = String(repeating: frame.horizontal, count: max(0, width - 2))
        buffer.put(frame.topLeft + horizontal + frame.topRight, x: left, y: top, role: .dialog)
        buffer.put(frame.bottomLeft + horizontal + frame.bottomRight, x: left, y: top + height - 1, role: .dialog)
        buffer.put(" \(title) ", x: left + 2, y: top, role: titleRole, limit: width - 4)
        for (offset, (text, role)) in lines.prefix(max(0, height - (padded ? 4 : 2))).enumerated() {
            buffer.put(text, x: left + 3, y: top + (padded ? 2 : 1) + offset, role: role, limit: width - 5)
        }
    }

    /// The columns a dialog's lines have on this terminal, inside its frame and margins.
    private var lineWidth: Int { min(size.width, 74) - 5 }

    /// The order a dialog is about, on one line: an id too long keeps its start and its end, where ids that
    /// share a start differ and the confirmation code comes from.
    private func orderLine(_ orderId: String) -> (String, Role) {
        ("Order    " + orderId.orderIdFitted(to: max(10, lineWidth - 9)), .dialog)
    }

    /// A title naming the order, which fits the frame with the id cut in its middle if need be.
    private func title(_ before: String, _ orderId: String, _ after: String = "") -> String {
        before + orderId.orderIdFitted(to: max(10, lineWidth - 1 - before.count - after.count)) + after
    }

    /// Text to read whole, wrapped to the width a dialog can give it on this terminal.
    private func prose(_ text: String, _ role: Role) -> [(String, Role)] {
        text.wrapped(to: lineWidth).map { ($0, role) }
    }

    private func dialogContent(_ dialog: Dialog) -> (String, Role, [(String, Role)]) {
        switch dialog {
        case .cancel(let confirmation):
            var lines: [(String, Role)] = [orderLine(confirmation.orderId), ("Amount   \(confirmation.total)", .dialog)]
            lines += changedLine(confirmation.changes) + [("Status   \(glyphs.label(confirmation.status))", .dialog)]
            lines += changeDetails(confirmation.changes) + [("", .dialog)] + prose(confirmation.consequence, .warning)
            lines += [("", .dialog)] + codeLines(confirmation.code, to: confirmation.verb, keep: "keep the order as it is")
            return (title("Cancel order ", confirmation.orderId, "?"), .dialogTitle, lines)
        case .withdraw(let confirmation):
            let refund = confirmation.refund
            return ("Withdraw refund \(refund.refundId)?", .dialogTitle, [
                orderLine(refund.orderId), ("Amount   \(refund.amount)", .dialog),
                ("Reason   \(refund.reason.rawValue)", .dialog), ("", .dialog),
            ] + prose("It was not yet submitted: no money moves, and the amount becomes refundable again.", .warning) + [
                ("", .dialog),
            ] + codeLines(confirmation.code, to: "withdraw it", keep: "keep it"))
        case .refund(let form):
            return form.confirming ? refundConfirmation(form) : refundFormLines(form)
        case .rechecking(let pending):
            return ("Checking", .dialogTitle, prose("Reading \(pending.orderId.orderIdFitted(to: max(10, lineWidth - 8))) again before anything is sent…", .dialog))
        case .working(let text):
            return ("Working", .dialogTitle, prose(text, .dialog) + [("", .dialog), ("the store is being written; one moment", .dim)])
        case .outcome(let outcome):
            return (outcome.title, outcome.succeeded ? .dialogTitle : .inputError,
                    outcome.lines.flatMap { prose($0, outcome.succeeded ? .dialog : .error) } + [("", .dialog), ("any key to close", .dim)])
        }
    }

    private func refundFormLines(_ form: RefundForm) -> (String, Role, [(String, Role)]) {
        let currency = form.refundable.currency
        let validation: (String, Role) = switch form.validatedAmount {
        case .success(let amount): ("✓ \(amount)", .success)
        case .failure(let problem): ("✗ \(problem.description)", .inputError)
        }
        let reasons = RefundReason.allCases.enumerated().map { index, reason in
            reason == form.reason ? "[\(index + 1) \(reason.rawValue)]" : "\(index + 1)"
        }.joined(separator: " ")
        func field(_ name: String, _ field: RefundForm.Field, _ value: String) -> (String, Role) {
            let focused = form.field == field
            return ("\(focused ? glyphs.selected : " ") \(name.fitted(to: 9)) \(value)", focused ? .input : .dialog)
        }
        func hint(_ field: RefundForm.Field) -> String {
            form.bindings(on: field).compactMap { $0.footer.map { "\($0.key) \($0.word)" } }.joined(separator: " · ")
        }
        // Padded to the widest field's hint: the box keeps its width as the cursor moves from field to field.
        let hintWidth = form.fields.map { hint($0).displayWidth }.max() ?? 0
        var lines = changedLine(form.changes) + changeDetails(form.changes) + [
            ("  refundable \(form.refundable) (at most; \(currency.exponent) decimals)", .dialog),
            ("", .dialog),
        ]
        let rest = [
            field("amount", .amount, form.amount.text + (form.field == .amount ? "▏" : "") + " \(currency.code)"),
            ("            " + validation.0, validation.1),
        ] + picksLine(form).map { ("            " + $0.0, $0.1) } + [
            field("reason", .reason, reasons),
            field("note", .note, form.note.text + (form.field == .note ? "▏" : "")),
            ("", .dialog),
            (hint(form.field).fitted(to: hintWidth), .dim),
        ]
        // Every item on a line of its own where they fit; else the one at the cursor, on one line.
        let fits = lines.count + form.items.count + rest.count + 4 <= size.height - 1
        lines += fits ? itemLines(form) : compactItemLine(form)
        return (title("Refund order ", form.orderId), .dialogTitle, lines + rest)
    }

    /// The order's items, each with its box and amount; the cursor's line is the focused one.
    private func itemLines(_ form: RefundForm) -> [(String, Role)] {
        let amounts = form.items.map { $0.amount.decimalString + ($0.isPending ? " pending" : "") }
        let amountWidth = amounts.map(\.count).max() ?? 0
        let room = max(0, lineWidth - 16 - 1 - amountWidth)
        let labelWidth = max(4, min(room, form.items.map { $0.label.displayWidth(limit: room) }.max() ?? 0))
        return form.items.enumerated().map { index, item in
            let focused = form.field == .items && index == form.itemCursor
            let name = index == 0 ? "items" : ""
            let text = "\(focused ? glyphs.selected : " ") \(name.fitted(to: 9)) \(item.picked ? "[x]" : "[ ]") "
                + item.label.fitted(to: labelWidth) + " " + amounts[index].rightAligned(amountWidth)
            return (text, focused ? .input : .dialog)
        }
    }

    /// On a short terminal: the item at the cursor, where it is in the list, and how many are picked.
    private func compactItemLine(_ form: RefundForm) -> [(String, Role)] {
        guard form.items.indices.contains(form.itemCursor) else { return [] }
        let focused = form.field == .items
        func line(_ index: Int) -> String {
            let item = form.items[index]
            return "\(focused ? glyphs.selected : " ") \("items".fitted(to: 9)) \(item.picked ? "[x]" : "[ ]") \(item.amount.decimalString) "
                + "\(index + 1)/\(form.items.count) \(item.label)"
        }
        // As wide as the widest item's line, so that the box keeps its width as the cursor moves among them.
        let width = form.items.indices.map { line($0).displayWidth(limit: 74) }.max() ?? 0
        return [(line(form.itemCursor).fitted(to: width), focused ? .input : .dialog)]
    }

    /// How the amount stands to the picked items: their sum, capped at what is refundable, or typed otherwise.
    private func picksLine(_ form: RefundForm) -> [(String, Role)] {
        guard let sum = form.pickedSum, let picked = form.pickedAmount else { return [] }
        let count = form.pickedItems.count
        let items = count == 1 ? "the picked item comes to" : "the \(count) picked items come to"
        if form.amountDiffersFromPicks {
            return [("not what \(items): \(picked)" + (form.pickedSumIsCapped ? " (capped)" : ""), .warning)]
        }
        if form.pickedSumIsCapped { return [("capped: \(items) \(sum)", .warning)] }
        return [("what \(items)", .dialog)]
    }

    private func refundConfirmation(_ form: RefundForm) -> (String, Role, [(String, Role)]) {
        let amount = (try? form.validatedAmount.get())?.description ?? "?"
        var lines: [(String, Role)] = [orderLine(form.orderId), ("Amount   \(amount)", .dialog)]
        lines += changedLine(form.changes) + [("Reason   \(form.reason.rawValue)", .dialog)]
        if !form.pickedItems.isEmpty {
            lines.append(("For      " + form.pickedItems.map(\.label).joined(separator: ", "), .dialog))
            if form.amountDiffersFromPicks { lines.append(("         (an amount typed by hand, not their sum)", .warning)) }
        }
        lines += changeDetails(form.changes)
        lines += [("", .dialog), ("Refunded to the customer's card.", .dialog)]
        if let note = form.trimmedNote { lines.append(("Note: \(quoted(note, limit: 40))", .dialog)) }
        lines += [("", .dialog)] + prose("Once the processor has it, a refund cannot be undone.", .warning) + [("", .dialog)]
        lines += codeLines(form.code, to: "refund \(amount)", keep: "back to the form")
        return ("Confirm refund", .dialogTitle, lines)
    }

    /// The order moved under the dialog: which of its figures, on one line that stays on the smallest screen.
    private func changedLine(_ changes: [OrderChange]) -> [(String, Role)] {
        changes.isEmpty ? [] : [("Changed: " + changes.map(\.field).joined(separator: ", "), .warning)]
    }

    /// Each change, before and after, and that nothing was sent.
    private func changeDetails(_ changes: [OrderChange]) -> [(String, Role)] {
        guard !changes.isEmpty else { return [] }
        return [("", .dialog)] + changes.flatMap { prose("\($0.field.capitalizedFirst) was \($0.before), now \($0.after).", .warning) }
            + prose("Nothing was sent: read it again, then confirm.", .warning)
    }

    /// How to answer a confirmation: the code to type, what it has so far (on a line of its own, so that a
    /// narrow dialog still shows it), and the way out.
    private func codeLines(_ code: ConfirmationCode, to action: String, keep: String) -> [(String, Role)] {
        let typed = code.typed + String(repeating: "_", count: max(0, code.expected.count - code.typed.count))
        // A hint, as the footer says it too: on a short terminal it gives way to the order and its money.
        var lines = prose("Type \(code.expected) and Enter to \(action).", .dim) + [("code  \(typed)", .input)]
        if let refused = code.refused {
            lines += prose("\(refused) is not \(code.expected); nothing was changed", .inputError)
        } else {
            lines.append(("Esc  \(keep)", .dim))
        }
        return lines
    }
}
