@testable import OrderIngest
import OrderModel
import Testing
import TestSupport

/// Text of ASCII and CJK ideographs alone is let through from its length (`TextLimits.fitsWithoutCounting`):
/// held here to counting its characters.
@Suite struct TextLimitsTests {
    static let pieces = ["a", "Z", " ", "\r\n", "\r", "\n", "\t", "\u{1B}", "王", "铁", "㐀", "\u{9FFF}", "é", "e\u{301}", "\u{301}",
                         "👩\u{200D}💻", "🇨🇳", "가", "が", "\u{0600}", "\u{200D}", "Ｔ"]

    func problem(_ check: () throws(FieldProblem) -> Void) -> FieldProblem? {
        do { try check() } catch { return error }
        return nil
    }

    @Test func whatFitsWithoutCountingFitsWhenCounted() {
        let seed = TestSeed()
        var random = seed.generator
        for _ in 0..<3_000 {
            let limit = [1, 2, 16, 200].randomElement(using: &random)!
            let text = (0..<Int.random(in: 0...limit + 4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
            let counted = problem { () throws(FieldProblem) in try TextLimits.checkCounting(text, "field", characters: limit) }
            if TextLimits.fitsWithoutCounting(text, limit) { #expect(counted == nil, "\(seed): \(text.debugDescription)") }
            #expect(problem { () throws(FieldProblem) in try TextLimits.check(text, "field", characters: limit) } == counted,
                    "\(seed): \(text.debugDescription)")
        }
    }

    @Test func countsIdeographsUpToTheLimitAndNoFurther() throws {
        try TextLimits.check(String(repeating: "王", count: 200), "name")
        #expect(throws: FieldProblem("name", "longer than 200 characters")) { try TextLimits.check(String(repeating: "王", count: 201), "name") }
        #expect(throws: FieldProblem("name", "longer than 200 characters")) { try TextLimits.check(String(repeating: "王a", count: 101), "name") }
    }
}
