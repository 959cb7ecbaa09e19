import OrderModel
import TerminalCore

extension ConsoleState {
    /// The console's only way to change: a message in, the new state and the effects to run out. No I/O here.
    public mutating func update(_ message: Message) -> [Effect] {
        switch message {
        case .key(let key):
            return handle(key)
        case .resized(let size):
            self.size = size
            let rows = layout.listRows
            orders.keepSelectionVisible(rows)
            refunds.keepSelectionVisible(layout.listRows)
            audit.keepSelectionVisible(layout.listRows)
            return orders.pagesNeeded(visibleRows: rows)
        case .tick(let now):
            self.now = now
            orders.expireHighlights(now: now)
            if let flash, flash.until <= now { self.flash = nil }
            return paused ? [] : [.checkStore]
        case .storeChecked(let token, let at):
            guard !paused else { return [] }
            storeProblem = nil
            freshAt = at
            defer { changeToken = token }
            guard let known = changeToken, known != token else { return [] }
            return reloadAfterChange()
        case .ordersLoaded(let request, let page):
            guard orders.receive(request, page, visibleRows: layout.listRows, now: now) else { return orders.pagesNeeded(visibleRows: layout.listRows) }
            storeProblem = nil
            // A search reads the list a window at a time, so a page it cut short may have met its window's end, not
            // the list's: how far it reached is asked with its first page, until then not claimed complete, and with
            // any page of new rows that came back short. A refresh re-reads rows already asked about, every second
            // while the store changes, and is not asked again.
            var effects: [Effect] = []
            let asksReach = switch request.placement {
            case .start: true
            case .end, .append, .prepend: page.count < request.query.limit
            case .refresh: false
            }
            if request.query.searchTerm != nil, asksReach {
                if request.placement == .start { orders.searchReach = nil }
                effects.append(.loadSearchReach(request.query, generation: request.generation))
            }
            return effects + orders.pagesNeeded(visibleRows: layout.listRows)
        case .searchReachLoaded(let reach, let generation):
            if generation == orders.generation { orders.searchReach = reach }
            return []
        case .totalsLoaded(let totals):
            self.totals = totals
            return []
        case .activityLoaded(let activity):
            self.activity = activity
            return []
        case .orderLoaded(let detail):
            if order?.orderId == detail.summary.orderId { order?.detail = detail }
            if case .dialog(.rechecking(let pending)) = input, pending.orderId == detail.summary.orderId {
                return resolve(pending, with: detail)
            }
            return openPendingAction(with: detail)
        case .refundsLoaded(let rows):
            refunds.rows = rows
            refunds.loaded = true
            refunds.keepSelectionVisible(layout.listRows)
            return []
        case .auditLoaded(let entries):
            audit.rows = entries
            audit.loaded = true
            audit.keepSelectionVisible(layout.listRows)
            return []
        case .exported(let outcome):
            report(outcome)
            return []
        case .actionFinished(let outcome):
            input = .dialog(.outcome(outcome))
            return [.checkStore]
        case .resumed(let stopped):
            if !stopped { show("Ctrl-Z: this session has no shell to return to", as: .warning) }
            if case .dialog(let dialog) = input, dialog.changesAnOrder { return [.discardTypeAhead] }
            return []
        case .storeFailed(let problem, let call):
            storeProblem = problem
            // Only what waited for the failed call stops waiting. When any failure cleared everything, a page
            // still on its way was asked for again and its rows came twice, and a refund's "working" dialog
            // closed while the refund was being made, so that the same refund could be started again.
            switch call {
            case .loadOrders(let request) where orders.loading == request:
                orders.loading = nil
            case .loadOrder(let orderId):
                if case .dialog(.rechecking(let pending)) = input, pending.orderId == orderId { input = .none }
                if pendingAction?.orderId == orderId { pendingAction = nil }
            default:
                break
            }
            return []
        }
    }

    var layout: Layout { Layout(size) }

    /// Another process changed the store: re-read what is on screen, nothing more.
    mutating func reloadAfterChange() -> [Effect] {
        orders.stale = true
        var effects: [Effect] = [.loadTotals, .loadActivity]
        effects += orders.pagesNeeded(visibleRows: layout.listRows)
        switch screen {
        case .order: if let order { effects.append(.loadOrder(order.orderId)) }
        case .refunds: effects.append(.loadRefunds)
        case .audit: effects.append(.loadAudit)
        case .orders, .help: break
        }
        return effects
    }

    /// A message in the status line until the next key, or for a few seconds when no key comes.
    public mutating func show(_ text: String, as role: Role = .text, seconds: Int64 = 4) {
        flash = Flash(text: text, role: role, until: now.adding(milliseconds: seconds * 1_000))
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if KeyMap.suspendKeys.contains(key) { return perform(.suspend) }
        if pendingAction != nil {
            // A cancel or refund waits a moment for the order's current state; keys typed meanwhile were typed
            // before its dialog, and are dropped as its type-ahead would be. Esc gives up waiting.
            if key == .escape || key == .control("c") {
                pendingAction = nil
                show("nothing was changed")
            }
            return []
        }
        if layout.isTooSmall {
            // Keys are ignored on the "too small" screen, except the way out.
            return key == .control("c") ? perform(.quit) : []
        }
        // A message answers what the operator just did; the next key moves on from it, so it goes (a key that
        // has something new to say sets its own). Unanswered, it goes on the clock's tick when its time is up.
        flash = nil
        switch input {
        case .none:
            guard let action = action(for: key) else { return [] }
            return perform(action)
        case .filter(var field):
            return handleFilter(key, &field)
        case .command(var field):
            return handleCommand(key, &field)
        case .dialog(let dialog):
            return handleDialog(key, dialog)
        }
    }
}
