import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// The orders list reads pages ahead of the selection. Nobody waits for those, so they are not announced; a
/// page the selection has run into is.
@Suite struct ReadAheadTests {
    /// A console on the first page of a long list, the page read ahead once the selection nears its end asked for
    /// and not yet answered.
    static func scrolledToTheReadAhead() throws -> ConsoleState {
        var state = FirstFrameTests.state()
        guard case .loadOrders(let first) = state.initialEffects().first else { throw Problem.noFirstPage }
        let page = (0..<OrdersPane.pageSize).map {
            ConsoleStoreProtocolTests.summary("ORD-\($0)", customer: "Li Wei", minutesAgo: Int64($0 + 1))
        }
        _ = state.update(.ordersLoaded(first, page))
        for _ in 0..<OrdersPane.pageSize {
            let effects = state.update(.key(.pageDown))
            if effects.contains(where: { if case .loadOrders(let request) = $0 { request.placement == .append } else { false } }) {
                return state
            }
        }
        throw Problem.noReadAhead
    }

    enum Problem: Error { case noFirstPage, noReadAhead }

    @Test func aPageReadAheadIsNotAnnounced() throws {
        // Given a page read ahead of the selection, on its way
        let state = try Self.scrolledToTheReadAhead()
        // Then the rows on screen are all there, and the status line does not say it is loading
        #expect(state.orders.selected < state.orders.rows.count - 1)
        #expect(!state.listDescription.contains("loading…"), "\(state.listDescription)")
    }

    @Test func aPageTheSelectionRanIntoIsAnnounced() throws {
        // Given a page read ahead, on its way
        var state = try Self.scrolledToTheReadAhead()
        // When the operator pages on to the last row loaded before it arrives
        while state.orders.selected < state.orders.rows.count - 1 { _ = state.update(.key(.pageDown)) }
        // Then the status line says the next rows are loading
        #expect(state.listDescription.contains("loading…"), "\(state.listDescription)")
    }
}
