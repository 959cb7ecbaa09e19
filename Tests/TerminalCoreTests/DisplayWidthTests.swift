import Testing
@testable import TerminalCore

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

    @Test func emojiOfU1FA00ToU1FAFFTakeTwoColumns() {
        // Given the emoji of Symbols and Pictographs Extended-A that this Swift runtime knows
        let emoji = (0x1FA00...0x1FAFF).compactMap(Unicode.Scalar.init).filter(\.properties.isEmojiPresentation)
        #expect(emoji.count > 100)
        // Then each takes two columns, as terminals draw them, and text around them is measured so
        #expect(emoji.filter { $0.columns != 2 }.map(\.value) == [])
        #expect("🫠 Ada".displayWidth == 6)
        #expect("🪐🩰".fitted(to: 5) == "🪐🩰 ")
        #expect("🪐🩰".fitted(to: 3) == "🪐…")
        // And the chess symbols of the same block, which are not emoji, stay one column
        #expect(Unicode.Scalar(0x1FA00)?.columns == 1)
    }

    @Test func theTableAgreesWithTheSwiftRuntimesUnicodeProperties() {
        // The generated table (Unicode 17) and the runtime's own data, for every scalar both know
        var wrong: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            if properties.isEmojiPresentation, scalar.columns != 2 { wrong.append("U+\(String(value, radix: 16)) emoji") }
            if [.nonspacingMark, .enclosingMark].contains(properties.generalCategory), scalar.columns != 0 {
                wrong.append("U+\(String(value, radix: 16)) mark")
            }
        }
        #expect(Array(wrong.prefix(10)) == [])
    }

    @Test func theTableIsSortedAndDisjoint() {
        let ranges = DisplayWidthTable.ranges
        #expect(ranges.allSatisfy { $0.first <= $0.last && [0, 2].contains($0.columns) })
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.last < $1.first })
        #expect(DisplayWidthTable.unicodeVersion == "17.0.0")
    }

    @Test func fastPathsAgreeWithTheTableForEveryScalar() {
        let scalars = (UInt32(0)...0x10FFFF).lazy.compactMap(Unicode.Scalar.init(_:))
        #expect(Array(scalars.filter { $0.columns != $0.columnsInTable }.map(\.value).prefix(5)) == [])
        // Printable Latin and the CJK and Hangul blocks skip the property lookup for hazards too
        let ranges = [0..<0x400, 0x3300..<0x4E00, 0x4E00..<0xA100, 0xAB00..<0xD800]
        let common = ranges.joined().lazy.compactMap(Unicode.Scalar.init(_:))
        #expect(Array(common.filter { $0.isTerminalHazard != $0.isTerminalHazardByProperties }.map(\.value).prefix(5)) == [])
    }

    /// Every text of up to four symbols from a set that has each kind of cell: printable ASCII, wide, a mark
    /// alone or after a base, a control, an emoji, a scalar of no columns.
    static let everyShortText: [String] = {
        let symbols = ["a", " ", "~", "王", "\u{301}", "\u{1B}", "🙂", "\u{AD}"]
        var texts = [""]
        var last = [""]
        for _ in 1...4 {
            last = last.flatMap { text in symbols.map { text + $0 } }
            texts += last
        }
        return texts
    }()

    @Test func theASCIIShortcutsMeasureWhatTheClustersMeasure() {
        // Given every short text, When it is measured whole and up to each limit, Then the shortcut for printable
        // ASCII gives what adding up its clusters gives
        for text in Self.everyShortText {
            #expect(text.displayWidth == DisplayClusters(text).reduce(0) { $0 + $1.columns }, "\(text.unicodeScalars.map(\.value))")
            for limit in 0...6 {
                var used = 0
                var clusters = DisplayClusters(text, columns: limit + 1)
                while let cluster = clusters.next(), used <= limit { used += cluster.columns }
                let expected = used > limit || clusters.isCut ? max(used, limit + 1) : used
                #expect(text.displayWidth(limit: limit) == expected, "\(text.unicodeScalars.map(\.value)) limit \(limit)")
            }
        }
    }

    @Test func aLimitBelowZeroMeasuresAsZero() {
        // Given every short text, When it is measured up to a limit below zero (room worked out as what is left
        // of a narrow line), Then it measures as it does up to zero: 0 when empty, else more than fits
        for text in Self.everyShortText {
            for limit in [-1, -20, Int.min] { #expect(text.displayWidth(limit: limit) == text.displayWidth(limit: 0), "\(text.unicodeScalars.map(\.value))") }
        }
    }
}
