import OrderModel
import TerminalCore

extension ConsoleState {
    /// The cells of a row, in the order of `orderColumns(visible:)`.
    enum OrderColumn: CaseIterable { case time, order, customer, amount, status, shipping, wallet, flags }

    /// The flags column is as wide as the flags on screen, so that none is cut off while the customer column
    /// has room to give.
    func orderColumns(visible: Range<Int>) -> [TableColumn] {
        // Sized by every loaded row, not only the visible ones, so that the column holds still while scrolling.
        let amountWidth = max(10, orders.rows.map(\.total.descriptionLength).max() ?? 0)
        let flagsWidth = max(8, visible.clamped(to: orders.rows.indices).map { flags(of: orders.rows[$0]).joined(separator: " ").count }.max() ?? 0)
        return [
            TableColumn(title: "Time", minimum: 11, ideal: 11, priority: 2),
            TableColumn(title: "Order", minimum: 10, ideal: 14, priority: 1),
            TableColumn(title: "Customer", minimum: 8, ideal: 14, priority: 2, flexible: true),
            TableColumn(title: "Amount", minimum: amountWidth, ideal: amountWidth, priority: 1, alignRight: true),
            TableColumn(title: "Status", minimum: 13, ideal: 13, priority: 1),
            TableColumn(title: "Shipping", minimum: 8, ideal: 12, priority: 4),
            TableColumn(title: "Card", minimum: 9, ideal: 14, priority: 3, keepsEnd: true),
            TableColumn(title: "Flags", minimum: 6, ideal: flagsWidth, priority: 2),
        ]
    }

    func drawOrders(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let empty = orders.loading != nil ? "loading…" : orders.search != nil || orders.status != nil
            ? "no orders match; Esc clears the filters" : "no orders yet: paydesk ingest adds them"
        let rowRole = { (index: Int) -> Role in orders.highlighted[orders.rows[index].orderId] != nil ? .newRow : .text }
        drawTable(&buffer, layout, columns: orderColumns(visible: orders.top..<orders.top + layout.listRows), rowCount: orders.rows.count, top: orders.top,
                  selected: orders.selected, empty: empty, rowRole: rowRole) { index in
            OrderColumn.allCases.map { cell($0, of: orders.rows[index], base: rowRole(index)) }
        }
    }

    /// One cell of the orders table: customer text is neutralised when fitted, so it cannot steer the terminal.
    private func cell(_ column: OrderColumn, of row: OrderSummary, base: Role) -> (String, Role) {
        switch column {
        case .time: return (wallClock(row.createdAt).short, base == .text ? .dim : base)
        case .order: return (row.orderId, base)
        case .customer: return (row.customer, base)
        case .amount: return (row.total.description, base)
        case .status: return (label(row.status), row.status.role)
        case .shipping: return (row.shippingLabel ?? row.shippingMethod ?? "", base)
        case .wallet: return (row.wallet, base)
        case .flags: return (flags(of: row).joined(separator: " "), .warning)
        }
    }

    /// What needs an operator's eye: a refund waiting, a cancel requested, an order held and the check that
    /// failed, a token whose amount is not the order's, that failed a check or that no configured key opens (on
    /// an order released or ingested before holds), a charge without an answer for more than 5 s.
    func flags(of row: OrderSummary) -> [String] {
        var flags: [String] = []
        if row.refundPending { flags.append("REFUND") }
        if row.cancelRequested { flags.append("CANCEL") }
        if row.tokenFromSandbox { flags.append("SANDBOX") }
        if row.status == .held {
            // The check that failed, as the reason names it ("replay window: …"): why it waits for a person.
            flags.append("HELD " + (row.holdReason.map { String($0.prefix { $0 != ":" }) } ?? ""))
        } else {
            if row.tokenMismatch { flags.append("MISMATCH") }
            switch row.tokenOutcome {
            case .failed: flags.append("UNVERIFIED")
            case .noKey: flags.append("NOKEY")
            case .verified, nil: break
            }
        }
        if row.status == .charging, now.millisecondsSinceEpoch - row.updatedAt.millisecondsSinceEpoch > 5_000 {
            flags.append("WAIT \(age(since: row.updatedAt))")
        }
        return flags
    }
}
