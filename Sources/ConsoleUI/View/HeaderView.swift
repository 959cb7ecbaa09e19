import OrderModel
import TerminalCore

/// The header: who and how current (row 0), how many orders in each state, the money per state, and the shop
/// at a glance (fewer of them on a short terminal, the glance last to go). Each line has forms from the fullest
/// to the most compact and shows the first that fits; a figure is never cut.
extension ConsoleState {
    /// Drawn from `HeaderFacts` alone, so that a frame with the last frame's facts (a key that moves the
    /// selection, a page of orders arriving) copies the last header rather than drawing it again: drawing it was
    /// a fifth of the view's work on every key.
    func drawHeader(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        buffer.paste(HeaderFacts.header(HeaderFacts(self, rows: layout.headerRows)), atRow: 0)
    }

    /// The filters the orders list is under, as the title row names them; empty when it shows every order.
    var activeFilters: [String] {
        var filters: [String] = []
        if let status = orders.status { filters.append("status \(status.word)") }
        if let search = orders.search { filters.append("filter \(quoted(search, limit: 30))") }
        // The time, currency and amount filters stay in sight on every screen: they decide what the list holds.
        let summary = orders.filters.summary(utcOffset: utcOffset)
        if !summary.isEmpty { filters.append(summary) }
        return filters
    }
}

/// Everything the header shows, and nothing else. The header is drawn by this type's own methods, which read
/// nothing but its fields and constants, so equal facts always draw the same header and the last one can be
/// reused. A header that came to show something more must have it added here: that is where it reads it from.
struct HeaderFacts: Equatable, Sendable {
    var width: Int
    var rows: Int
    var glyphs: Glyphs
    var isReadOnly: Bool
    var paused: Bool
    var storeName: String
    var storeProblem: String?
    var freshAt: Timestamp?
    var now: Timestamp
    var activeFilters: [String]
    var totals: [StatusTotal]?
    var activity: ShopActivity?

    init(_ state: ConsoleState, rows: Int) {
        width = state.size.width
        self.rows = rows
        glyphs = state.glyphs
        isReadOnly = state.isReadOnly
        paused = state.paused
        storeName = state.storeName
        storeProblem = state.storeProblem
        freshAt = state.freshAt
        now = state.now
        activeFilters = state.activeFilters
        totals = state.totals
        activity = state.activity
    }

    private static let drawn = Memo<HeaderFacts, ScreenBuffer> { $0.draw() }

    /// The header's rows, as wide as the screen: the last frame's when its facts were these.
    static func header(_ facts: HeaderFacts) -> ScreenBuffer { drawn(facts) }

    private func draw() -> ScreenBuffer {
        var buffer = ScreenBuffer(size: Size(width: width, height: rows))
        drawTitleRow(&buffer)
        for y in 1..<rows { buffer.fill(y: y, role: .header) }
        if rows >= 3 { buffer.put(" " + statusCounts(fitting: width - 1), x: 0, y: 1, role: .header) }
        if rows >= 4 { buffer.put(" " + amountsText(fitting: width - 1), x: 0, y: 2, role: .header) }
        drawGlance(&buffer, y: rows - 1)
        return buffer
    }

