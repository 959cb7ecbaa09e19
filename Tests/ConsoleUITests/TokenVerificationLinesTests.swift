import ConsoleUI
import OrderModel
import Testing

@Suite struct TokenVerificationLinesTests {
    let total = Money(minorUnits: 100, currency: Currency(code: "USD")!)

    @Test func anOrderIngestedWithoutKeysIsLabelledAsNotVerifiedHere() {
        // Given an order whose token nobody checked, When its lines are written
        let lines = TokenVerification.describe(nil, orderTotal: total, time: \.rfc3339)
        // Then they say so, quietly: the processor decrypts it
        #expect(lines.count == 1 && lines[0].text.hasPrefix("not verified here") && lines[0].tone == .quiet)
    }

    @Test func aSandboxRootIsCalledSoEvenWhenItCallsItselfApple() {
        // Given a token verified against a sandbox root that claims Apple's name
        let root = TokenRoot(name: "Apple Root CA - G3", sha256: "AB:CD", isApple: false)
        let verification = TokenVerification(outcome: .verified, signingTime: "2026-11-21T10:00:00Z", root: root)
        // When its lines are written
        let lines = TokenVerification.describe(verification, orderTotal: total, time: \.rfc3339)
        // Then the first warns that the root is not Apple's
        #expect(lines.first?.text.hasPrefix("! verified against a SANDBOX root, never Apple's") == true && lines.first?.tone == .caution)
    }
}
