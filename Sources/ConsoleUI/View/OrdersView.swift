import OrderModel
import OrderStore

extension ConsoleState {
    enum OrderColumn: Int, CaseIterable { case time, order, customer, amount, status, shipping, wallet, flags }

    func orderColumns() -> [TableColumn] {
        let amountWidth = max(10, orders.rows.map { $0.total.description.count }.max() ?? 0)
        return [
            TableColumn(title: "Time", minimum: 11, ideal: 11, priority: 2),
            TableColumn(title: "Order", minimum: 10, ideal: 14, priority: 1),
            TableColumn(title: "Customer", minimum: 8, ideal: 14, priority: 2, flexible: true),
            TableColumn(title: "Amount", minimum: amountWidth, ideal: amountWidth, priority: 1, alignRight: true),
            TableColumn(title: "Status", minimum: 13, ideal: 13, priority: 1),
            TableColumn(title: "Shipping", minimum: 8, ideal: 12, priority: 4),
            TableColumn(title: "Card", minimum: 9, ideal: 14, priority: 3),
            TableColumn(title: "Flags", minimum: 6, ideal: 8, priority: 2),
        ]
    }

    func drawOrders(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let columns = orderColumns()
        let fitted = fit(columns, into: size.width - 2)
        var x = 2
        buffer.fill(y: layout.bodyTop, role: .columnHeader)
        for (index, width) in fitted {
            let title = columns[index].alignRight ? columns[index].title.rightAligned(width) : columns[index].title
            buffer.put(title, x: x, y: layout.bodyTop, role: .columnHeader, limit: width)
            x += width + 1
        }
        let first = layout.bodyTop + 1
        if orders.rows.isEmpty {
            let text = orders.loading != nil ? "loading…" : orders.search != nil || orders.status != nil
                ? "no orders match; Esc clears the filters" : "no orders yet: paydesk ingest adds them"
            buffer.put("  " + text, x: 0, y: first, role: .dim)
            return
        }
        for line in 0..<layout.listRows {
            let index = orders.top + line
            guard let row = orders.rows[safe: index] else { break }
            let y = first + line
            let isSelected = index == orders.selected
            let isNew = orders.highlighted[row.orderId] != nil
            let base: Role = isNew ? .newRow : .text
            buffer.put(isSelected ? glyphs.selected : " ", x: 0, y: y, role: base)
            var x = 2
            for (column, width) in fitted {
                let (text, role) = cell(OrderColumn(rawValue: column) ?? .order, of: row, base: base, width: width)
                let shown = columns[column].alignRight ? text.rightAligned(width) : text.fitted(to: width)
                buffer.put(shown, x: x, y: y, role: role, limit: width)
                x += width + 1
            }
            if isSelected { buffer.restyle(y: y, role: .selection) }
        }
    }

    /// One cell of the orders table: customer text is neutralised by `fitted`, so it cannot steer the terminal.
    private func cell(_ column: OrderColumn, of row: OrderSummary, base: Role, width: Int) -> (String, Role) {
        switch column {
        case .time: return (wallClock(row.createdAt).short, base == .text ? .dim : base)
        case .order: return (row.orderId, base)
        case .customer: return (row.customer, base)
        case .amount: return (row.total.description, base)
        case .status: return (label(row.status), row.status.role)
        case .shipping: return (row.shippingLabel ?? row.shippingMethod ?? "", base)
        case .wallet: return (row.wallet.fittedKeepingEnd(to: width), base)
        case .flags: return (flags(of: row).joined(separator: " "), .warning)
        }
    }

    /// What needs an operator's eye: a refund waiting, a cancel requested, a charge without an answer for more
    /// than 5 seconds.
    func flags(of row: OrderSummary) -> [String] {
        var flags: [String] = []
        if row.refundPending { flags.append("REFUND") }
        if row.cancelRequested { flags.append("CANCEL") }
        if row.status == .charging, now.millisecondsSinceEpoch - row.updatedAt.millisecondsSinceEpoch > 5_000 {
            flags.append("WAIT \(age(since: row.updatedAt))")
        }
        return flags
    }
}
