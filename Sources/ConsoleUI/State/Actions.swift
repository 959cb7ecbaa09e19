import OrderModel

extension ConsoleState {
    mutating func perform(_ action: Action) -> [Effect] {
        let rows = layout.listRows, page = max(1, rows - 1)
        switch action {
        case .moveUp: return move(by: -1)
        case .moveDown: return move(by: 1)
        case .pageUp: return move(by: -page)
        case .pageDown: return move(by: page)
        case .top, .bottom:
            let toEnd = action == .bottom
            switch screen {
            case .orders: return orders.jump(toEnd: toEnd, visibleRows: rows)
            default: return move(by: toEnd ? Int.max / 2 : -Int.max / 2)
            }
        case .open:
            return openSelectedOrder()
        case .back:
            return back()
        case .nextScreen, .previousScreen:
            let cycle = ScreenKind.cycle
            let index = cycle.firstIndex(of: screen) ?? 0
            let next = cycle[(index + (action == .nextScreen ? 1 : cycle.count - 1)) % cycle.count]
            history = []
            return enter(next)
        case .help:
            if screen != .help { history.append(screen) }
            screen = .help
            helpScroll = 0
            return []
        case .quit:
            quitting = true
            return [.quit]
        case .suspend:
            return [.suspend]
        case .filter:
            input = .filter(TextField(orders.search ?? "", limit: 100))
            return []
        case .nextStatus, .previousStatus:
            let choices: [PaymentStatus?] = [nil] + PaymentStatus.allCases
            let index = choices.firstIndex(of: orders.status) ?? 0
            orders.status = choices[(index + (action == .nextStatus ? 1 : choices.count - 1)) % choices.count]
            return [orders.restart(visibleRows: rows)]
        case .clearFilter:
            orders.status = nil
            orders.search = nil
            orders.filters = ListFilterSettings()
            return [orders.restart(visibleRows: rows)]
        case .recentOrders:
            return showOrders(status: nil, order: .newestFirst)
        case .failedOrders:
            return showOrders(status: .failed, order: .newestFirst)
        case .waitingCharges:
            return showOrders(status: .charging, order: .oldestFirst)
        case .heldOrders:
            return showOrders(status: .held, order: .newestFirst)
        case .pendingRefunds:
            history = []
            return enter(.refunds)
        case .sortByOtherKey, .reverseSort:
            orders.order = action == .reverseSort ? orders.order.reversed : orders.order.otherKey
            return [orders.restart(visibleRows: rows)]
        case .export:
            return export()
        case .commandLine:
            input = .command(TextField("", limit: 120))
            return []
        case .pause:
            paused.toggle()
            show(paused ? "live updates paused; p resumes" : "live updates resumed")
            return paused ? [] : [.checkStore]
        case .cancelOrder, .refund:
            guard let orderId = targetOrderId else { return [] }
            return begin(action == .refund ? .refund(orderId) : .cancel(orderId))
        case .withdrawRefund:
            guard let refund = refunds.rows[safe: refunds.selected] else { return [] }
            guard refund.status == .pending else {
                show("only a pending refund can be withdrawn; \(refund.refundId) is \(refund.status.rawValue)", as: .warning)
                return []
            }
            guard !isReadOnly else { return refuseReadOnly() }
            input = .dialog(.withdraw(WithdrawConfirmation(refund: refund)))
            return [.discardTypeAhead]
        }
    }

    /// The orders list behind one of the header's figures: that status, in that order, and no other filter, so
    /// that the list holds what the figure counts.
    private mutating func showOrders(status: PaymentStatus?, order: OrderQuery.ListOrder) -> [Effect] {
        history = []
        screen = .orders
        orders.search = nil
        orders.filters = ListFilterSettings()
        orders.status = status
        orders.order = order
        return [orders.restart(visibleRows: layout.listRows)]
    }

