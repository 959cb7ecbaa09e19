import Testing
@testable import TerminalCore

@Suite struct FrameEncoderTests {
    static let selection = Role(rawValue: "selection")

    /// Controls that spell every action so that a test reads them: `<y,x>` a move, `{role}` a look, `{}` the
    /// plain look, `[text]` a character other than printable ASCII in its columns, `<erase>` the rest of the row
    /// (which only text's blanks can be).
    func controls(scrollsAtLastCell: Bool = false, movesOnlyWhenPlain: Bool = false) -> TerminalControls {
        TerminalControls(moveCursor: { output, y, x in output += Array("<\(y),\(x)>".utf8) },
                         changeLook: { output, _, role in output += Array("{\(role.rawValue)}".utf8) },
                         plain: Array("{}".utf8),
                         eraseToEndOfRow: { $0 == .text ? Array("<erase>".utf8) : nil },
                         glyph: { output, text, columns in output += Array("[\(text)\(columns)]".utf8) },
                         scrollsAtLastCell: scrollsAtLastCell, movesOnlyWhenPlain: movesOnlyWhenPlain)
    }

    func frame(_ rows: [String], width: Int = 12) -> ScreenBuffer {
        var buffer = ScreenBuffer(size: Size(width: width, height: rows.count))
        for (y, row) in rows.enumerated() { buffer.put(row, x: 0, y: y, role: .text) }
        return buffer
    }

    func sent(_ previous: ScreenBuffer?, _ next: ScreenBuffer, _ controls: TerminalControls? = nil) -> String {
        String(decoding: FrameEncoder.bytes(from: previous, to: next, controls: controls ?? self.controls()), as: UTF8.self)
    }

    @Test func aFirstFrameSendsEveryCellAndAnUnchangedOneNothing() {
        let first = frame(["ab", "cd"], width: 3)
        #expect(sent(nil, first) == "<0,0>{text}ab <1,0>cd {}")
        #expect(sent(first, first) == "")
        // A previous frame of another size says nothing of what the screen holds
        #expect(sent(frame(["ab"], width: 3), first) == "<0,0>{text}ab <1,0>cd {}")
    }

    @Test func onlyTheChangedRunsAreSentAndAShortGapIsSentAgainRatherThanMovedOver() {
        let shown = frame(["0123456789abcdefghij", "0123456789abcdefghij"], width: 20)
        // Changes nine cells apart on the first row, eight apart on the second
        let next = frame(["X12345678Xabcdefghij", "X1234567X9abcdefghij"], width: 20)
        #expect(sent(shown, next) == "<0,0>{text}X<0,9>X<1,0>X1234567X{}")
    }

    @Test func aLookIsSentOnlyWhereTheRoleChanges() {
        let shown = frame(["abcd", "efgh"], width: 4)
        var next = shown
        next.restyle(y: 0, role: Self.selection, x: 1, width: 2)
        next.restyle(y: 1, role: Self.selection, x: 0, width: 1)
        #expect(sent(shown, next) == "<0,1>{selection}bc<1,0>e{}")
    }

    @Test func aWideCharacterIsNeverWrittenInHalf() {
        // Given a row with a wide character, shown
        let shown = frame(["a王b"], width: 5)
        // When only its right half changes role, it is sent whole, in its own role
        var restyled = shown
        restyled.restyle(y: 0, role: Self.selection, x: 2, width: 1)
        #expect(sent(shown, restyled) == "<0,1>{text}[王2]{}")
        // When narrow text replaces its right half, the left half is written again too (as the blank it became)
        var replaced = shown
        replaced.put("x", x: 2, y: 0, role: .text)
        #expect(sent(shown, replaced) == "<0,1>{text} x{}")
        // When a wide character replaces narrow ones, it is written once, in two columns
        #expect(sent(frame(["abcd"], width: 5), frame(["a李d"], width: 5)) == "<0,1>{text}[李2]{}")
    }

    @Test func blanksToTheEndOfARowAreErasedWhereThatIsShorter() {
        let shown = frame(["0123456789abcdefghij"], width: 20)
        // Seven blanks cost as much as the erase: they are sent; eight are erased
        #expect(sent(shown, frame(["0123456789abc"], width: 20)) == "<0,13>{text}       {}")
        #expect(sent(shown, frame(["0123456789ab"], width: 20)) == "<0,12>{text}<erase>{}")
        // After the text of the same run, in the blanks' own look
        #expect(sent(shown, frame(["0123456789aX"], width: 20)) == "<0,11>{text}X<erase>{}")
        // Not blanks whose look an erase cannot give, nor blanks that stop short of the row's end
        var selected = frame(["0123456789ab"], width: 20)
        selected.restyle(y: 0, role: Self.selection)
        #expect(sent(shown, selected) == "<0,0>{selection}0123456789ab        {}")
        var short = frame(["0123456789ab"], width: 20)
        short.put("j", x: 19, y: 0, role: .text)
        #expect(sent(shown, short) == "<0,12>{text}       {}")
    }

    @Test func theBottomRightCellIsLeftAloneWhereWritingItWouldScroll() {
        let scrolling = controls(scrollsAtLastCell: true)
        #expect(sent(nil, frame(["abc", "def"], width: 3), scrolling) == "<0,0>{text}abc<1,0>de{}")
        // Nor a wide character that would reach it: a blank takes its place, over whatever was there
        #expect(sent(nil, frame(["a王"], width: 3), scrolling) == "<0,0>{text}a {}")
        #expect(sent(frame(["abc"], width: 3), frame(["a王"], width: 3), scrolling) == "<0,1>{text} {}")
        #expect(sent(nil, frame(["abc", "def"], width: 3)) == "<0,0>{text}abc<1,0>def{}")
    }

    @Test func whereMovingInALookPaintsTheLookIsDroppedBeforeEachMove() {
        let shown = frame(["0123456789abcdefghij"], width: 20)
        var next = shown
        next.restyle(y: 0, role: Self.selection, x: 0, width: 1)
        next.restyle(y: 0, role: Self.selection, x: 19, width: 1)
        #expect(sent(shown, next, controls(movesOnlyWhenPlain: true)) == "<0,0>{selection}0{}<0,19>{selection}j{}")
        #expect(sent(shown, next) == "<0,0>{selection}0<0,19>j{}")
    }
}
