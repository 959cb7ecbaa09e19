/// An ISO 4217 currency: tokens name it by numeric code ("156"), orders by alphabetic code ("CNY").
/// The exponent is how many minor-unit digits an amount may carry (JPY 0, CNY 2, KWD 3).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    public let code: String
    public let numericCode: String
    public let exponent: Int

    public var description: String { code }

    public init?(code: String) {
        guard let index = Currency.codeKeys.firstIndex(of: Currency.key(code)) else { return nil }
        self = Currency.all[index]
    }

    public init?(numericCode: String) {
        guard let found = Currency.byNumericCode[numericCode] else { return nil }
        self = found
    }

    private init(_ code: String, _ numericCode: String, _ exponent: Int) {
        self.code = code
        self.numericCode = numericCode
        self.exponent = exponent
    }

    /// The currencies PayDesk accepts. Apple Pay merchants outside this list need a line here, nothing else.
    public static let all: [Currency] = [
        Currency("AED", "784", 2), Currency("AUD", "036", 2), Currency("BHD", "048", 3),
        Currency("BRL", "986", 2), Currency("CAD", "124", 2), Currency("CHF", "756", 2),
        Currency("CNY", "156", 2), Currency("CZK", "203", 2), Currency("DKK", "208", 2),
        Currency("EUR", "978", 2), Currency("GBP", "826", 2), Currency("HKD", "344", 2),
        Currency("HUF", "348", 2), Currency("ILS", "376", 2), Currency("INR", "356", 2),
        Currency("JOD", "400", 3), Currency("JPY", "392", 0), Currency("KRW", "410", 0),
        Currency("KWD", "414", 3), Currency("MXN", "484", 2), Currency("MYR", "458", 2),
        Currency("NOK", "578", 2), Currency("NZD", "554", 2), Currency("OMR", "512", 3),
        Currency("PLN", "985", 2), Currency("QAR", "634", 2), Currency("RUB", "643", 2),
        Currency("SAR", "682", 2), Currency("SEK", "752", 2), Currency("SGD", "702", 2),
        Currency("THB", "764", 2), Currency("TWD", "901", 2), Currency("UAH", "980", 2),
        Currency("USD", "840", 2), Currency("VND", "704", 0), Currency("ZAR", "710", 2),
    ]

    /// Each code's three bytes as one integer, in the order of `all`: looked up without hashing a String, as
    /// ingest looks up every order's currency and the console every amount's.
    private static let codeKeys = all.map { key($0.code) }
    private static func key(_ code: String) -> UInt32 {
        code.withUTF8Bytes { $0.count == 3 ? UInt32($0[0]) << 16 | UInt32($0[1]) << 8 | UInt32($0[2]) : 0 }
    }
    private static let byNumericCode = Dictionary(uniqueKeysWithValues: all.map { ($0.numericCode, $0) })
}
