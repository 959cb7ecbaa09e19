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

/// The `:` filters (issue 16): the list narrows, the header shows them, a bad value is one line naming it, and
/// one key clears them all.
@Suite struct ListFilterConsoleTests {
    @Test func colonFiltersNarrowTheListShowInTheHeaderAndOneKeyClearsThem() throws {
        // Given the demo store at 80×24
        var console = try ConsoleFixture(orders: 200)
        let everything = console.state.orders.rows.map(\.orderId)
        // When the operator asks for EUR orders of at least 10.00 from a date on
        for command in [":currency eur\n", ":min 10\n", ":since 2026-11-01\n"] { console.type(command) }
        // Then every row shown is such an order, and the header names the filters
        let rows = console.state.orders.rows
        #expect(!rows.isEmpty && rows.count < everything.count)
        #expect(rows.allSatisfy { $0.total.currency.code == "EUR" && $0.total.minorUnits >= 1_000 })
        #expect(rows.allSatisfy { $0.createdAt >= Timestamp(rfc3339: "2026-11-01T00:00:00Z")! })
        #expect(console.screen[0].contains("from 2026-11-01 · EUR ≥ 10.00"), "\(console.screen[0])")
        // And the line under the list counts what the filters found, not the store's orders (seen in tmux: it said
        // "200 orders" over four EUR rows)
        #expect(console.screen.contains { $0.contains("· \(rows.count) found") }, "\(console.screen)")
        #expect(!console.screen.contains { $0.contains("200 orders") })
        // When a value cannot be used, the status line says which and why, and the list stays as it was
        console.type(":min 10.125\n")
        #expect(console.state.orders.rows.map(\.orderId) == rows.map(\.orderId))
        #expect(console.screen.contains { $0.contains(":min \"10.125\": not an amount of EUR") })
        console.type(":currency XBT\n")
        #expect(console.screen.contains { $0.contains(":currency \"XBT\": not a currency PayDesk knows") })
        // When the operator presses x, which the footer offers
        #expect(console.screen.last?.contains("x clear") == true, "\(console.screen.last ?? "")")
        console.press(.character("x"))
        // Then every filter is gone: the whole list is back and the header shows none
        #expect(console.state.orders.rows.map(\.orderId) == everything)
        #expect(!console.screen[0].contains("EUR"))
    }
}
