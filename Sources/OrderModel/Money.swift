/// An exact amount: an integer count of the currency's minor units. Never binary floating point.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money { Money(minorUnits: 0, currency: currency) }

    /// The largest amount one order may carry, in minor units of any currency: 10^15, a thousand trillion yen
    /// or ten trillion dollars. Ingest refuses more, so that any 9,000 orders can be summed in 64 bits; sums of
    /// more than that are `MoneyTotal`s, which say when they overflow.
    public static let maximumMinorUnits: Int64 = 1_000_000_000_000_000

    /// Whether this amount is within ±`maximumMinorUnits`.
    public var isWithinBound: Bool { minorUnits.magnitude <= Money.maximumMinorUnits.magnitude }

    /// Parses a plain decimal string: optional "-", digits, optionally "." and at most `exponent` digits.
    /// Exponents, grouping, spaces, "+" and leading zeros are refused: money text must mean one thing.
    public init(parsing text: String, currency: Currency) throws(MoneyError) {
        self.init(minorUnits: try Money.parseMinorUnits(text, exponent: currency.exponent), currency: currency)
    }

    /// "12.75", "-2.00", "1000" (JPY), "0.125" (KWD).
    public var decimalString: String { Money.format(minorUnits, exponent: currency.exponent) }

    /// "12.75 CNY": what a person reads.
    public var description: String { "\(decimalString) \(currency.code)" }

    /// The length of `description`, counted rather than formatted: the list sizes its amount column by every
    /// row it holds, on every frame.
    public var descriptionLength: Int {
        var digits = 1
        var rest = minorUnits.magnitude / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let exponent = currency.exponent
        let number = exponent > 0 ? max(digits, exponent + 1) + 1 : digits
        return (minorUnits < 0 ? 1 : 0) + number + 1 + currency.code.utf8.count
    }

    /// Digits by integer arithmetic: the console formats every visible amount on every frame.
    public static func format(_ minorUnits: Int64, exponent: Int) -> String {
        // Int64.min has no positive counterpart; its magnitude still fits a UInt64.
        var rest = minorUnits.magnitude
        var text: [UInt8] = []
        text.reserveCapacity(24)
        for place in 0... {
            if place == exponent && exponent > 0 { text.append(UInt8(ascii: ".")) }
            text.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
            if rest == 0 && place >= exponent { break }
        }
        if minorUnits < 0 { text.append(UInt8(ascii: "-")) }
        // Reversed in place: a reversed view is a generic type the runtime builds on first use by scanning every
        // protocol conformance in the binary, which the console's first frame waited for.
        text.reverse()
        return String(decoding: text, as: UTF8.self)
    }

    /// One pass over the bytes, without copies: ingest reads several amounts on every line.
    static func parseMinorUnits(_ text: String, exponent: Int) throws(MoneyError) -> Int64 {
        guard !text.isEmpty else { throw .empty }
        return try text.withUTF8Bytes { bytes in Result { () throws(MoneyError) in try parseMinorUnits(bytes, exponent: exponent, text: text) } }.get()
    }

    private static func parseMinorUnits(_ bytes: UnsafeBufferPointer<UInt8>, exponent: Int, text: String) throws(MoneyError) -> Int64 {
        func digits(from start: Int) -> Int {
            var end = start
            while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            return end - start
        }
        let negative = bytes[0] == UInt8(ascii: "-")
        let wholeStart = negative ? 1 : 0
        let wholeDigits = digits(from: wholeStart)
        var end = wholeStart + wholeDigits
        var fractionDigits = 0
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            fractionDigits = digits(from: end + 1)
            guard fractionDigits > 0 else { throw .notADecimal(text) }
            end += 1 + fractionDigits
        }
        guard end == bytes.count, wholeDigits > 0, wholeDigits == 1 || bytes[wholeStart] != UInt8(ascii: "0") else {
            throw .notADecimal(text)
        }
        guard fractionDigits <= exponent else { throw .tooManyDecimals(text, allowed: exponent) }
        // The whole digits, then the fraction's, then zeros up to the exponent: minor units.
        var value: Int64 = 0
        for place in 0..<wholeDigits + exponent {
            let digit = place < wholeDigits ? bytes[wholeStart + place]
                : place < wholeDigits + fractionDigits ? bytes[wholeStart + place + 1] : UInt8(ascii: "0")
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (added, overflowB) = shifted.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { throw .overflow(text) }
            value = added
        }
        return negative ? -value : value
    }
}

public enum MoneyError: Error, Equatable, CustomStringConvertible {
    case empty
    case notADecimal(String)
    case tooManyDecimals(String, allowed: Int)
    case overflow(String)
    case beyondBound(Money)
    case currencyMismatch(Currency, Currency)

    public var description: String {
        switch self {
        case .empty: "empty amount"
        case .notADecimal(let text): "\(quoted(text)) is not a plain decimal amount (like 12.75)"
        case .tooManyDecimals(let text, 0): "\(quoted(text)) has decimals but the currency has no minor unit"
        case .tooManyDecimals(let text, let allowed): "\(quoted(text)) has more than \(allowed) decimal places"
        case .overflow(let text): "\(quoted(text)) is too large"
        case .beyondBound(let money):
            "\(money) is beyond what one order may carry (at most \(Money(minorUnits: Money.maximumMinorUnits, currency: money.currency)) either way)"
        case .currencyMismatch(let a, let b): "cannot combine \(a.code) and \(b.code)"
        }
    }
}

extension Money {
    /// Sums amounts of one currency; overflow is an error, not a wrap.
    public static func sum(_ amounts: some Sequence<Money>, currency: Currency) throws(MoneyError) -> Money {
        var total: Int64 = 0
        for amount in amounts {
            guard amount.currency == currency else { throw .currencyMismatch(amount.currency, currency) }
            let (next, overflow) = total.addingReportingOverflow(amount.minorUnits)
            guard !overflow else { throw .overflow("sum") }
            total = next
        }
        return Money(minorUnits: total, currency: currency)
    }
}
