import OrderModel
import TerminalCore

extension ConsoleState {
    /// Draws a table with a header row; the selected row is marked and highlighted. `rowRole` is the role of
    /// a row's marker and of the cells that take it (new rows are highlighted this way).
    func drawTable(_ buffer: inout ScreenBuffer, _ layout: Layout, columns: [TableColumn], rowCount: Int,
                   top: Int, selected: Int, empty: String, rowRole: (Int) -> Role = { _ in .text },
                   cells: (_ row: Int, _ widths: [Int: Int]) -> [(String, Role)]) {
        let fitted = fit(columns, into: size.width - 2)
        let widths = Dictionary(uniqueKeysWithValues: fitted.map { ($0.column, $0.width) })
        var x = 2
        buffer.fill(y: layout.bodyTop, role: .columnHeader)
        for (index, width) in fitted {
            buffer.put(columns[index].header(fitting: width), x: x, y: layout.bodyTop, role: .columnHeader, limit: width)
            x += width + 1
        }
        if rowCount == 0 { buffer.put("  " + empty, x: 0, y: layout.bodyTop + 1, role: .dim) }
        for line in 0..<layout.listRows {
            let index = top + line
            guard index < rowCount else { break }
            let y = layout.bodyTop + 1 + line
            let values = cells(index, widths)
            buffer.put(index == selected ? glyphs.selected : " ", x: 0, y: y, role: rowRole(index))
            x = 2
            for (column, width) in fitted {
                let (text, role) = values[column]
                if columns[column].alignRight {
                    buffer.put(text.rightAligned(width), x: x, y: y, role: role, limit: width)
                } else {
                    buffer.put(text, x: x, y: y, role: role, fittedTo: width)
                }
                x += width + 1
            }
            if index == selected { buffer.restyle(y: y, role: .selection) }
        }
    }

    func drawRefunds(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let amountWidth = max(10, refunds.rows.map(\.amount.descriptionLength).max() ?? 0)
        let columns = [
            TableColumn(title: "Age", minimum: 4, ideal: 5, priority: 2),
            TableColumn(title: "Refund", minimum: 10, ideal: 19, priority: 3),
            TableColumn(title: "Order", minimum: 10, ideal: 18, priority: 1, roomy: min(48, widest(refunds.rows.map(\.orderId), atLeast: 18))),
            TableColumn(title: "Amount", minimum: amountWidth, ideal: amountWidth, priority: 1, alignRight: true),
            TableColumn(title: "Status", minimum: 9, ideal: 10, priority: 1),
            TableColumn(title: "Reason", minimum: 8, ideal: 21, priority: 2),
            TableColumn(title: "Requested by", shortTitle: "By", minimum: 8, ideal: widest(refunds.rows.map(\.requestedBy), atLeast: 12), priority: 4, flexible: true),
        ]
        drawTable(&buffer, layout, columns: columns, rowCount: refunds.rows.count, top: refunds.top, selected: refunds.selected,
                  empty: refunds.loaded ? "no refunds" : "loading…") { index, widths in
            let refund = refunds.rows[index]
            let role: Role = switch refund.status {
            case .pending: .warning
            case .failed: .error
            case .succeeded: .statusRefunded
            default: .text
            }
            let status = refund.status == .failed ? "failed: \(refund.failureReason ?? "?")" : refund.status.rawValue
            return [(age(of: refund.requestedAt, at: now), .dim), (refund.refundId, .text), (refund.orderId.orderIdFitted(to: widths[2] ?? 0), .text),
                    (refund.amount.description, .text), (status, role), (refund.reason.rawValue, .text), (refund.requestedBy, .dim)]
        }
    }

