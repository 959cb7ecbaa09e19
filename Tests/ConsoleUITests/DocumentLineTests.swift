import Testing
import TerminalCore
@testable import ConsoleUI

/// The order screen's lines are wrapped to the terminal rather than cut at its edge (seen in the tmux walk of
/// issue 16: at 80 columns a phone number lost its last digits and the token's line which root it chains to).
@Suite struct DocumentLineTests {
    func text(_ line: DocumentLine) -> String { line.pieces.map(\.0).joined() }

    @Test func aLongLineOfOnePieceHangsTwoColumnsInAndLosesNoWord() {
        // Given a token line of 110 columns, two columns in
        let line = DocumentLine("  ! verified against a SANDBOX root, never Apple's: signed 2026-11-25 22:10:54, chains to SANDBOX root", .warning)
        // When it is wrapped to 40 columns
        let wrapped = line.wrapped(to: 40)
        // Then no line is wider, the first keeps its indent and the rest hang two further, every word kept in order
        #expect(wrapped.count > 1)
        #expect(wrapped.allSatisfy { text($0).displayWidth <= 40 })
        #expect(text(wrapped[0]).hasPrefix("  ! ") && wrapped.dropFirst().allSatisfy { text($0).hasPrefix("    ") })
        #expect(wrapped.map { text($0).split(separator: " ").joined(separator: " ") }.joined(separator: " ")
                == text(line).split(separator: " ").joined(separator: " "))
        #expect(wrapped.allSatisfy { $0.pieces.allSatisfy { $0.1 == .warning } })
    }

    @Test func aContactLineKeepsItsLabelAndEveryDigitOfThePhone() {
        // Given a contact line: a dim label, then the customer's name, phone and email
        let line = DocumentLine([("  ship to: ", .dim), ("Zoë García · +86 13818914563 · user29571@example.cn", .text)])
        // When it is wrapped to 40 columns
        let wrapped = line.wrapped(to: 40)
        // Then the label stays first and dim, the rest hangs under the text, and the phone number is whole
        #expect(wrapped[0].pieces.first?.0 == "  ship to: " && wrapped[0].pieces.first?.1 == .dim)
        #expect(wrapped.dropFirst().allSatisfy { text($0).hasPrefix(String(repeating: " ", count: 11)) })
        #expect(wrapped.allSatisfy { text($0).displayWidth <= 40 })
        #expect(wrapped.contains { text($0).contains("13818914563") })
    }

    @Test func aLineThatFitsIsLeftAsItIs() {
        let line = DocumentLine([("  Tieguanyin 铁观音 200g", .text), ("  128.00", .text)])
        #expect(line.wrapped(to: 40).map(text) == [text(line)])
    }

    @Test func aQuarterMegabyteNameIsShownInAFewLinesEndingInAnEllipsis() {
        // Given a contact line whose name is 80,000 ideographs and then 100,000 combining marks, as an older
        // store may hold (drawn on every frame of the order screen)
        for name in [String(repeating: "王", count: 80_000), "Z" + String(repeating: "\u{0301}", count: 100_000) + " +86 138"] {
            let line = DocumentLine([("  ship to: ", .dim), (name, .text)])
            // When it is wrapped to 80 columns
            let wrapped = line.wrapped(to: 80)
            // Then it takes at most the most lines a line may take, none wider, the last ending in an ellipsis
            #expect(wrapped.count <= DocumentLine.mostLines)
            #expect(wrapped.allSatisfy { text($0).displayWidth <= 80 })
            #expect(text(wrapped[wrapped.count - 1]).reversed().drop { $0 == " " }.first == "…")
        }
    }
}
