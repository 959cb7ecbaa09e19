import Testing
@testable import TerminalCore

@Suite struct ScreenBufferTests {
    /// A row of 12 columns; `underneath` is drawn first, so that the text lands on wide characters it may split.
    func buffer(underneath: String) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: Size(width: 12, height: 1))
        buffer.put(underneath, x: 0, y: 0, role: Role(rawValue: "under"))
        return buffer
    }

    @Test func aMarkAfterTheLastCharacterThatFitsStaysWithIt() {
        // Given text whose last character that fits is followed by a combining accent (e + U+0301)
        var buffer = ScreenBuffer(size: Size(width: 4, height: 1))
        // When it is put in two columns, and across the whole row
        buffer.put("ae\u{301}x", x: 0, y: 0, role: .text, limit: 2)
        #expect(buffer[x: 1, y: 0].text == "e\u{301}")
        buffer.put("abce\u{301}", x: 0, y: 0, role: .text)
        // Then the accent is drawn on its e, not dropped because the text up to it was plain ASCII
        #expect(buffer[x: 3, y: 0].text == "e\u{301}")
    }

    @Test func aCellFittedInPlaceIsTheFittedTextPut() {
        // Given every text of up to three symbols of every kind of cell, and longer ones, on a blank row and on a
        // row of wide characters
        for underneath in ["", "王王王王王王"] {
            for text in DisplayWidthTests.everyShortText.filter({ $0.unicodeScalars.count <= 3 }) + ["Lovelace and Babbage", "欧阳子涵 Zoë", "a\u{1B}[2Jb"] {
                for width in 0...8 {
                    for x in [0, 1, 3] {
                        // When it is fitted in place, and the fitted string is put
                        var inPlace = buffer(underneath: underneath), reference = inPlace
                        inPlace.put(text, x: x, y: 0, role: .text, fittedTo: width)
                        reference.put(text.fitted(to: width), x: x, y: 0, role: .text, limit: width)
                        // Then the row is the same, cell by cell
                        #expect(inPlace == reference, "\(text.unicodeScalars.map(\.value)) width \(width) at \(x) on \(underneath.isEmpty ? "blanks" : "wide")")
                    }
                }
            }
        }
    }
}
