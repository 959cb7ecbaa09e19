/// A sum of many amounts in one currency: exact, or past what 64 bits of minor units can hold. One order is
/// bounded (`Money.maximumMinorUnits`), but a store's totals are not, and a store written by hand or by an
/// older version may hold anything; a total that overflows is shown as overflowing, never wrapped, clamped or
/// trapped on.
public enum MoneyTotal: Hashable, Sendable, CustomStringConvertible {
    case exact(Money)
    case overflow(Currency)

    public static func zero(_ currency: Currency) -> MoneyTotal { .exact(.zero(currency)) }

    public var currency: Currency {
        switch self {
        case .exact(let money): money.currency
        case .overflow(let currency): currency
        }
    }

    /// The sum, or nil when it overflowed.
    public var exactValue: Money? {
        if case .exact(let money) = self { return money }
        return nil
    }

    /// Adds with checked arithmetic; an overflow stays an overflow. Amounts of another currency are a
    /// programming error the caller must not make, so they turn the total into an overflow rather than trap.
    public func adding(_ other: MoneyTotal) -> MoneyTotal {
        guard case .exact(let a) = self, case .exact(let b) = other, a.currency == b.currency else { return .overflow(currency) }
        let (sum, overflow) = a.minorUnits.addingReportingOverflow(b.minorUnits)
        return overflow ? .overflow(currency) : .exact(Money(minorUnits: sum, currency: currency))
    }

    public func adding(_ money: Money) -> MoneyTotal { adding(.exact(money)) }

    /// Subtracts with checked arithmetic, as `adding` adds.
    public func subtracting(_ other: MoneyTotal) -> MoneyTotal {
        guard case .exact(let a) = self, case .exact(let b) = other, a.currency == b.currency else { return .overflow(currency) }
        let (difference, overflow) = a.minorUnits.subtractingReportingOverflow(b.minorUnits)
        return overflow ? .overflow(currency) : .exact(Money(minorUnits: difference, currency: currency))
    }

    /// "1275.00 CNY", or "overflow CNY" when the sum does not fit.
    public var description: String {
        switch self {
        case .exact(let money): money.description
        case .overflow(let currency): "overflow \(currency.code)"
        }
    }
}
