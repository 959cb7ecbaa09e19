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
        if let since { parts.append("from " + Self.text(since, dayBefore: false, utcOffset: utcOffset)) }
        if let until {
            parts.append((until.isMidnight(at: utcOffset) ? "to " : "before ") + Self.text(until, dayBefore: true, utcOffset: utcOffset))
        }
        let range = switch (minimum, maximum) {
        case let (minimum?, maximum?): " \(minimum.decimalString)–\(maximum.decimalString)"
        case let (minimum?, nil): " ≥ \(minimum.decimalString)"
        case let (nil, maximum?): " ≤ \(maximum.decimalString)"
        case (nil, nil): ""
        }
        if let code = (currency ?? minimum?.currency ?? maximum?.currency)?.code { parts.append(code + range) }
        return parts.joined(separator: " · ")
    }

    /// A date when the time is a midnight at `utcOffset` (the day before, for an `until` that includes its day).
    private static func text(_ time: Timestamp, dayBefore: Bool, utcOffset: UTCOffset) -> String {
        guard time.isMidnight(at: utcOffset) else { return time.rfc3339 }
        let local = time.adding(milliseconds: Int64(utcOffset.seconds(at: time)) * 1_000)
        return String(local.adding(milliseconds: dayBefore ? -86_400_000 : 0).rfc3339.prefix(10))
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
    func isMidnight(at utcOffset: UTCOffset) -> Bool {
        (millisecondsSinceEpoch + Int64(utcOffset.seconds(at: self)) * 1_000) % 86_400_000 == 0
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