    func drawAudit(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let wide = size.width >= 100
        let columns = [
            TableColumn(title: "Time", minimum: 8, ideal: wide ? 19 : 8, priority: 1),
            TableColumn(title: "Action", minimum: 8, ideal: 18, priority: 1),
            TableColumn(title: "Order", minimum: 10, ideal: 18, priority: 2, roomy: min(48, widest(audit.rows.map { $0.orderId ?? "" }, atLeast: 18))),
            // Who did it, whole where the width allows: a team's label and client address are the point of it.
            TableColumn(title: "Actor", minimum: 8, ideal: widest(audit.rows.map(\.actor.description), atLeast: 12), priority: 3),
            TableColumn(title: "Outcome", minimum: 8, ideal: 30, priority: 1, flexible: true),
        ]
        drawTable(&buffer, layout, columns: columns, rowCount: audit.rows.count, top: audit.top, selected: audit.selected,
                  empty: audit.loaded ? "the audit log is empty" : "loading…") { index, widths in
            let entry = audit.rows[index]
            var outcome = entry.outcome
            if let amount = entry.amount, let currency = entry.currencyCode.flatMap(Currency.init(code:)) {
                outcome = "\(Money(minorUnits: amount, currency: currency)) · " + outcome
            }
            let clock = wallClock(entry.at)
            return [(wide ? clock.dateTime : clock.time, .dim), (entry.action, .text), ((entry.orderId ?? "").orderIdFitted(to: widths[2] ?? 0), .text),
                    (entry.actor.description, .dim), (outcome, outcome.contains("refused") ? .warning : .text)]
        }
    }

    /// The display width of the widest of `texts`, at least `atLeast` and at most half a wide terminal.
    private func widest(_ texts: [String], atLeast: Int) -> Int {
        min(texts.reduce(atLeast) { max($0, $1.displayWidth(limit: 100)) }, 100)
    }

    func drawHelp(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let lines = helpLines
        let scroll = min(helpScroll, max(0, lines.count - layout.bodyRows))
        for row in 0..<layout.bodyRows {
            guard let (text, role) = lines[safe: scroll + row] else { break }
            buffer.put(text, x: 1, y: layout.bodyTop + row, role: role)
        }
    }

    /// Help, generated from the key map and the command list as they are in this session, wrapped to the
    /// terminal: each text in a column of its own beside its keys, or under them when the terminal is narrow.
    var helpLines: [(String, Role)] {
        let width = size.width - 2
        let from = history.last ?? .orders
        var lines: [(String, Role)] = []
        func section(_ title: String) { lines += title.wrapped(to: width).map { ($0, .section) } }
        section("Keys on the \(from.rawValue) screen")
        func entry(_ name: String, _ nameWidth: Int, _ text: String) {
            let beside = 2 + nameWidth + 1
            if width - beside >= 12, name.displayWidth <= nameWidth {
                for (index, line) in text.wrapped(to: width - beside).enumerated() {
                    lines.append(((index == 0 ? "  " + name.fitted(to: nameWidth) + " " : String(repeating: " ", count: beside)) + line, .text))
                }
            } else {
                lines.append(("  " + name, .text))
                lines += text.wrapped(to: width - 6).map { ("      " + $0, .text) }
            }
        }
        for binding in bindings(on: from) {
            entry(binding.keys.map(\.label).joined(separator: " "), 16, binding.help)
        }
        lines.append(("", .text))
        section("Commands (type : then the command)")
        for command in availableCommands {
            entry(":" + command.name + (command.argument.map { " " + $0 } ?? ""), 24, command.help)
        }
        lines.append(("", .text))
        section("Statuses (in full, and as a narrow terminal shows them)")
        for status in PaymentStatus.allCases {
            lines.append(("  " + glyphs.label(status).fitted(to: 14) + " " + glyphs.shortLabel(status), status.role))
        }
        if !isReadOnly {
            lines.append(("", .text))
            section("In the refund form")
            for binding in KeyMap.refundForm {
                entry(binding.keys.map(\.label).joined(separator: " "), 16, binding.help)
            }
        }
        if let readOnlyReason {
            lines.append(("", .text))
            lines += "Read-only: \(readOnlyReason). Cancel, refund and withdraw are not available.".wrapped(to: width).map { ($0, .warning) }
        }
        return lines
    }
}
