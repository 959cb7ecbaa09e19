import Testing
@testable import OrderModel

@Suite struct MoneyTests {
    let cny = Currency(code: "CNY")!, jpy = Currency(code: "JPY")!, kwd = Currency(code: "KWD")!

    @Test(arguments: [
        ("12.75", "CNY", 1275), ("-2.00", "CNY", -200), ("0", "CNY", 0), ("1000", "CNY", 100_000),
        ("12.7", "CNY", 1270), ("1000", "JPY", 1000), ("0.125", "KWD", 125), ("3", "BHD", 3000),
        ("92233720368547758.07", "USD", Int64.max),
    ] as [(String, String, Int64)])
    func parsesExactly(text: String, code: String, minor: Int64) throws {
        #expect(try Money(parsing: text, currency: Currency(code: code)!).minorUnits == minor)
    }

    @Test(arguments: [
        ("1e3", MoneyError.notADecimal("1e3")), ("NaN", .notADecimal("NaN")), ("", .empty),
        (" 1", .notADecimal(" 1")), ("1,00", .notADecimal("1,00")), ("+1", .notADecimal("+1")),
        ("12.", .notADecimal("12.")), (".5", .notADecimal(".5")), ("012", .notADecimal("012")),
        ("12.345", .tooManyDecimals("12.345", allowed: 2)),
        ("92233720368547758.08", .overflow("92233720368547758.08")),
        ("99999999999999999999", .overflow("99999999999999999999")),
    ])
    func rejectsWithReason(text: String, error: MoneyError) {
        #expect(throws: error) { try Money(parsing: text, currency: cny) }
    }

    @Test func jpyTakesNoDecimals() {
        #expect(throws: MoneyError.tooManyDecimals("1000.0", allowed: 0)) { try Money(parsing: "1000.0", currency: jpy) }
        #expect(MoneyError.tooManyDecimals("1.5", allowed: 0).description.contains("no minor unit"))
    }

    @Test(arguments: [(1275, "CNY", "12.75"), (-200, "CNY", "-2.00"), (5, "CNY", "0.05"), (0, "KWD", "0.000"),
                      (1000, "JPY", "1000"), (-5, "KWD", "-0.005"), (Int64.min, "CNY", "-92233720368547758.08")]
          as [(Int64, String, String)])
    func formats(minor: Int64, code: String, text: String) {
        #expect(Money(minorUnits: minor, currency: Currency(code: code)!).decimalString == text)
    }

    @Test func descriptionLengthIsTheLengthOfTheDescription() {
        for currency in Currency.all {
            for minor: Int64 in [0, 1, -1, 9, 10, 99, 100, 999, 1_000, -1_000, 123_456_789, Int64.max, Int64.min] {
                let money = Money(minorUnits: minor, currency: currency)
                #expect(money.descriptionLength == money.description.count, "\(money)")
            }
        }
    }

    @Test func roundTripsEveryCurrency() throws {
        for currency in Currency.all {
            for minor: Int64 in [0, 1, -1, 99, 100, 123_456_789] {
                let text = Money(minorUnits: minor, currency: currency).decimalString
                #expect(try Money(parsing: text, currency: currency).minorUnits == minor, "\(currency) \(text)")
            }
        }
    }

    @Test func currencyTableHasTheNumericCodesTokensCarry() {
        #expect(Currency(numericCode: "156")?.code == "CNY")
        #expect(Currency(numericCode: "840")?.code == "USD")
        #expect(Currency(numericCode: "643")?.code == "RUB")
        #expect(Currency(code: "KRW")?.exponent == 0)
        #expect(Currency(code: "BHD")?.exponent == 3)
        #expect(Currency(code: "XXX") == nil)
        for code in ["CNY", "USD", "EUR", "GBP", "JPY", "KRW", "KWD", "BHD", "RUB", "HKD", "TWD", "SGD", "AUD", "CAD", "CHF"] {
            #expect(Currency(code: code) != nil, "\(code)")
        }
    }

    @Test func sumRefusesMixedCurrenciesAndOverflow() {
        let usd = Currency(code: "USD")!
        #expect(throws: MoneyError.currencyMismatch(usd, cny)) {
            try Money.sum([Money(minorUnits: 1, currency: usd)], currency: cny)
        }
        #expect(throws: MoneyError.overflow("sum")) {
            try Money.sum([Money(minorUnits: .max, currency: cny), Money(minorUnits: 1, currency: cny)], currency: cny)
        }
    }
}
