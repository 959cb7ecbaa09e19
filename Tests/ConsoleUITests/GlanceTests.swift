import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// The header's glance at the shop: drawn from `ShopActivity`, each figure a key away from its list.
@Suite struct GlanceTests {
    static let now = ConsoleStoreProtocolTests.now

    static func console(width: Int = 120, height: Int = 24) -> ConsoleState {
        var state = LayoutTests.console(width, height, rows: [], totals: [
            StatusTotal(status: .held, orders: 2, amount: .exact(Money(minorUnits: 100, currency: LayoutTests.cny))),
        ])
        let minute = now.millisecondsSinceEpoch / 60_000
        _ = state.update(.activityLoaded(ShopActivity(
            asOf: now, minutes: [ShopActivity.Minute(minute: minute - 30, orders: 4, succeeded: 2, failed: 1),
                                 ShopActivity.Minute(minute: minute, orders: 8, succeeded: 0, failed: 0)],
            chargesWaiting: 3, recentCharges: [now.adding(milliseconds: -2_000)], pendingRefunds: 1)))
        return state
    }

    @Test func theHeaderShowsTheLastHourAndWhatNeedsAnEye() {
        let glance = Self.console().view().lines[3]
        #expect(glance.contains("12/h") && glance.contains("f failed 33.3%") && glance.contains("i 3 charging >5s")
                && glance.contains("h 2 held") && glance.contains("R 1 refund pending"), "\(glance)")
        // And the sparkline has the busiest minute full and the quieter one half
        #expect(glance.contains("█") && glance.contains("▄"))
    }

    @Test func aChargeInFlightIsCountedOnceItPassesFiveSecondsOnTheClock() {
        var state = Self.console()
        _ = state.update(.tick(Self.now.adding(milliseconds: 3_001)))
        #expect(state.view().lines[3].contains("i 4 charging >5s"))
    }

    @Test(arguments: [32, 40, 80, 200])
    func theGlanceFitsEveryWidthWithEveryFigure(width: Int) {
        let lines = Self.console(width: width, height: width == 32 ? 8 : 24).view().lines
        let glance = lines[width == 32 ? 1 : 3]
        #expect(!glance.contains("…"))
        for figure in ["f", "33.3%", "i", "3", "h", "2", "R", "1"] { #expect(glance.contains(figure), "\(figure) at \(width): \(glance)") }
    }

    @Test(arguments: ["f", "i", "h", "a"])
    func aFigureShowsItsListWhateverTheListWasNarrowedTo(key: Character) {
        // Given a list narrowed by a search and a date
        var state = Self.console()
        _ = state.update(.key(.character("/")))
        for character in "TEA-000006" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        _ = state.update(.key(.character(":")))
        for character in "since 2026-11-01" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        #expect(state.orders.search == "TEA-000006" && !state.orders.filters.isEmpty)
        // When a figure's key is pressed
        _ = state.update(.key(.character(key)))
        // Then the list is that figure's alone: no search or date narrows it further
        #expect(state.orders.search == nil && state.orders.filters.isEmpty)
    }

    @Test func eachFigureIsAKeyAwayFromTheListBehindIt() {
        var state = Self.console()
        _ = state.update(.key(.character("f")))
        #expect(state.screen == .orders && state.orders.status == .failed)
        _ = state.update(.key(.character("i")))
        #expect(state.orders.status == .charging && state.orders.order == .oldestFirst)
        _ = state.update(.key(.character("h")))
        #expect(state.orders.status == .held && state.orders.order == .newestFirst)
        _ = state.update(.key(.character("R")))
        #expect(state.screen == .refunds)
        _ = state.update(.key(.character("a")))
        #expect(state.screen == .orders && state.orders.status == nil && state.orders.search == nil)
        // And help lists them, from the same key map
        _ = state.update(.key(.character("?")))
        #expect(state.helpLines.contains { $0.0.contains("failed orders") })
    }
}
