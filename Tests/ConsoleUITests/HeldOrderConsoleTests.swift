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
