import Testing
import OrderModel

/// Country and currency codes are looked up without hashing strings: held here to the lists they come from.
@Suite struct CodeLookupTests {
    static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    @Test func aCountryCodeIsValidExactlyWhenItIsAssigned() {
        for first in Self.letters {
            for second in Self.letters {
                let code = String([first, second])
                #expect(CountryCode.isValid(code) == CountryCode.all.contains(code), "\(code)")
            }
        }
        for code in ["", "C", "cn", "Cn", "CNN", "C1", "Ｃ", "ÇN", "C\u{0}", " CN"] { #expect(!CountryCode.isValid(code), "\(code)") }
    }

    @Test func aCurrencyIsFoundByItsCodeAndNothingElse() {
        for currency in Currency.all { #expect(Currency(code: currency.code) == currency) }
        for first in Self.letters {
            for second in Self.letters {
                for third in Self.letters {
                    let code = String([first, second, third])
                    #expect(Currency(code: code) == Currency.all.first { $0.code == code }, "\(code)")
                }
            }
        }
        for code in ["", "CN", "cny", "CNYY", "CN\u{0}", "１５６", "156", "ÇNY"] { #expect(Currency(code: code) == nil, "\(code)") }
    }

    @Test func lowerCaseIsMadeOnlyWhenNeededAndIsTheSame() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = TestRandom(seed: seed)
        let pieces = ["a", "Z", "0", "f", "F", "@", "[", "`", "{", "é", "É", "İ", "Σ", "ß", "王", "\u{0}"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Array(text.lowercasedIfNeeded().utf8) == Array(text.lowercased().utf8), "seed \(seed): \(text.debugDescription)")
        }
    }
}
