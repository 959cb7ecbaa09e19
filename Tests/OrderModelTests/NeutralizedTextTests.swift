import Testing
@testable import OrderModel

@Suite struct NeutralizedTextTests {
    @Test(arguments: [
        ("王小明", "王小明"), ("José Ñandú 🙂", "José Ñandú 🙂"),
        ("\u{1B}[2J\u{1B}]0;pwned\u{07}", "\\u{1B}[2J\\u{1B}]0;pwned\\u{7}"),
        ("evil\u{202E}gnp.exe", "evil\\u{202E}gnp.exe"), ("a\u{200B}b", "a\\u{200B}b"),
        ("line\nbreak\r", "line\\u{A}break\\u{D}"), ("\u{9B}31m", "\\u{9B}31m"), ("x\u{2028}y", "x\\u{2028}y"),
    ])
    func neutralises(raw: String, shown: String) {
        #expect(raw.neutralized == shown)
    }

    @Test func quotedNeverCarriesAnEscapeAndIsBounded() {
        let message = quoted("\u{1B}[31m" + String(repeating: "x", count: 100))
        #expect(!message.unicodeScalars.contains { $0.isTerminalHazard })
        #expect(message.hasSuffix("…\""))
    }
}

@Suite struct DisplayWidthTests {
    @Test(arguments: [("王小明", 6), ("Ada", 3), ("e\u{301}", 1), ("🙂", 2), ("ｶ", 1), ("Ｗ", 2), ("\u{1B}", 6)])
    func countsColumns(text: String, columns: Int) {
        #expect(text.displayWidth == columns)
    }

    @Test func fitsTextToAColumnExactly() {
        #expect("王小明".fitted(to: 8) == "王小明  ")
        #expect("王小明".fitted(to: 5) == "王小…")
        #expect("王小明".fitted(to: 4) == "王… ")
        #expect("Lovelace".fitted(to: 4) == "Lov…")
        #expect("a\u{1B}[2Jb".fitted(to: 12).displayWidth == 12)
        #expect("x".fitted(to: 0) == "")
        for width in 1...9 { #expect("欧阳子涵 Zoë".fitted(to: width).displayWidth == width) }
    }

    @Test func shortcutsForLatinAndCJKAgreeWithTheUnicodePropertiesForEveryScalar() {
        // Given every scalar of Latin-1 and its extensions, and of the CJK and Hangul blocks (and a little beyond each)
        let ranges = [0..<0x400, 0x3300..<0x4E00, 0x4E00..<0xA100, 0xAB00..<0xD800]
        let scalars = ranges.joined().lazy.compactMap(Unicode.Scalar.init(_:))
        // Then the console's fast answers are the ones the general rule gives
        let wrongWidth = scalars.filter { $0.columns != $0.columnsByProperties }.map(\.value)
        let wrongHazard = scalars.filter { $0.isTerminalHazard != $0.isTerminalHazardByProperties }.map(\.value)
        #expect(Array(wrongWidth.prefix(5)) == [])
        #expect(Array(wrongHazard.prefix(5)) == [])
    }
}
