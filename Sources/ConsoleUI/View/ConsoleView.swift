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

    private func drawHeader(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let width = size.width
        buffer.fill(y: 0, role: .title)
        var x = buffer.put(" PayDesk ", x: 0, y: 0, role: .title)
        x += buffer.put(" \(storeName.fitted(to: storeName.displayWidth(limit: max(0, width / 3)))) ", x: x, y: 0, role: .title)
        if isReadOnly { x += buffer.put(" READ-ONLY ", x: x + 1, y: 0, role: .badge) + 1 }
        if paused { x += buffer.put(" PAUSED ", x: x + 1, y: 0, role: .badge) + 1 }
        let freshness = freshnessText
        let right = freshness.text.displayWidth + 1
        // The list's time, currency and amount filters stay in sight on every screen: they decide what the list holds.
        let filters = orders.filters.summary
        if !filters.isEmpty { x += buffer.put(" \(filters) ", x: x + 1, y: 0, role: .badge, limit: max(0, width - x - right - 2)) + 1 }
        if x + right + 1 <= width { buffer.put(freshness.text, x: width - right, y: 0, role: freshness.role) }

        buffer.fill(y: 1, role: .header)
        let counts = PaymentStatus.allCases.compactMap { status -> String? in
            let count = totals.filter { $0.status == status }.reduce(0) { $0 + $1.orders }
            return count > 0 ? "\(label(status)) \(count)" : nil
        }
        buffer.put(" " + (counts.isEmpty ? "no orders yet" : counts.joined(separator: "  ")), x: 0, y: 1, role: .header)
        if layout.headerRows > 2 {
            buffer.fill(y: 2, role: .header)
            buffer.put(" " + amountsText, x: 0, y: 2, role: .header)
        }
    }

    /// "updated 0s ago" while live polling confirms the store; it grows when paused or when the store fails.
    var freshnessText: (text: String, role: Role) {
        if let storeProblem { return ("store: \(storeProblem)", .error) }
        guard let freshAt else { return ("loading…", .title) }
        // The store is checked once a second, so a check up to two seconds old is current: the age stays at 0
        // (and the screen still) while live updates work, and counts up when they stop.
        let elapsed = now.millisecondsSinceEpoch - freshAt.millisecondsSinceEpoch
        let text = "updated \(elapsed < 2_000 ? "0s" : age(since: freshAt)) ago"
        return (text, paused || elapsed >= 2_000 ? .warning : .title)
    }

    /// Money per status that matters to an operator: what was collected, what is moving, what went back.
    var amountsText: String {
        let shown: [(String, [PaymentStatus])] = [("paid", [.paid, .partiallyRefunded]), ("charging", [.charging]),
                                                  ("authorized", [.authorized]), ("refunded", [.refunded])]
        let parts = shown.compactMap { name, statuses -> String? in
            var byCurrency: [String: MoneyTotal] = [:]
            for total in totals where statuses.contains(total.status) {
                let currency = total.amount.currency
                byCurrency[currency.code] = (byCurrency[currency.code] ?? .zero(currency)).adding(total.amount)
            }
            guard !byCurrency.isEmpty else { return nil }
            return "\(name) " + byCurrency.keys.sorted().compactMap { byCurrency[$0]?.description }.joined(separator: ", ")
        }
        return parts.joined(separator: "  \(glyphs.separator)  ")
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
            let used = buffer.put(field.text + "▏", x: x, y: y, role: .input, limit: size.width - 20)
            buffer.put("  Enter run · Esc", x: x + used, y: y, role: .dim)
            return
        default:
            break
        }
        if let flash {
            buffer.put(" " + flash.text, x: 0, y: y, role: flash.role)
        } else if let storeProblem {
            buffer.put(" store: \(storeProblem)", x: 0, y: y, role: .error)
        } else {
            buffer.put(" " + listDescription, x: 0, y: y, role: .dim)
        }
    }

    /// What the list on screen holds: order, filters and how many.
    var listDescription: String {
        switch screen {
        case .orders:
            var parts = [orders.order.description, orders.status.map { "status \($0.word)" } ?? "all statuses"]
            if let search = orders.search { parts.append("filter \(quoted(search, limit: 30))") }
            if orders.search == nil {
                let count = totals.filter { orders.status == nil || $0.status == orders.status }.reduce(0) { $0 + $1.orders }
                parts.append("\(count) orders")
            } else {
                let complete = orders.reachedStart && orders.reachedEnd
                parts.append("\(orders.rows.count)\(complete ? "" : "+") found")
                // A bounded search says so first, where even a narrow terminal shows it.
                if let reach = orders.searchReach, !reach.isComplete { parts.insert(reach.description, at: 0) }
            }
            if orders.loading != nil { parts.append("loading…") }
            return parts.joined(separator: " \(glyphs.separator) ")
        case .refunds:
            let pending = refunds.rows.filter { $0.status == .pending }.count
            return "\(refunds.rows.count) refunds \(glyphs.separator) \(pending) pending"
        case .audit:
            return "newest \(audit.rows.count) entries of the audit log"
        case .order:
            return order?.detail == nil ? "loading…" : "order \(order?.orderId ?? "")"
        case .help:
            return "keys and commands"
        }
    }

    private func drawFooter(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let y = layout.footerRow
        buffer.fill(y: y, role: .footer)
        var x = 0
        for (key, text) in footerItems {
            let width = key.displayWidth + text.displayWidth + 3
            guard x + width <= size.width else { break }
            x += buffer.put(" \(key)", x: x, y: y, role: .footerKey)
            x += buffer.put(" \(text) ", x: x, y: y, role: .footer)
            x += 1
        }
    }

    /// The footer's keys: the dialog's own when one is open, else the key map's for this screen.
    var footerItems: [(String, String)] {
        switch input {
        case .dialog(.refund(let form)):
            return form.confirming ? [(form.code.expected, "and Enter: refund now"), ("Esc", "back to form")]
                : [("Tab", "next field"), ("Enter", "review"), ("Esc", "cancel")]
        case .dialog(.cancel(let confirmation)):
            return [(confirmation.code.expected, "and Enter: confirm"), ("Esc", "keep")]
        case .dialog(.withdraw(let confirmation)):
            return [(confirmation.code.expected, "and Enter: confirm"), ("Esc", "keep")]
        case .dialog(.working):
            return [("", "working…")]
        case .dialog(.outcome):
            return [("any key", "close")]
        case .filter, .command:
            return [("Enter", "apply"), ("Esc", "cancel")]
        case .none:
            return availableBindings.compactMap { binding in
                binding.footer.map { (binding.keys.map(\.label).prefix(1).joined(), $0) }
            }
        }
    }
}
