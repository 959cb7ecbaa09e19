/// The orders list's filters as an operator types them, read one way for `orders list` and the console's `:`
/// line. A refusal carries the input and what is wrong with it; whoever shows it quotes the input.
public enum ListFilterInput {
    /// `2026-11-01` (midnight at its start; with `endOfDay`, the next midnight, so that `until` a date includes
    /// that whole day) or an RFC 3339 time, `2026-11-01T09:30:00+08:00`. A date's midnight is where the reader
    /// is: `utcOffset` gives the seconds east of UTC in force at a moment. The console reads dates in the host's
    /// local time, as it shows times; the command line in UTC, as it prints them.
    public static func time(_ text: String, endOfDay: Bool = false, utcOffset: (Timestamp) -> Int = { _ in 0 }) throws(ListFilterProblem) -> Timestamp {
        if let time = Timestamp(rfc3339: text) { return time }
        guard text.utf8.count == 10, let midnightUTC = Timestamp(rfc3339: text + "T00:00:00Z") else {
            throw ListFilterProblem(input: text, problem: "not a date (2026-11-01) or an RFC 3339 time (2026-11-01T09:30:00Z)")
        }
        let day = endOfDay ? midnightUTC.adding(milliseconds: 86_400_000) : midnightUTC
        func at(_ offset: Int) -> Timestamp { day.adding(milliseconds: -Int64(offset) * 1_000) }
        // The offset in force at midnight, which can differ from the one at midnight UTC: looked up again at the
        // moment the first reading gives. Where the clocks jump forward at midnight (Santiago, Cairo, the Azores)
        // there is no midnight: read at the old offset and at the new, it falls on either side of the jump, and
        // the day begins at the later of the two, the jump.
        let offset = utcOffset(at(utcOffset(day)))
        let other = utcOffset(at(offset))
        return other == offset ? at(offset) : max(at(offset), at(other))
    }

    public static func currency(_ text: String) throws(ListFilterProblem) -> Currency {
        guard let currency = Currency(code: text.uppercased()) else {
            throw ListFilterProblem(input: text, problem: "not a currency PayDesk knows (\(Currency.all.map(\.code).joined(separator: ", ")))")
        }
        return currency
    }

    /// A decimal amount in the currency's own units ("10", "12.50"; JPY "1000"). An amount needs its currency:
    /// "10" is a thousand minor units of EUR but ten of JPY, and the list never compares amounts across
    /// currencies.
    public static func amount(_ text: String, in currency: Currency?) throws(ListFilterProblem) -> Money {
        guard let currency else {
            throw ListFilterProblem(input: text, problem: "needs a currency too: amounts are compared within one currency only")
        }
        do {
            let amount = try Money(parsing: text, currency: currency)
            guard amount.minorUnits >= 0, amount.isWithinBound else { throw MoneyError.overflow(text) }
            return amount
        } catch {
            let places = currency.exponent == 0 ? "no decimals" : "at most \(currency.exponent) decimals"
            throw ListFilterProblem(input: text, problem: "not an amount of \(currency.code) (\(places), like \(Money(minorUnits: 1250, currency: currency).decimalString))")
        }
    }

    /// Bounds that cannot both hold name the pair.
    public static func checkRange(since: Timestamp?, until: Timestamp?, minimum: Money?, maximum: Money?) throws(ListFilterProblem) {
        if let since, let until, until <= since {
            throw ListFilterProblem(input: since.rfc3339, problem: "since is not before until (\(until.rfc3339)): nothing could match")
        }
        if let minimum, let maximum, minimum.minorUnits > maximum.minorUnits {
            throw ListFilterProblem(input: minimum.decimalString, problem: "the minimum is above the maximum (\(maximum.decimalString)): nothing could match")
        }
    }
}

/// A filter value that cannot be used: the text as given, and why.
public struct ListFilterProblem: Error, Equatable {
    public var input: String
    public var problem: String

    public init(input: String, problem: String) {
        self.input = input
        self.problem = problem
    }
}
