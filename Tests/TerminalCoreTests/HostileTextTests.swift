import Testing
@testable import TerminalCore

/// Customer text built to be expensive to draw: it is shown in its columns like any other, one bounded cell
/// at a time (the benchmarks' console section gives the cost per frame).
@Suite struct HostileTextTests {
    static let joined = String(repeating: "👩\u{200D}", count: 35_000)
    static let stacked = "Z" + String(repeating: "\u{0301}", count: 100_000)
    static let orphans = String(repeating: "\u{0301}", count: 100_000) + "Ada"
    static let bidi = String(repeating: "\u{202E}\u{1B}[31m", count: 40_000)
    /// By name, so that a failure does not print 240 KB.
    static let texts = ["joined": joined, "stacked": stacked, "orphans": orphans, "bidi": bidi,
                        "cjk": String(repeating: "王", count: 80_000)]

    @Test(arguments: texts.keys.sorted())
    func hostileTextFitsItsColumnsExactly(_ name: String) throws {
        let text = try #require(Self.texts[name])
        for width in [1, 2, 7, 14, 40] {
            let fitted = text.fitted(to: width)
            #expect(fitted.displayWidth == width)
            #expect(fitted.trimmingSuffix(" ").hasSuffix("…"))
            #expect(!fitted.unicodeScalars.contains { $0.isTerminalHazard })
            #expect(text.displayWidth(limit: width) > width)
        }
    }

    @Test func aClusterBeyondTheStreamSafeLimitIsOneReplacementCell() {
        let thirty = "e" + String(repeating: "\u{0301}", count: 30)
        #expect(Array(DisplayClusters(thirty + "x")) == [DisplayCluster(text: thirty, columns: 1), DisplayCluster(text: "x", columns: 1)])
        #expect(Array(DisplayClusters(thirty + "\u{0301}x")) == [DisplayCluster(text: "\u{FFFD}", columns: 1),
                                                                   DisplayCluster(text: "x", columns: 1)])
        #expect(Self.stacked.fitted(to: 6) == "\u{FFFD}…    ")
    }

    @Test func onlyWhatFitsIsRead() {
        // Given a hundred thousand marks with nothing under them, then a name
        var clusters = DisplayClusters(Self.orphans, columns: 3)
        // Then reading three columns stops early, says there is more, and never reaches the name
        #expect(Array(AnyIterator { clusters.next() }) == [DisplayCluster(text: "\u{FFFD}", columns: 1)])
        #expect(clusters.isCut)
        // While short text is read to its end and not cut
        var short = DisplayClusters("e\u{301}\u{1B}", columns: 20)
        #expect(Array(AnyIterator { short.next() }).map(\.text).joined() == "e\u{301}\\u{1B}")
        #expect(!short.isCut)
    }
}

extension String {
    func trimmingSuffix(_ character: Character) -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == character { end = index(before: end) }
        return self[..<end]
    }
}
