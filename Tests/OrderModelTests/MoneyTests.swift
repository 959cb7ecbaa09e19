import Testing
@testable import OrderModel

@Suite struct MoneyTests {
    let cny = Currency(code: "CNY")!, jpy = Currency(code: "JPY")!, kwd = Currency(code: "KWD")!

    @Test(arguments: [
        ("12.75", "CNY", 1275), ("-2.00", "CNY", -200), ("0", "CNY", 0), ("1000", "CNY", 100_000),
        ("12.7", "CNY", 1270), ("1000", "JPY", 1000), ("0.125", "KWD", 125), ("3", "BHD", 3000),
        ("92233720368547758.07", "USD", Int64.max), ("-0", "CNY", 0), ("-0.00", "CNY", 0), ("0.05", "CNY", 5), ("-92233720368547758.07", "USD", -Int64.max),
    ] as [(String, String, Int64)])
    func parsesExactly(text: String, code: String, minor: Int64) throws {
        #expect(try Money(parsing: text, currency: Currency(code: code)!).minorUnits == minor)
    }

    @Test(arguments: [
        ("1e3", MoneyError.notADecimal("1e3")), ("NaN", .notADecimal("NaN")), ("", .empty),
        (" 1", .notADecimal(" 1")), ("1,00", .notADecimal("1,00")), ("+1", .notADecimal("+1")),
        ("12.", .notADecimal("12.")), (".5", .notADecimal(".5")), ("012", .notADecimal("012")),
        ("-", .notADecimal("-")), ("--1", .notADecimal("--1")), ("-.5", .notADecimal("-.5")), ("1.2.3", .notADecimal("1.2.3")),
        ("00.5", .notADecimal("00.5")), ("-01", .notADecimal("-01")), ("1.2x", .notADecimal("1.2x")), ("12.345x", .notADecimal("12.345x")),
        ("１２", .notADecimal("１２")), ("٣", .notADecimal("٣")),
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

/// The bound on one order and checked sums, at the edges of every currency's exponent (issue 13, finding 1).
@Suite struct MoneyBoundPropertyTests {
    @Test(arguments: Currency.all)
    func theBoundRoundTripsInEveryCurrencyAndOneMoreIsBeyondIt(currency: Currency) throws {
        for minor in [Money.maximumMinorUnits, Money.maximumMinorUnits - 1, -Money.maximumMinorUnits, 1, 0] {
            let money = Money(minorUnits: minor, currency: currency)
            #expect(money.isWithinBound)
            #expect(try Money(parsing: money.decimalString, currency: currency) == money)
        }
        for minor in [Money.maximumMinorUnits + 1, -Money.maximumMinorUnits - 1, Int64.max, Int64.min] {
            #expect(!Money(minorUnits: minor, currency: currency).isWithinBound)
        }
        // The bound's decimal text has exactly the currency's exponent of decimals
        let text = Money(minorUnits: Money.maximumMinorUnits, currency: currency).decimalString
        #expect(text.split(separator: ".").dropFirst().first?.count ?? 0 == currency.exponent)
    }

    @Test(arguments: Currency.all)
    func anOrderBeyondTheBoundIsRefused(currency: Currency) throws {
        let over = Money.maximumMinorUnits + 1
        #expect(throws: OrderError.beyondBound(Money(minorUnits: over, currency: currency))) {
            try Order(orderId: "O", createdAt: Timestamp(millisecondsSinceEpoch: 0), currency: currency, details: Self.details(
                [SummaryItem(label: "Goods", amount: over), SummaryItem(label: "Shop", amount: over)]))
        }
        // A discount beyond the bound is refused too, even when the total is small
        #expect(throws: OrderError.beyondBound(Money(minorUnits: -over, currency: currency))) {
            try Order(orderId: "O", createdAt: Timestamp(millisecondsSinceEpoch: 0), currency: currency, details: Self.details(
                [SummaryItem(label: "Goods", amount: Money.maximumMinorUnits), SummaryItem(label: "Discount", amount: -over),
                 SummaryItem(label: "Shop", amount: 1)]))
        }
    }

    /// Random runs of amounts near the 64-bit edges, summed by `MoneyTotal` and by 128-bit integers: the total
    /// is exact exactly when no running sum left 64 bits, and then equal.
    @Test func checkedSumsAgreeWithWideArithmetic() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = TestRandom(seed: seed)
        let currency = Currency(code: "KWD")!
        let edges: [Int64] = [Int64.max, Int64.min, Int64.max / 2, Int64.min / 2, Money.maximumMinorUnits, -Money.maximumMinorUnits, 1, -1, 0]
        for _ in 0..<2_000 {
            var total = MoneyTotal.zero(currency)
            var wide: Int128 = 0
            var left = false
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let amount = Bool.random(using: &random) ? edges.randomElement(using: &random)! : Int64.random(in: Int64.min...Int64.max, using: &random)
                total = total.adding(Money(minorUnits: amount, currency: currency))
                wide += Int128(amount)
                if wide > Int128(Int64.max) || wide < Int128(Int64.min) { left = true }
            }
            if left {
                #expect(total == .overflow(currency), "seed \(seed)")
            } else {
                #expect(total == .exact(Money(minorUnits: Int64(wide), currency: currency)), "seed \(seed)")
            }
        }
    }

    @Test func lifecycleArithmeticOnDamagedAmountsRefusesInsteadOfTrapping() {
        // Given an order a damaged store says was paid the most 64 bits hold, with refunds in flight
        let state = PaymentState(status: .paid, total: Int64.max, paid: Int64.max, refunded: Int64.min, refundsInFlight: 5)
        // Then nothing is refundable rather than a wrapped figure, and further refunds are refused, not trapped on
        #expect(state.refundable == 0)
        #expect(throws: PaymentRefusal.self) { try PaymentLifecycle.apply(.requestRefund(amount: 1), to: state) }
        let unsupported = PaymentState(status: .paid, cancelRequested: true, total: 10, paid: 10, refunded: Int64.min, refundsInFlight: 0)
        #expect(throws: PaymentRefusal("the order's amounts are out of range; nothing was changed")) {
            try PaymentLifecycle.apply(.reversalUnsupported, to: unsupported)
        }
    }

    static func details(_ items: [SummaryItem]) -> OrderDetails {
        OrderDetails(merchantIdentifier: "m", countryCode: "CN", supportedNetworks: ["visa"], merchantCapabilities: ["supports3DS"],
                     summaryItems: items, shippingMethod: nil, shippingMethods: [], shippingContact: nil, billingContact: nil,
                     applicationData: nil, token: TokenMetadata(version: "EC_v1", publicKeyHash: "", transactionId: "", applicationDataHash: nil,
                                                                displayName: "", network: "", type: ""))
    }
}