    private mutating func move(by delta: Int) -> [Effect] {
        switch screen {
        case .orders: return orders.move(by: delta, visibleRows: layout.listRows)
        case .refunds: refunds.move(by: delta, visible: layout.listRows)
        case .audit: audit.move(by: delta, visible: layout.listRows)
        case .order:
            guard var pane = order, let detail = pane.detail else { return [] }
            let lines = orderDocument(detail, width: size.width).count
            pane.scroll = min(max(0, pane.scroll.addingClamped(delta)), max(0, lines - layout.bodyRows))
            order = pane
        case .help:
            helpScroll = min(max(0, helpScroll.addingClamped(delta)), max(0, helpLines.count - layout.bodyRows))
        }
        return []
    }

    /// The order an action applies to: the selected one in the list, or the one on screen.
    var targetOrderId: String? {
        switch screen {
        case .orders: orders.selectedOrder?.orderId
        case .order: order?.orderId
        case .refunds: refunds.rows[safe: refunds.selected]?.orderId
        case .audit: audit.rows[safe: audit.selected]?.orderId
        case .help: nil
        }
    }

    mutating func openSelectedOrder() -> [Effect] {
        guard let orderId = targetOrderId else { return [] }
        return open(orderId)
    }

    mutating func open(_ orderId: String) -> [Effect] {
        if screen != .order { history.append(screen) }
        screen = .order
        order = OrderPane(orderId: orderId)
        return [.loadOrder(orderId)]
    }

    mutating func enter(_ next: ScreenKind) -> [Effect] {
        screen = next
        switch next {
        case .refunds: return [.loadRefunds]
        case .audit: return [.loadAudit]
        default: return []
        }
    }

    mutating func back() -> [Effect] {
        if let previous = history.popLast() {
            screen = previous
            if previous != .order { order = nil }
            return previous == .refunds ? [.loadRefunds] : previous == .audit ? [.loadAudit] : []
        }
        if screen == .orders, orders.isFiltered { return perform(.clearFilter) }
        if screen != .orders { return enter(.orders) }
        return []
    }

    /// Cancel and refund first read the order as it is now; the dialog opens when it arrives.
    mutating func begin(_ action: PendingAction) -> [Effect] {
        guard !isReadOnly else { return refuseReadOnly() }
        pendingAction = action
        switch action {
        case .cancel(let orderId), .refund(let orderId): return [.loadOrder(orderId)]
        }
    }

    mutating func openPendingAction(with detail: OrderDetail) -> [Effect] {
        guard let action = pendingAction else { return [] }
        let orderId = detail.summary.orderId
        switch action {
        case .cancel(let id) where id == orderId:
            pendingAction = nil
            do throws(PaymentRefusal) { _ = try PaymentLifecycle.apply(.cancel, to: detail.payment) } catch {
                show("cannot cancel \(orderId): \(error.description)", as: .warning, seconds: 6)
                return []
            }
            input = .dialog(.cancel(CancelConfirmation(orderId: orderId, status: detail.summary.status, total: detail.summary.total,
                                                       idempotencyKey: newIdempotencyKey(), seen: detail.payment)))
            return [.discardTypeAhead]
        case .refund(let id) where id == orderId:
            pendingAction = nil
            let refundable = detail.refundable
            do throws(PaymentRefusal) { _ = try PaymentLifecycle.apply(.requestRefund(amount: refundable.minorUnits), to: detail.payment) }
            catch {
                show("cannot refund \(orderId): \(error.description)", as: .warning, seconds: 6)
                return []
            }
            input = .dialog(.refund(RefundForm(orderId: orderId, refundable: refundable, items: RefundItem.offered(by: detail),
                                               idempotencyKey: newIdempotencyKey(), seen: detail.payment)))
            return [.discardTypeAhead]
        default:
            break
        }
        return []
    }

    mutating func refuseReadOnly() -> [Effect] {
        show("read-only: \(readOnlyReason ?? "")", as: .warning)
        return []
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension FixedWidthInteger {
    /// Addition that stops at the type's bounds instead of trapping: a scroll offset must never crash the
    /// console. (Money is never clamped: sums are `MoneyTotal`s, which say when they overflow.)
    func addingClamped(_ other: Self) -> Self {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}
