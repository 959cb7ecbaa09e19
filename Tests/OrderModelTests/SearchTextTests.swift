import Testing
import OrderModel

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
}
