import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// A search reads the list a window at a time: a page it cut short may have met the window's end, not the list's.
@Suite struct SearchReachTests {
    /// A console searching for "Li Wei", its first page in and full, and the page read ahead after it on its way.
    static func searchWithAPageReadAhead() throws -> (ConsoleState, OrdersPageRequest) {
        var state = FirstFrameTests.state()
        for character in "/Li Wei" { _ = state.update(.key(.character(character))) }
        let start = try #require(ReadAheadTests.request(state.update(.key(.enter)), .start))
        try #require(start.query.searchTerm != nil)
        let ahead = try #require(ReadAheadTests.request(state.update(.ordersLoaded(start, Array(ReadAheadTests.page.prefix(start.query.limit)))), .append))
        return (state, ahead)
    }

    @Test func aShortPageOfASearchIsAskedHowFarItReached() throws {
        // Given a search whose page read ahead comes back short
        var (state, ahead) = try Self.searchWithAPageReadAhead()
        let short = Array(ReadAheadTests.page.dropFirst(ahead.query.limit).prefix(3))
        // When it arrives, then the console asks how far that read reached, from where it began
        #expect(state.update(.ordersLoaded(ahead, short)).contains(.loadSearchReach(ahead.query, generation: ahead.generation)))
        // And when its window ran out, the status line says the search stopped there
        _ = state.update(.searchReachLoaded(.readOrdersOfTheList(100_000), generation: ahead.generation))
        let statusLine = state.view().lines[Layout(state.size).statusRow]
        #expect(statusLine.contains("search stopped after reading 100000 orders"), "\(statusLine)")
    }

    @Test func aFullPageOfASearchIsNot() throws {
        // Given a search whose page read ahead comes back full, when it arrives, then nothing asks how far it reached
        var (state, ahead) = try Self.searchWithAPageReadAhead()
        let full = (0..<ahead.query.limit).map {
            ConsoleStoreProtocolTests.summary("NEXT-\($0)", customer: "Li Wei", minutesAgo: Int64(10_000 + $0))
        }
        #expect(!state.update(.ordersLoaded(ahead, full)).contains { if case .loadSearchReach = $0 { true } else { false } })
    }

    @Test func aShortRefreshOfASearchIsNot() throws {
        // Given a search with its page read ahead in, when the store changes and the rows shown are re-read
        var (state, ahead) = try Self.searchWithAPageReadAhead()
        _ = state.update(.ordersLoaded(ahead, Array(ReadAheadTests.page.dropFirst(ahead.query.limit).prefix(3))))
        _ = state.update(.storeChecked(token: 1, at: state.now))
        let refresh = try #require(ReadAheadTests.request(state.update(.storeChecked(token: 2, at: state.now)), .refresh(from: 0)))
        // Then a short answer asks nothing again: those rows were asked about when they were first read, and a
        // refresh comes every second while the store changes
        let effects = state.update(.ordersLoaded(refresh, Array(ReadAheadTests.page.prefix(3))))
        #expect(!effects.contains { if case .loadSearchReach = $0 { true } else { false } })
    }
}
