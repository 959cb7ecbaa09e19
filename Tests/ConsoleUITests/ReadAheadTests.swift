import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// The orders list reads pages ahead of the selection, both ways. Nobody waits for those, so they are not
/// announced; a page the selection has run into is.
@Suite struct ReadAheadTests {
    enum Problem: Error { case noPageAsked }

    static let page = (0..<OrdersPane.pageSize).map {
        ConsoleStoreProtocolTests.summary("ORD-\($0)", customer: "Li Wei", minutesAgo: Int64($0 + 1))
    }

    /// The page `effects` ask for with `placement`, if they ask for one.
    static func request(_ effects: [Effect], _ placement: OrdersPageRequest.Placement) -> OrdersPageRequest? {
        for case .loadOrders(let request) in effects where request.placement == placement { return request }
        return nil
    }

    /// A console on a page of a long list, paging with `key` (PgDn from the list's start, PgUp from its end, as
    /// End reads it) until it asks for the page beyond, which has not come yet.
    static func scrolledToTheReadAhead(with key: Key) throws -> ConsoleState {
        var state = FirstFrameTests.state()
        guard let first = request(state.initialEffects(), .start) else { throw Problem.noPageAsked }
        _ = state.update(.ordersLoaded(first, page))
        if key == .pageUp {
            guard let last = request(state.update(.key(.end)), .end) else { throw Problem.noPageAsked }
            _ = state.update(.ordersLoaded(last, page))
        }
        for _ in 0..<OrdersPane.pageSize where request(state.update(.key(key)), key == .pageUp ? .prepend : .append) != nil {
            return state
        }
        throw Problem.noPageAsked
    }

    /// Whether the selection is on the last row loaded in the direction `key` pages.
    static func atTheEdge(_ state: ConsoleState, paging key: Key) -> Bool {
        key == .pageUp ? state.orders.selected == 0 : state.orders.selected == state.orders.rows.count - 1
    }

    @Test(arguments: [Key.pageDown, .pageUp])
    func aPageReadAheadIsNotAnnounced(key: Key) throws {
        // Given a page read ahead of the selection, on its way
        let state = try Self.scrolledToTheReadAhead(with: key)
        // Then the rows on screen are all there, and the status line does not say it is loading
        #expect(!Self.atTheEdge(state, paging: key))
        #expect(!state.listDescription.contains("loading…"), "\(state.listDescription)")
    }

    @Test(arguments: [Key.pageDown, .pageUp])
    func aPageReadAheadWaitsForTheFrameInHandAndThePagesTheScreenWaitsForDoNot(key: Key) throws {
        // Given a page read ahead of the selection, on its way
        let state = try Self.scrolledToTheReadAhead(with: key)
        // Then it is asked for once the frame in hand is drawn, while the first page and a jump to the end, which
        // the screen waits for, are asked for at once
        #expect(state.orders.loading?.readAhead == true)
        var fresh = FirstFrameTests.state()
        #expect(Self.request(fresh.initialEffects(), .start)?.readAhead == false)
        #expect(Self.request(fresh.update(.key(.end)), .end)?.readAhead == false)
    }

    @Test func aPageOnItsWayIsAskedForOnceWhateverElseFailsAndAgainWhenItsOwnReadFails() throws {
        // Given a page read ahead, on its way, when another store call fails
        var state = try Self.scrolledToTheReadAhead(with: .pageDown)
        let ahead = try #require(state.orders.loading)
        _ = state.update(.storeFailed("database is locked", call: .checkStore))
        // When the operator pages on, Then the page is not asked for a second time
        #expect(Self.request(state.update(.key(.pageDown)), .append) == nil)
        // And when it comes, its rows are in the list once
        let next = (0..<OrdersPane.pageSize).map {
            ConsoleStoreProtocolTests.summary("NEXT-\($0)", customer: "Li Wei", minutesAgo: Int64(1_000 + $0))
        }
        _ = state.update(.ordersLoaded(ahead, next))
        let ids = state.orders.rows.map(\.orderId)
        #expect(ids.count == Self.page.count + next.count, "\(ids.count) rows")
        #expect(Set(ids).count == ids.count)
        // When instead the page's own read fails, Then the next move asks for it again
        var failed = try Self.scrolledToTheReadAhead(with: .pageDown)
        let lost = try #require(failed.orders.loading)
        _ = failed.update(.storeFailed("disk I/O error", call: .loadOrders(lost)))
        #expect(Self.request(failed.update(.key(.pageDown)), .append) != nil)
    }

    @Test func aRefreshOfTheRowsOnScreenIsAskedForAtOnce() throws {
        // Given the list's first page, arrived
        var state = FirstFrameTests.state()
        let first = try #require(Self.request(state.initialEffects(), .start))
        _ = state.update(.ordersLoaded(first, Self.page))
        _ = state.update(.storeChecked(token: 1, at: ConsoleStoreProtocolTests.now))
        // When another process changes the store
        let refresh = try #require(Self.request(state.update(.storeChecked(token: 2, at: ConsoleStoreProtocolTests.now)), .refresh(from: 0)))
        // Then the rows on screen are re-read at once: the screen waits for them
        #expect(!refresh.readAhead)
    }

    @Test(arguments: [Key.pageDown, .pageUp])
    func aPageTheSelectionRanIntoIsAnnounced(key: Key) throws {
        // Given a page read ahead, on its way
        var state = try Self.scrolledToTheReadAhead(with: key)
        // When the operator pages on to the last row loaded before it arrives
        while !Self.atTheEdge(state, paging: key) { _ = state.update(.key(key)) }
        // Then the status line says the next rows are loading
        #expect(state.listDescription.contains("loading…"), "\(state.listDescription)")
    }
}