    /// " PayDesk  store  READ-ONLY  PAUSED  filters …  updated 0s ago": the badges and how current the screen is
    /// come first; the store's name and the active filters take what is left.
    private func drawTitleRow(_ buffer: inout ScreenBuffer) {
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

    /// "updated 0s ago" while live polling confirms the store; it grows when paused or when the store fails.
    /// The short form is for narrow terminals.
    private var freshnessText: (text: String, short: String, role: Role) {
        if let storeProblem { return ("store: \(storeProblem)", "store failed", .error) }
        guard let freshAt else { return ("loading…", "…", .title) }
        // The store is checked once a second, so a check up to two seconds old is current: the age stays at 0
        // (and the screen still) while live updates work, and counts up when they stop.
        let elapsed = now.milliseconds(since: freshAt)
        let shown = elapsed < 2_000 ? "0s" : age(of: freshAt, at: now)
        return ("updated \(shown) ago", "\(shown) ago", paused || elapsed >= 2_000 ? .warning : .title)
    }

    /// The number of orders in each state in the first form that fits `width`: full words, short words, then
    /// glyphs and counts alone.
    private func statusCounts(fitting width: Int) -> String {
        guard let totals else { return "counting orders…" }
        let counts = PaymentStatus.allCases.compactMap { status -> (PaymentStatus, Int)? in
            let count = totals.reduce(0) { $0 + ($1.status == status ? $1.orders : 0) }
            return count > 0 ? (status, count) : nil
        }
        guard !counts.isEmpty else { return "no orders yet" }
        let forms: [() -> String] = [
            { counts.map { "\(glyphs.label($0.0)) \($0.1)" }.joined(separator: "  ") },
            { counts.map { "\(glyphs.shortLabel($0.0)) \($0.1)" }.joined(separator: "  ") },
            { counts.map { "\(glyphs.shortLabel($0.0)) \($0.1)" }.joined(separator: " ") },
            { counts.map { "\(glyphs.glyph($0.0))\($0.1)" }.joined(separator: " ") },
        ]
        return firstFitting(forms, in: width)
    }

    /// Money that matters to an operator: what was collected and kept, what is moving, what waits for a person,
    /// what is not yet charged, what went back (a part-refunded order's refunds too, which change no status).
    /// One sum per currency, each whole: what does not fit is counted ("+3 more"), never cut.
    private func amountsText(fitting width: Int) -> String {
        func amount(of statuses: [PaymentStatus]) -> (StatusTotal) -> MoneyTotal? { { statuses.contains($0.status) ? $0.amount : nil } }
        let shown: [(String, (StatusTotal) -> MoneyTotal?)] = [
            ("paid", { [.paid, .partiallyRefunded].contains($0.status) ? $0.amount.subtracting($0.refunded) : nil }),
            ("charging", amount(of: [.charging])), ("held", amount(of: [.held])), ("authorized", amount(of: [.authorized])),
            ("refunded", { $0.refunded.exactValue?.minorUnits == 0 ? nil : $0.refunded }),
        ]
        let parts = shown.compactMap { name, money -> (String, [String])? in
            var byCurrency: [String: MoneyTotal] = [:]
            for total in totals ?? [] {
                guard let amount = money(total) else { continue }
                let currency = amount.currency
                byCurrency[currency.code] = (byCurrency[currency.code] ?? .zero(currency)).adding(amount)
            }
            guard !byCurrency.isEmpty else { return nil }
            return (name, byCurrency.keys.sorted().compactMap { byCurrency[$0]?.description })
        }
        let separator = "  \(glyphs.separator)  "
        let full = parts.map { "\($0.0) " + $0.1.joined(separator: ", ") }.joined(separator: separator)
        if full.displayWidth <= width { return full }
        // Whole amounts, in order, as many as fit beside the count of those left out.
        let amounts = parts.flatMap { part in part.1.enumerated().map { (part.0, $0.offset == 0, $0.element) } }
        var text = "", used = 0
        for (index, (name, first, amount)) in amounts.enumerated() {
            let piece = first ? (text.isEmpty ? "" : " \(glyphs.separator) ") + "\(name) \(amount)" : ", \(amount)"
            let left = amounts.count - index - 1
            let pieceWidth = piece.displayWidth
            if used + pieceWidth + (left > 0 ? " +\(left) more".count : 0) > width {
                return text + " +\(amounts.count - index) more"
            }
            text += piece
            used += pieceWidth
        }
        return text
    }

    /// "orders ▁▃▅▇ 42/h  f failed 4.8%  i 3 charging >5s  h 2 held  R 1 refund pending": each figure beside the
    /// key that opens the list behind it, in the first form that fits.
    private func drawGlance(_ buffer: inout ScreenBuffer, y: Int) {
        guard let activity else {
            buffer.put(" loading…", x: 0, y: y, role: .header)
            return
        }
        var x = 1
        for (text, role) in glance(activity, fitting: width - 1) {
            x += buffer.put(text, x: x, y: y, role: role, limit: max(0, width - x))
        }
    }

    /// The glance in its fullest form that fits: a narrower sparkline first, then shorter words. Each form's
    /// width is known before it is built, so a frame builds one.
    private func glance(_ activity: ShopActivity, fitting width: Int) -> [(String, Role)] {
        let hour = activity.lastHour(at: now, buckets: 60)
        let orders = hour.reduce(0) { $0 + $1.orders }
        let failed = hour.reduce(0) { $0 + $1.failed }, decided = failed + hour.reduce(0) { $0 + $1.succeeded }
        // Per mille in integers, shown to one decimal: a rate, not money, but no floating point is needed.
        let rate = decided == 0 ? "–" : "\(failed * 1000 / decided / 10).\(failed * 1000 / decided % 10)%"
        let waiting = activity.chargesWaiting(at: now)
        let held = totals.map { "\($0.filter { $0.status == .held }.reduce(0) { $0 + $1.orders })" } ?? "…"
        let long = [("f", "failed \(rate)"), ("i", "\(waiting) charging >5s"), ("h", "\(held) held"),
                    ("R", "\(counted(activity.pendingRefunds, "refund")) pending")]
        let medium = [("f", "failed \(rate)"), ("i", "\(waiting) >5s"), ("h", "\(held) held"), ("R", counted(activity.pendingRefunds, "refund"))]
        let short = [("f", rate), ("i", "\(waiting)"), ("h", "\(held)"), ("R", "\(activity.pendingRefunds)")]
        let rateText = " \(orders)/h"
        let forms: [(Int?, [(String, String)])] = [(60, long), (30, long), (20, long), (12, long), (12, medium), (12, short), (nil, short)]
        func columns(_ buckets: Int?, _ figures: [(String, String)]) -> Int {
            1 + (buckets.map { 8 + $0 } ?? 0) + rateText.count + figures.reduce(0) { $0 + 3 + $1.0.count + $1.1.count }
        }
        let (buckets, figures) = forms.first { columns($0.0, $0.1) <= width } ?? forms[forms.count - 1]
        var parts: [(String, Role)] = [("a", .footerKey)]
        if let buckets {
            parts += [(" orders ", .header), (sparkline(activity.lastHour(at: now, buckets: buckets)), .header)]
        }
        parts.append((rateText, .header))
        for (key, text) in figures { parts += [("  ", .header), (key, .footerKey), (" " + text, .header)] }
        return parts
    }

    /// One cell per bucket, its height the bucket's orders against the busiest bucket; empty when none came.
    private func sparkline(_ buckets: [ShopActivity.Minute]) -> String {
        let most = buckets.map(\.orders).max() ?? 0
        let levels = glyphs.spark.count - 1
        return buckets.map { bucket in
            guard most > 0, bucket.orders > 0 else { return glyphs.spark[0] }
            return glyphs.spark[max(1, (bucket.orders * levels + most - 1) / most)]
        }.joined()
    }
}

/// The first of `forms` that fits in `width` columns, each built only if those before it do not fit; the last
/// one, cut, when none does.
func firstFitting(_ forms: [() -> String], in width: Int) -> String {
    var last = ""
    for form in forms {
        last = form()
        if last.displayWidth(limit: width) <= width { return last }
    }
    return last.fitted(to: width)
}
