import OrderModel
import TerminalCore

extension ConsoleState {
    /// The whole screen for this state. Pure: the same state always draws the same buffer.
    public func view() -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        let layout = layout
        if layout.isTooSmall {
            drawTooSmall(&buffer)
            return buffer
        }
        drawHeader(&buffer, layout)
        switch screen {
        case .orders: drawOrders(&buffer, layout)
        case .order: drawOrder(&buffer, layout)
        case .refunds: drawRefunds(&buffer, layout)
        case .audit: drawAudit(&buffer, layout)
        case .help: drawHelp(&buffer, layout)
        }
        drawStatusLine(&buffer, layout)
        drawFooter(&buffer, layout)
        if case .dialog(let dialog) = input { drawDialog(dialog, &buffer) }
        return buffer
    }

    private func drawTooSmall(_ buffer: inout ScreenBuffer) {
        let lines = ["terminal too small", "need \(Layout.minimum.width)×\(Layout.minimum.height)", "have \(size.width)×\(size.height)"]
        let top = max(0, (size.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let x = max(0, (size.width - line.displayWidth) / 2)
            buffer.put(line, x: x, y: top + offset, role: offset == 0 ? .warning : .dim)
        }
    }

    private func drawStatusLine(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let y = layout.statusRow
        switch input {
        case .filter(let field):
            let x = buffer.put("/", x: 0, y: y, role: .input)
            let used = buffer.put(field.text + "▏", x: x, y: y, role: .input, limit: size.width - 24)
            buffer.put("  Enter apply · Esc clear", x: x + used, y: y, role: .dim)
            return
        case .command(let field):
            let x = buffer.put(":", x: 0, y: y, role: .input)
            let used = buffer.put(field.text + "▏", x: x, y: y, role: .input, limit: size.width - 27)
            buffer.put("  Enter run · Esc cancel", x: x + used, y: y, role: .dim)
            return
        default:
            break
        }
        // Cut with an ellipsis, so that a message that does not fit never reads as a whole one.
        if let flash {
            buffer.put((" " + flash.text).fitted(to: size.width), x: 0, y: y, role: flash.role)
        } else if let storeProblem {
            buffer.put(" store: \(storeProblem)".fitted(to: size.width), x: 0, y: y, role: .error)
        } else {
            buffer.put((" " + listDescription).fitted(to: size.width), x: 0, y: y, role: .dim)
        }
    }

    /// What the list on screen holds: order, filters and how many.
    var listDescription: String {
        switch screen {
        case .orders:
            var parts = [orders.order.description, orders.status.map { "status \($0.word)" } ?? "all statuses"]
            if let search = orders.search { parts.append("filter \(quoted(search, limit: 30))") }
            // The store's totals count by status alone; any other filter counts what it found.
            if orders.search == nil && orders.filters.isEmpty {
                if let totals {
                    let count = totals.filter { orders.status == nil || $0.status == orders.status }.reduce(0) { $0 + $1.orders }
                    parts.append(counted(count, "order"))
                } else {
                    parts.append("counting orders…")
                }
            } else {
                let complete = orders.reachedStart && orders.reachedEnd
                parts.append("\(orders.rows.count)\(complete ? "" : "+") found")
                // A bounded search says so first, where even a narrow terminal shows it.
                if let reach = orders.searchReach, !reach.isComplete { parts.insert(reach.description, at: 0) }
            }
            if orders.isAwaited { parts.append("loading…") }
            return parts.joined(separator: " \(glyphs.separator) ")
        case .refunds:
            let pending = refunds.rows.filter { $0.status == .pending }.count
            // As many as the screen reads: there may be more, and the operator is told where they are.
            let listed = refunds.rows.count < Self.refundsShown ? counted(refunds.rows.count, "refund")
                : "the first \(Self.refundsShown) refunds, pending then newest (e exports all)"
            return "\(listed) \(glyphs.separator) \(pending) pending"
        case .audit:
            return audit.rows.count == 1 ? "the one entry of the audit log" : "newest \(audit.rows.count) entries of the audit log"
        case .order:
            return order?.detail == nil ? "loading…" : "order \(order?.orderId ?? "")"
        case .help:
            return "keys and commands"
        }
    }

    /// The footer's items, spaced out when they all fit; otherwise closer together, as many as fit, and `? help`
    /// kept at the end whatever else must go, so that a new operator always learns where every key is listed.
    private func drawFooter(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let y = layout.footerRow
        buffer.fill(y: y, role: .footer)
        let items = footerItems
        let roomy = items.reduce(-1) { $0 + $1.0.displayWidth + $1.1.displayWidth + 4 } <= size.width
        let gap = roomy ? 1 : 0
        let width = { (item: (String, String)) in item.0.displayWidth + item.1.displayWidth + 3 + gap }
        let help = items.first { $0 == ("?", "help") }
        let others = items.filter { $0 != ("?", "help") }
        var x = 0
        var shown: [(String, String)] = []
        for item in others {
            guard x + width(item) + (help.map(width) ?? 0) <= size.width else { break }
            shown.append(item)
            x += width(item)
        }
        x = 0
        for (key, text) in shown + (help.map { [$0] } ?? []) where x + width((key, text)) <= size.width {
            x += buffer.put(" \(key)", x: x, y: y, role: .footerKey)
            x += buffer.put(" \(text) ", x: x, y: y, role: .footer)
            x += gap
        }
    }

    /// The footer's keys: the dialog's own when one is open, else the key map's for this screen.
    var footerItems: [(String, String)] {
        switch input {
        case .dialog(.refund(let form)):
            return form.confirming ? [(form.code.expected, "and Enter: refund now"), ("Esc", "back to form")]
                : form.bindings.compactMap(\.footer).map { ($0.key, $0.word) }
        case .dialog(.cancel(let confirmation)):
            return [(confirmation.code.expected, "and Enter: confirm"), ("Esc", "keep")]
        case .dialog(.withdraw(let confirmation)):
            return [(confirmation.code.expected, "and Enter: confirm"), ("Esc", "keep")]
        case .dialog(.rechecking):
            return [("", "checking…")]
        case .dialog(.working):
            return [("", "working…")]
        case .dialog(.outcome):
            return [("any key", "close")]
        case .filter:
            return [("Enter", "apply"), ("Esc", "clear")]
        case .command:
            return [("Enter", "run"), ("Esc", "cancel")]
        case .none:
            return availableBindings.compactMap { binding in
                // The one binding that toggles says what it will do now.
                let word = binding.action == .pause && paused ? "resume" : binding.footer
                return word.map { (binding.keys.map(\.label).prefix(1).joined(), $0) }
            }
        }
    }
}
