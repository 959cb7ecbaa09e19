import Testing
import OrderModel
@testable import ConsoleUI
@testable import OrderStore

/// `/` in the console on a real store (issue 16): found anywhere, whatever the accents, complete and newest first.
@Suite struct SearchConsoleTests {
    @Test func slashFindsANameWithoutItsAccentsNewestFirstAndSaysHowManyWereFound() throws {
        // Given the demo store at 80×24, and the orders whose customer is a Müller, newest first
        var console = try ConsoleFixture(orders: 200)
        let expected = try console.store.orders(OrderQuery(limit: 500)).filter { $0.customer.contains("Müller") }.map(\.orderId)
        try #require(!expected.isEmpty)
        // When the operator types "/", "MULLER" without the umlaut, and Enter
        console.press(.character("/"))
        console.type("MULLER")
        console.press(.enter)
        // Then the list holds exactly those orders, in the list's order, and the status line counts them as complete
        #expect(console.state.orders.rows.map(\.orderId) == expected)
        #expect(console.state.orders.searchReach == .complete)
        #expect(console.screen.contains { $0.contains("filter \"MULLER\"") && $0.contains("\(expected.count) found") })
    }
}
