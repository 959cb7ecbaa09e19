import OrderModel
import TerminalCore

/// The header: who and how current (row 0), how many orders in each state, and the money per state. Each
/// line has forms from the fullest to the most compact and shows the first that fits; a figure is never cut.
extension ConsoleState {
    func drawHeader(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        drawTitleRow(&buffer)
        buffer.fill(y: 1, role: .header)
        buffer.put(" " + firstFitting(statusCountsForms, in: size.width - 1), x: 0, y: 1, role: .header)
        if layout.headerRows > 2 {
            buffer.fill(y: 2, role: .header)
            buffer.put(" " + amountsText(fitting: size.width - 1), x: 0, y: 2, role: .header)
        }
    }

    /// " PayDesk  store  READ-ONLY  PAUSED  filters …  updated 0s ago": the badges and how current the screen is
    /// come first; the store's name and the active filters take what is left.
    private func drawTitleRow(_ buffer: inout ScreenBuffer) {
        let width = size.width
        buffer.fill(y: 0, role: .title)
        let freshness = freshnessText
        let badges = [isReadOnly ? "READ-ONLY" : nil, paused ? "PAUSED" : nil].compactMap { $0 }
        let shortBadges = [isReadOnly ? "RO" : nil, paused ? "PAUSED" : nil].compactMap { $0 }
        let title = " PayDesk "
        func room(_ badges: [String], _ freshness: String) -> Int {
            width - title.count - badges.reduce(0) { $0 + $1.count + 3 } - freshness.displayWidth - 1
        }
        var (shownBadges, shownFreshness) = (badges, freshness.text)
        if room(shownBadges, shownFreshness) < 0 { shownFreshness = freshness.short }
        if room(shownBadges, shownFreshness) < 0 { shownBadges = shortBadges }
        var x = buffer.put(title, x: 0, y: 0, role: .title)
        for badge in shownBadges { x += buffer.put(" \(badge) ", x: x + 1, y: 0, role: .badge) + 1 }
        let end = width - shownFreshness.displayWidth - 1
        if end >= x { buffer.put(shownFreshness, x: end, y: 0, role: freshness.role) }
        // The store's name, then the list's active filters, in what is left between.
        let left = max(0, end - x - 2)
        let name = storeName.displayWidth(limit: left) <= left ? storeName : storeName.fitted(to: min(left, max(8, left / 3)))
        x += buffer.put(" \(name) ", x: x, y: 0, role: .title, limit: left + 2)
        let filters = activeFilters.joined(separator: " \(glyphs.separator) ")
        if !filters.isEmpty, end - x - 2 > 3 { buffer.put(filters.fitted(to: end - x - 2), x: x + 1, y: 0, role: .badge) }
    }

    /// The filters the orders list is under, as the title row names them; empty when it shows every order.
    var activeFilters: [String] {
        var filters: [String] = []
        if let status = orders.status { filters.append("status \(status.word)") }
        if let search = orders.search { filters.append("filter \(quoted(search, limit: 30))") }
        // The time, currency and amount filters stay in sight on every screen: they decide what the list holds.
        if !orders.filters.summary.isEmpty { filters.append(orders.filters.summary) }
        return filters
    }

    /// "updated 0s ago" while live polling confirms the store; it grows when paused or when the store fails.
    /// The short form is for narrow terminals.
    var freshnessText: (text: String, short: String, role: Role) {
        if let storeProblem { return ("store: \(storeProblem)", "store failed", .error) }
        guard let freshAt else { return ("loading…", "…", .title) }
        // The store is checked once a second, so a check up to two seconds old is current: the age stays at 0
        // (and the screen still) while live updates work, and counts up when they stop.
        let elapsed = now.millisecondsSinceEpoch - freshAt.millisecondsSinceEpoch
        let age = elapsed < 2_000 ? "0s" : age(since: freshAt)
        return ("updated \(age) ago", "\(age) ago", paused || elapsed >= 2_000 ? .warning : .title)
    }

    /// The number of orders in each state, from the fullest form to glyphs and counts alone.
    var statusCountsForms: [String] {
        let counts = PaymentStatus.allCases.compactMap { status -> (PaymentStatus, Int)? in
            let count = totals.filter { $0.status == status }.reduce(0) { $0 + $1.orders }
            return count > 0 ? (status, count) : nil
        }
        guard !counts.isEmpty else { return ["no orders yet"] }
        return [
            counts.map { "\(label($0.0)) \($0.1)" }.joined(separator: "  "),
            counts.map { "\(shortLabel($0.0)) \($0.1)" }.joined(separator: "  "),
            counts.map { "\(shortLabel($0.0)) \($0.1)" }.joined(separator: " "),
            counts.map { "\(glyphs.glyph($0.0))\($0.1)" }.joined(separator: " "),
        ]
    }

    /// Money per status that matters to an operator: what was collected, what is moving, what waits for a
    /// person, what is not yet charged, what went back. One sum per currency, each whole: what does not fit is
    /// counted ("+3 more"), never cut.
    func amountsText(fitting width: Int) -> String {
        let shown: [(String, [PaymentStatus])] = [("paid", [.paid, .partiallyRefunded]), ("charging", [.charging]), ("held", [.held]),
                                                  ("authorized", [.authorized]), ("refunded", [.refunded])]
        let parts = shown.compactMap { name, statuses -> (String, [String])? in
            var byCurrency: [String: MoneyTotal] = [:]
            for total in totals where statuses.contains(total.status) {
                let currency = total.amount.currency
                byCurrency[currency.code] = (byCurrency[currency.code] ?? .zero(currency)).adding(total.amount)
            }
            guard !byCurrency.isEmpty else { return nil }
            return (name, byCurrency.keys.sorted().compactMap { byCurrency[$0]?.description })
        }
        let separator = "  \(glyphs.separator)  "
        let full = parts.map { "\($0.0) " + $0.1.joined(separator: ", ") }.joined(separator: separator)
        if full.displayWidth <= width { return full }
        // Whole amounts, in order, as many as fit beside the count of those left out.
        let amounts = parts.flatMap { part in part.1.enumerated().map { (part.0, $0.offset == 0, $0.element) } }
        var text = ""
        for (index, (name, first, amount)) in amounts.enumerated() {
            let piece = first ? (text.isEmpty ? "" : " \(glyphs.separator) ") + "\(name) \(amount)" : ", \(amount)"
            let left = amounts.count - index - 1
            let more = left > 0 ? " +\(left) more" : ""
            if (text + piece + more).displayWidth > width {
                return text + " +\(amounts.count - index) more"
            }
            text += piece
        }
        return text
    }
}

/// The first of `forms` that fits in `width` columns; the last one, cut, when none does.
func firstFitting(_ forms: [String], in width: Int) -> String {
    forms.first { $0.displayWidth(limit: width) <= width } ?? (forms.last ?? "").fitted(to: width)
}
