import OrderModel

/// The orders list: a window of loaded rows over a list that may hold millions. Pages are read by keyset as
/// the selection nears either edge, and the far side is dropped, so memory and every read stay small wherever
/// the operator scrolls.
public struct OrdersPane: Sendable, ScrollingSelection {
    public static let pageSize = 200
    /// Rows kept around the selection; more are dropped from the far side.
    static let windowLimit = 1_000

    public var rows: [OrderSummary] = [] {
        didSet {
            // A page that arrives keeps most of a window of up to a thousand rows: their cards are taken over, and
            // only the new rows' worked out (all of them again cost a millisecond on a PgDn that read a page).
            var known: [String: CardLabel] = [:]
            known.reserveCapacity(cards.count)
            for card in cards { known[card.full] = card }
            cards = rows.map { known[$0.wallet] ?? CardLabel($0.wallet) }
            amountWidth = rows.map(\.total.descriptionLength).max() ?? 0
        }
    }
    /// What the table shows of the rows that does not change from frame to frame, worked out when the rows change:
    /// every row's card, and the widest amount of all loaded rows (so that the column holds still while scrolling).
    /// A key that moves the selection worked them out again, for every row on screen and every amount loaded.
    private(set) var cards: [CardLabel] = []
    private(set) var amountWidth = 0
    public var selected = 0
    public var top = 0
    /// Nothing precedes `rows.first` in the list.
    public var reachedStart = false
    /// Nothing follows `rows.last`.
    public var reachedEnd = false
    public var status: PaymentStatus?
    public var search: String?
    /// Time, currency and amount, from the `:` line.
    var filters = ListFilterSettings()
    /// How far the search reached (`SearchReach`); nil while it is being asked.
    public var searchReach: SearchReach?
    public var order: OrderQuery.ListOrder = .newestFirst
    public var generation = 0
    /// A page is on its way; no other is asked for until it arrives.
    public var loading: OrdersPageRequest?
    /// The list changed elsewhere and the visible rows are to be re-read.
    public var stale = false
    /// Rows that appeared or changed in a refresh, highlighted until the time given.
    public var highlighted: [String: Timestamp] = [:]

    var rowCount: Int { rows.count }
    /// No page has arrived yet: an empty list means not yet known, not "no orders".
    var isUnread: Bool { rows.isEmpty && !reachedStart && !reachedEnd }
    /// The screen waits for a page: the first, a jump or a refresh of the rows shown, or rows beyond an edge the
    /// selection has reached. A page read ahead of the selection is not waited for, and saying "loading…" for it
    /// drew a second frame for every few pages scrolled, the first with the word and the second without.
    var isAwaited: Bool {
        guard let loading else { return isUnread }
        return awaits(loading.placement)
    }

    /// Whether the screen waits for a page placed so, the selection being where it is.
    private func awaits(_ placement: OrdersPageRequest.Placement) -> Bool {
        switch placement {
        case .append: selected >= rows.count - 1
        case .prepend: selected == 0
        default: true
        }
    }
    /// Any filter at all narrows the list.
    var isFiltered: Bool { status != nil || search != nil || !filters.isEmpty }
    public var selectedOrder: OrderSummary? { rows.indices.contains(selected) ? rows[selected] : nil }

    func query(limit: Int, after: OrderCursor? = nil, reversed: Bool = false) -> OrderQuery {
        filters.applied(to: OrderQuery(status: status, search: search, limit: limit, after: after, order: reversed ? order.reversed : order))
    }

    /// The first page of the current filter: two screens, not a page, since the screen waits for it and a page
    /// read ahead does not; that page is asked for as soon as this one arrives.
    func startRequest(visibleRows: Int) -> OrdersPageRequest {
        OrdersPageRequest(query: query(limit: max(1, visibleRows) * 2), placement: .start, generation: generation)
    }

    /// A new filter or sort: the list starts over.
    mutating func restart(visibleRows: Int) -> Effect {
        generation += 1
        highlighted = [:]
        stale = false
        searchReach = nil
        let request = startRequest(visibleRows: visibleRows)
        loading = request
        return .loadOrders(request)
    }

