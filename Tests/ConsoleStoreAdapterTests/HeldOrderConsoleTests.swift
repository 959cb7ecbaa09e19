import TerminalCore
import Testing
import OrderModel
@testable import ConsoleUI
@testable import OrderStore

/// Held orders in the console: a filter of their own, and the failed check beside each (issue 13, finding 8).
@Suite struct HeldOrderConsoleTests {
    /// Merchant keys whose every check fails the way a replayed token does.
    struct ReplayedTokens: TokenVerifying {
        func verify(_ token: PaymentTokenFields, orderTotal: Money, acceptedAt: Timestamp) -> TokenVerification {
            TokenVerification(outcome: .failed, problem: "replay window: signed at 2026-11-21T10:00:00Z, 7200 s from now")
        }
    }

    @Test func theHeldFilterShowsOnlyHeldOrdersAndWhy() throws {
        // Given the demo store and one order whose token was replayed
        var console = try ConsoleFixture(size: Size(width: 132, height: 30))
        try ConsoleFixture.ingest(orderId: "HELD-1", into: console.store, verifier: ReplayedTokens())
        // When the operator filters to held orders (the status after authorized)
        console.press(.character("s"), .character("s"))
        // Then the list holds that order alone, flagged with the check that failed
        #expect(console.state.orders.status == .held)
        #expect(console.state.orders.rows.map(\.orderId) == ["HELD-1"])
        let row = try #require(console.screen.first { $0.contains("HELD-1") })
        #expect(row.contains("held") && row.contains("HELD replay window"))
    }
}

extension HeldOrderConsoleTests {
    @Test func cancellingAHeldOrderSaysItWasNeverChargedAndCancelsIt() throws {
        // Given a held order (its token failed a check; it was never sent to the processor), selected
        var console = try ConsoleFixture(size: Size(width: 100, height: 30))
        try ConsoleFixture.ingest(orderId: "HELD-1", into: console.store, verifier: ReplayedTokens())
        console.press(.character("s"), .character("s"))
        // When the operator asks to cancel it
        console.press(.character("c"))
        // Then the confirmation says what will happen: canceled, never charged; no reversal of a charge that never was
        let dialog = console.screen.filter { $0.contains("│") }.joined(separator: "\n")
        #expect(dialog.contains("Type LD-1 and Enter to cancel the order."))
        #expect(dialog.contains("never sent to the processor") && dialog.contains("never be charged"))
        #expect(!dialog.contains("charge succeeded") && !dialog.contains("reversal") && !dialog.contains("reverse"))
        // And confirming cancels it outright
        console.confirm("HELD-1")
        #expect(try console.store.order("HELD-1").summary.status == .canceled)
    }
}
