import Testing
import OrderModel

@Suite struct QuotedValueTests {
    @Test(arguments: [
        ("TEA-000001", "\"TEA-000001\""), ("王小明 José 🙂", "\"王小明 José 🙂\""), ("e\u{301}", "\"e\u{301}\""),
        ("\u{1B}]0;pwned\u{07}", "\"\\u{1B}]0;pwned\\u{7}\""), ("evil\u{202E}gnp.exe", "\"evil\\u{202E}gnp.exe\""),
        ("two\nlines\r", "\"two\\u{A}lines\\u{D}\""), ("\u{9B}31m", "\"\\u{9B}31m\""), ("x\u{2028}y\u{A0}z", "\"x\\u{2028}y\\u{A0}z\""),
        ("a\u{200D}b\u{E000}", "\"a\\u{200D}b\\u{E000}\""),
    ])
    func showsWhatIsPlainlyVisibleAndEscapesTheRest(raw: String, message: String) {
        #expect(quoted(raw) == message)
    }

    @Test func isCutAtItsLimitReadingNoFurther() {
        // Given a value far longer than a message wants: a hundred thousand combining marks on one letter
        let stacked = "a" + String(repeating: "\u{301}", count: 100_000)
        // Then the message holds the limit and says it was cut
        #expect(quoted(stacked, limit: 3) == "\"a\u{301}\u{301}…\"")
        #expect(quoted(String(repeating: "x", count: 41)) == "\"" + String(repeating: "x", count: 40) + "…\"")
        #expect(quoted(String(repeating: "x", count: 40)) == "\"" + String(repeating: "x", count: 40) + "\"")
    }

    @Test func anIdempotencyKeyIsMadeOfVisibleCharactersWithoutSpaces() {
        #expect(IdempotencyKey.checkOperatorKey("refund-2026-11-23_α") == nil)
        for key in ["a b", "a\u{A0}b", "a\u{1B}b", "a\u{202E}b", "a\u{200B}b"] {
            #expect(IdempotencyKey.checkOperatorKey(key) == "an idempotency key cannot contain spaces or control characters", "\(quoted(key))")
        }
    }
}