    /// Moves the selection, then asks for the page beyond either edge when the selection comes near it.
    mutating func move(by delta: Int, visibleRows: Int) -> [Effect] {
        guard !rows.isEmpty else { return [] }
        move(by: delta, visible: visibleRows)
        return pagesNeeded(visibleRows: visibleRows)
    }

    /// Home and End: within the window when it holds that edge, else a fresh read from that edge.
    mutating func jump(toEnd: Bool, visibleRows: Int) -> [Effect] {
        if toEnd ? reachedEnd : reachedStart {
            return move(by: toEnd ? rows.count : -rows.count, visibleRows: visibleRows)
        }
        generation += 1
        let request = OrdersPageRequest(query: query(limit: Self.pageSize, reversed: toEnd), placement: toEnd ? .end : .start,
                                        generation: generation)
        loading = request
        return [.loadOrders(request)]
    }

    /// The page the window needs next: rows beyond the edges near the view, or a refresh of what is visible.
    mutating func pagesNeeded(visibleRows: Int) -> [Effect] {
        guard loading == nil else { return [] }
        var request: OrdersPageRequest?
        if stale, top > 0 || reachedStart {
            let after = top > 0 ? rows[top - 1].cursor : nil
            request = OrdersPageRequest(query: query(limit: visibleRows + 50, after: after), placement: .refresh(from: top),
                                        generation: generation)
        } else if !reachedEnd, let last = rows.last, selected + visibleRows * 2 >= rows.count {
            request = OrdersPageRequest(query: query(limit: Self.pageSize, after: last.cursor), placement: .append, generation: generation)
        } else if !reachedStart, let first = rows.first, top < visibleRows * 2 {
            request = OrdersPageRequest(query: query(limit: Self.pageSize, after: first.cursor, reversed: true),
                                        placement: .prepend, generation: generation)
        }
        guard var request else { return [] }
        request.readAhead = !awaits(request.placement)
        loading = request
        return [.loadOrders(request)]
    }

    /// Puts a page where it belongs. Returns false when the page is for a filter no longer shown.
    mutating func receive(_ request: OrdersPageRequest, _ page: [OrderSummary], visibleRows: Int, now: Timestamp) -> Bool {
        if loading == request { loading = nil }
        guard request.generation == generation else { return false }
        let complete = page.count < request.query.limit
        let selectedId = selectedOrder?.orderId
        switch request.placement {
        case .start:
            rows = page
            selected = 0
            top = 0
            reachedStart = true
            reachedEnd = complete
        case .end:
            rows = page.reversed()
            selected = max(0, rows.count - 1)
            top = max(0, rows.count - visibleRows)
            reachedEnd = true
            reachedStart = complete
        case .append:
            // The rows are set once: each change works out the rows' cards again.
            let all = rows + page, drop = max(0, all.count - Self.windowLimit)
            rows = Array(all.dropFirst(drop))
            reachedEnd = complete
            if drop > 0 {
                selected -= drop
                top -= drop
                reachedStart = false
            }
        case .prepend:
            let all = page.reversed() + rows
            rows = Array(all.prefix(Self.windowLimit))
            selected += page.count
            top += page.count
            reachedStart = complete
            if all.count > Self.windowLimit { reachedEnd = false }
        case .refresh(let from):
            let kept = rows.prefix(min(from, rows.count))
            let before = Dictionary(rows.map { ($0.orderId, $0.updatedAt) }, uniquingKeysWith: { first, _ in first })
            let offset = selected - top
            rows = Array(kept) + page
            reachedEnd = complete
            stale = false
            if !before.isEmpty {
                for row in page where before[row.orderId] != row.updatedAt {
                    highlighted[row.orderId] = now.adding(milliseconds: 5_000)
                }
            }
            if let selectedId, let index = rows.firstIndex(where: { $0.orderId == selectedId }) {
                selected = index
                // At the top of the list new rows push in above the selection; elsewhere the view holds still.
                top = from == 0 && top == 0 ? 0 : max(0, index - offset)
            }
        }
        keepSelectionVisible(visibleRows)
        return true
    }

    /// Highlights whose time is up.
    mutating func expireHighlights(now: Timestamp) {
        highlighted = highlighted.filter { $0.value > now }
    }
}
