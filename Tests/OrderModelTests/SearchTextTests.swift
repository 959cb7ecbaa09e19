import Testing
@testable import OrderModel

/// How search text is folded (docs/design.md §5, "Search").
@Suite struct SearchTextTests {
    @Test func asciiTextFoldsAsItDoesBesideAccentedText() {
        // Given every ASCII character, alone and followed by an accented letter (which takes the full Unicode fold)
        let ascii = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        // When both are folded
        // Then the ASCII part folds the same either way: to its lower case
        #expect(SearchText.folded(ascii) == ascii.lowercased())
        #expect(SearchText.folded(ascii + "É") == SearchText.folded(ascii) + "e")
    }

    @Test(arguments: [("Jürgen", "jurgen"), ("WEIß", "weiss"), ("ＴＥＡ", "tea"), ("Øre", "ore"), ("が", "が"), ("LOAD-0001", "load-0001")])
    func foldsCaseAccentsAndWidth(text: String, expected: String) {
        #expect(SearchText.folded(text) == expected)
    }

    @Test func asciiAndCJKIdeographsFoldAsUnicodeFoldsThem() {
        // Given every ASCII character and every CJK unified ideograph, which fold without Unicode's algorithms
        let ascii = String(String.UnicodeScalarView((0..<128).compactMap(Unicode.Scalar.init)))
        let ideographs = String(String.UnicodeScalarView(CJKIdeograph.scalars))
        // Then each folds to what Unicode's lower case and compatibility decomposition make of it
        #expect(SearchText.folded(ascii) == SearchText.unicodeFolded(ascii))
        #expect(SearchText.folded(ideographs) == SearchText.unicodeFolded(ideographs))
        #expect(SearchText.folded(ideographs).unicodeScalars.elementsEqual(CJKIdeograph.scalars))
    }

    /// Scalars to mix: ASCII and ideographs (the fast path), and around them everything that decomposes, combines,
    /// reorders, spells out or changes case in context elsewhere.
    static let mixed: [String] = [
        "a", "Z", " ", "-", "@", "9", "\n", "\u{0}", "\u{7F}", "王", "铁", "㐀", "\u{9FFF}", "\u{4DBF}", "é", "e\u{301}", "E\u{301}",
        "\u{301}", "\u{316}", "\u{301}\u{316}", "\u{316}\u{301}", "\u{345}", "ß", "ẞ", "Ø", "æ", "Σ", "ς", "ΣΑΣ", "İ", "ı", "Ǆ", "ﬁ",
        "Ｔ", "ｅ", "가", "한", "\u{1100}\u{1161}", "が", "か\u{3099}", "ｶﾞ", "\u{3099}", "㍻", "①", "½", "ℌ", "Å", "Å", "\u{212B}",
        "👩\u{200D}💻", "🇨🇳", "\u{202E}", "\u{FEFF}", "\u{F900}", "\u{2F800}", "ㄱ", "\u{0E33}", "\u{0600}", "क्ष",
    ]

    @Test func mixedTextFoldsAsUnicodeFoldsItWhole() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = TestRandom(seed: seed)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in Self.mixed.randomElement(using: &random)! }.joined()
            #expect(SearchText.folded(text) == SearchText.unicodeFolded(text), "seed \(seed): \(text.debugDescription)")
        }
    }

    /// The document as it is defined: each field folded, the empty and the repeated left out, one to a line.
    static func document(orderId: String, contacts: [Contact], cardLast4: String?, shippingLabel: String?) -> String {
        var fields = [orderId] + contacts.map(\.displayName) + contacts.compactMap(\.emailAddress) + contacts.compactMap(\.postalAddress?.city)
        fields += contacts.compactMap(\.phoneNumber).map { String(String.UnicodeScalarView($0.unicodeScalars.filter { ("0"..."9").contains($0) })) }
        fields += [cardLast4, shippingLabel].compactMap { $0 }
        var seen: Set<String> = []
        return fields.map(SearchText.unicodeFolded).filter { !$0.isEmpty && seen.insert($0).inserted }.joined(separator: "\n")
    }

    @Test func documentsAreEachFieldFoldedOnceToALine() {
        // Given contacts whose fields repeat one another, some only once folded or as canonically equivalent text
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = TestRandom(seed: seed)
        let texts = ["", "Zoë", "Zoe\u{308}", "ZOË", "zoe", "王", "伟", "上海", "Weiß", "weiss", "a\nb", "+86 138-0013 8000", "(0) 12",
                     "user@example.cn", "USER@EXAMPLE.CN", "Å", "\u{212B}", "0224", "包邮"]
        func text() -> String? { Bool.random(using: &random) && Bool.random(using: &random) ? nil : texts.randomElement(using: &random)! }
        for _ in 0..<2_000 {
            let contacts = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                Contact(givenName: text(), familyName: text(), phoneNumber: text(), emailAddress: text(),
                        postalAddress: Bool.random(using: &random) ? PostalAddress(city: text()) : nil)
            }
            let (orderId, card, label) = (text() ?? "", text(), text())
            #expect(SearchText.document(orderId: orderId, contacts: contacts, cardLast4: card, shippingLabel: label)
                == Self.document(orderId: orderId, contacts: contacts, cardLast4: card, shippingLabel: label), "seed \(seed)")
        }
    }
}
