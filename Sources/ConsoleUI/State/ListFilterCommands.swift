import OrderModel
import TerminalCore

/// The orders list's time, currency and amount filters, set from the `:` line (`:since 2026-11-01`,
/// `:currency EUR`, `:min 10`) and read the way `orders list` reads its options.
struct ListFilterSettings: Sendable, Equatable {
    var since: Timestamp?
    var until: Timestamp?
    var currency: Currency?
    var minimum: Money?
    var maximum: Money?

    static let commandNames: Set<String> = ["since", "until", "currency", "min", "max"]

    var isEmpty: Bool { self == ListFilterSettings() }

    /// What the header shows: "from 2026-11-01 · to 2026-11-30 · EUR 10.00–50.00", the days as the console's
    /// times are shown, at `utcOffset`.
    func summary(utcOffset: UTCOffset) -> String {
        var parts: [String] = []
        // A moment that begins no day (an RFC 3339 time was typed) in local time too, as the list shows it.
        func local(_ time: Timestamp) -> String { time.wallClock(utcOffsetSeconds: utcOffset.seconds(at: time)).dateTime }
        if let since { parts.append("from " + (since.dayItBegins(at: utcOffset) ?? local(since))) }
        if let until { parts.append(until.dayItBegins(at: utcOffset).map { "to " + Self.dayBefore($0) } ?? "before " + local(until)) }
        let range = switch (minimum, maximum) {
        case let (minimum?, maximum?): " \(minimum.decimalString)–\(maximum.decimalString)"
        case let (minimum?, nil): " ≥ \(minimum.decimalString)"
        case let (nil, maximum?): " ≤ \(maximum.decimalString)"
        case (nil, nil): ""
        }
        if let code = (currency ?? minimum?.currency ?? maximum?.currency)?.code { parts.append(code + range) }
        return parts.joined(separator: " · ")
    }

    /// `2026-11-30` for `2026-12-01`: an `until` typed as a date includes that day, and begins the next.
    private static func dayBefore(_ date: String) -> String {
        guard let midnight = Timestamp(rfc3339: date + "T00:00:00Z") else { return date }
        return String(midnight.adding(milliseconds: -86_400_000).rfc3339.prefix(10))
    }

    /// Sets one filter from its command's argument; no argument, or `none` (`all` for the currency), clears it,
    /// as `:help` says. Nothing changes when the value cannot be used.
    mutating func set(_ name: String, to argument: String, utcOffset: UTCOffset) throws(ListFilterProblem) {
        var next = self
        let clear = argument.isEmpty || argument.lowercased() == "none" || (name == "currency" && argument.lowercased() == "all")
        switch name {
        case "since": next.since = clear ? nil : try ListFilterInput.time(argument, utcOffset: utcOffset.seconds(at:))
        case "until": next.until = clear ? nil : try ListFilterInput.time(argument, endOfDay: true, utcOffset: utcOffset.seconds(at:))
        case "currency":
            next.currency = clear ? nil : try ListFilterInput.currency(argument)
            // Amount bounds belong to their currency: another currency drops them.
            if next.minimum?.currency != next.currency { next.minimum = nil }
            if next.maximum?.currency != next.currency { next.maximum = nil }
        case "min": next.minimum = clear ? nil : try ListFilterInput.amount(argument, in: currency)
        case "max": next.maximum = clear ? nil : try ListFilterInput.amount(argument, in: currency)
        default: return
        }
        try ListFilterInput.checkRange(since: next.since, until: next.until, minimum: next.minimum, maximum: next.maximum)
        self = next
    }

    func applied(to query: OrderQuery) -> OrderQuery {
        var query = query
        query.since = since
        query.until = until
        query.currency = currency
        query.minimum = minimum
        query.maximum = maximum
        return query
    }
}

extension Timestamp {
    /// The date whose beginning this moment is, at `utcOffset`, as a date typed on the `:` line is read; nil when
    /// it begins no day.
    func dayItBegins(at utcOffset: UTCOffset) -> String? {
        let date = wallClock(utcOffsetSeconds: utcOffset.seconds(at: self)).date
        return (try? ListFilterInput.time(date, utcOffset: utcOffset.seconds(at:))) == self ? date : nil
    }
}

extension ConsoleState {
    /// `:since`, `:until`, `:currency`, `:min` and `:max`: the list starts over with the new filter, or the
    /// status line names the input and what is wrong with it.
    mutating func setListFilter(_ name: String, to argument: String) -> [Effect] {
        do {
            try orders.filters.set(name, to: argument, utcOffset: utcOffset)
        } catch {
            show(":\(name) \(quoted(error.input, limit: 24)): \(error.problem)", as: .warning, seconds: 8)
            return []
        }
        screen = .orders
        return [orders.restart(visibleRows: layout.listRows)]
    }
}
