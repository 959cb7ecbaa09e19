import TerminalCore
import Testing
@testable import ConsoleUI

/// The code that confirms a change is the order id's last four characters, typed exactly.
@Suite struct ConfirmationCodeTests {
    static func answer(_ typed: String, for orderId: String = "ORD-0001") -> (ConfirmationCode, ConfirmationCode.Answer) {
        var code = ConfirmationCode(orderId: orderId)
        for character in typed { _ = code.answer(.character(character)) }
        let answer = code.answer(.enter)
        return (code, answer)
    }

    @Test func theExactCodeConfirmsInEitherCase() {
        #expect(Self.answer("0001").1 == .confirmed)
        #expect(Self.answer("ab12", for: "TEA-AB12").1 == .confirmed)
    }

    @Test(arguments: ["00012", "0001234", "000", "1000"])
    func aCodeWithACharacterMoreOrLessDoesNotConfirmAndSaysWhatWasTyped(typed: String) {
        let (code, answer) = Self.answer(typed)
        #expect(answer == .waiting)
        #expect(code.refused == typed && code.typed.isEmpty)
    }

    @Test func whatIsTypedPastTheLongestIsNotKept() {
        let (code, answer) = Self.answer(String(repeating: "9", count: 40))
        #expect(answer == .waiting && code.refused?.count == ConfirmationCode.longest)
    }
}
