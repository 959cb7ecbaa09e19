import TerminalCore
import Testing
import OrderModel
@testable import ConsoleUI

/// The console draws its first frame before the store has answered; what it has not read yet is shown as not
/// yet known, never as zero or as an empty store.
@Suite struct FirstFrameTests {
    static let cny = Currency(code: "CNY")!

    static func state() -> ConsoleState {
        ConsoleState(size: Size(width: 132, height: 40), storeName: "shop.sqlite", readOnlyReason: nil,
                     now: Timestamp(millisecondsSinceEpoch: 1_795_253_400_000))
    }

    @Test func beforeTheStoreAnswersNothingIsCountedAsZeroOrEmpty() {
        // Given a console that has just started on a store of many orders
        let state = Self.state()
        // When it draws before any answer has come
        let screen = state.view().lines.joined(separator: "\n")
        // Then the list, the counts and the status line say they are not yet known
        #expect(!screen.contains("no orders yet"), "\(screen)")
        #expect(!screen.contains("0 orders"), "\(screen)")
        #expect(screen.contains("loading…") && screen.contains("counting orders…"), "\(screen)")
    }

    @Test func theListComesFirstAndTheCountsWhenTheyArrive() {
        // Given a console that has just started
        var state = Self.state()
        let effects = state.initialEffects()
        // Then the worker is asked for the list before anything else
        guard case .loadOrders(let request) = effects.first else {
            Issue.record("the first effect is \(String(describing: effects.first))")
            return
        }
        // When the list arrives, the counts not yet
        let order = ConsoleStoreProtocolTests.summary("ORD-1", customer: "Li Wei", minutesAgo: 1)
        _ = state.update(.ordersLoaded(request, [order]))
        var screen = state.view().lines.joined(separator: "\n")
        // Then the order is on screen and the counts are still not claimed
        #expect(screen.contains("ORD-1") && screen.contains("counting orders…") && !screen.contains("0 orders"), "\(screen)")
        // When the totals arrive
        _ = state.update(.totalsLoaded([StatusTotal(status: .paid, orders: 1_000_000,
                                                    amount: .exact(Money(minorUnits: 1275, currency: Self.cny)))]))
        screen = state.view().lines.joined(separator: "\n")
        // Then they are shown, and nothing says counting any more
        #expect(screen.contains("1000000 orders") && !screen.contains("counting"), "\(screen)")
    }
}
