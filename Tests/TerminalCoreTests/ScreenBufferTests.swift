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

    @Test func narrowTextOverWideCharactersLeavesNoHalfOfOne() {
        // Given rows of wide characters, starting on an even column and on an odd one
        for underneath in ["王王王王王王", "a王王王王王"] {
            for count in 0...12 {
                for x in 0..<12 {
                    // When a run of ASCII is put, or blanks filled, over them at once, and one character at a time
                    let text = String("abcdefghijkl".prefix(count))
                    var run = buffer(underneath: underneath), filled = run, oneByOne = run
                    run.put(text, x: x, y: 0, role: .text)
                    filled.fill(y: 0, role: .text, x: x, width: count)
                    for (offset, character) in text.enumerated() { oneByOne.put(String(character), x: x + offset, y: 0, role: .text) }
                    // Then the run is what the characters put one by one make, and no wide character lost a half
                    let place = "\(count) at \(x) on \(underneath)"
                    #expect(run == oneByOne, "\(place)")
                    for row in [run, filled] {
                        for column in 0..<12 {
                            let wide = row[x: column, y: 0].text.displayWidth == 2
                            if row[x: column, y: 0].isContinuation { #expect(column > 0 && row[x: column - 1, y: 0].text.displayWidth == 2, "\(place)") }
                            if wide { #expect(column + 1 < 12 && row[x: column + 1, y: 0].isContinuation, "\(place)") }
                        }
                    }
                }
            }
        }
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

    @Test func aRegionPastedOverRowsReplacesThemWholeAndStopsAtTheBottomEdge() {
        // Given a screen of three rows, each filled, and a region of two rows drawn on its own
        var screen = ScreenBuffer(size: Size(width: 6, height: 3))
        for y in 0..<3 { screen.put("xxxxxx", x: 0, y: y, role: .text) }
        var region = ScreenBuffer(size: Size(width: 6, height: 2))
        region.put("王a", x: 0, y: 0, role: Role(rawValue: "pasted"))
        region.put("bc", x: 4, y: 1, role: .text)
        // When it is pasted from the second row, and then from the last
        var middle = screen
        middle.paste(region, atRow: 1)
        screen.paste(region, atRow: 2)
        // Then its rows replace those rows cell for cell, blanks and a wide character's two halves included
        #expect(middle.lines == ["xxxxxx", "王a   ", "    bc"])
        #expect(middle[x: 1, y: 1].isContinuation && middle[x: 0, y: 1].role == Role(rawValue: "pasted"))
        // And what falls below the screen is left out
        #expect(screen.lines == ["xxxxxx", "xxxxxx", "王a   "])
    }
}
