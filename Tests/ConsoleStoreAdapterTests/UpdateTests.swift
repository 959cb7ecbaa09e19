import Foundation
import Testing
import OrderModel
@testable import ConsoleUI
@testable import OrderStore

@Suite struct NavigationTests {
    @Test func movingDownTheListLoadsTheNextPageBeforeItRunsOut() throws {
        // Given a console on 450 orders: its first two screens loaded, and one page read ahead after them
        var console = try ConsoleFixture(orders: 450)
        #expect(console.state.orders.rows.count == 2 * Layout(console.state.size).listRows + OrdersPane.pageSize)
        #expect(console.state.orders.selectedOrder?.orderId == "EVIL-1")
        // When the operator pages down far enough
        for _ in 0..<12 { console.press(.pageDown) }
        // Then more rows were read by keyset, in order, with no gap or repeat
        let ids = console.state.orders.rows.map(\.orderId)
        #expect(ids.count > 200)
        #expect(Set(ids).count == ids.count)
        let times = console.state.orders.rows.map(\.createdAt)
        #expect(times == times.sorted(by: >))
    }

    @Test func endThenHomeReadOnlyTheRowsAtEachEdge() throws {
        // Given a console on 450 orders
        var console = try ConsoleFixture(orders: 450)
        // When End is pressed, the oldest order is selected without reading everything in between
        console.press(.end)
        #expect(console.state.orders.rows.count == 200)
        #expect(console.state.orders.selectedOrder?.orderId == console.state.orders.rows.last?.orderId)
        #expect(console.state.orders.reachedEnd)
        let oldest = try console.store.orders(OrderQuery(limit: 1, order: .oldestFirst))[0].orderId
        #expect(console.state.orders.selectedOrder?.orderId == oldest)
        // Then Home goes back to the newest
        console.press(.character("g"))
        #expect(console.state.orders.selectedOrder?.orderId == "EVIL-1")
    }

    @Test func enterOpensTheOrderAndEscapeComesBack() throws {
        var console = try ConsoleFixture()
        console.press(.down, .enter)
        let opened = console.state.order?.orderId
        #expect(console.state.screen == .order)
        #expect(console.state.order?.detail?.summary.orderId == opened)
        console.press(.escape)
        #expect(console.state.screen == .orders)
        #expect(console.state.orders.selected == 1)
    }

    @Test func tabCyclesThroughTheListsAndLoadsEach() throws {
        var console = try ConsoleFixture()
        console.press(.tab)
        #expect(console.state.screen == .refunds)
        #expect(console.state.refunds.loaded && !console.state.refunds.rows.isEmpty)
        // Pending refunds come first
        let statuses = console.state.refunds.rows.map(\.status)
        let firstSettled = statuses.firstIndex { $0 != .pending } ?? statuses.count
        #expect(statuses[firstSettled...].allSatisfy { $0 != .pending })
        console.press(.tab)
        #expect(console.state.screen == .audit)
        #expect(console.state.audit.rows.first?.orderId == "EVIL-1")
        console.press(.tab)
        #expect(console.state.screen == .orders)
    }

    @Test func changesByAnotherProcessAppearHighlightedOnTheNextCheck() throws {
        // Given a console showing the newest orders
        var console = try ConsoleFixture()
        let before = console.state.orders.rows.count
        // When another writer adds an order and a second passes
        let other = try PayDeskStore(path: console.store.path)
        try ConsoleFixture.ingest(orderId: "NEW-1", into: other)
        console.send(.tick(ConsoleFixture.now.adding(milliseconds: 1_000)))
        // Then it is in the list, highlighted, and the selection stayed on the order it was on
        let ids = console.state.orders.rows.map(\.orderId)
        #expect(ids.contains("NEW-1"))
        #expect(console.state.orders.highlighted["NEW-1"] != nil)
        #expect(console.state.orders.selectedOrder?.orderId == "EVIL-1")
        #expect(console.state.orders.rows.count <= max(before + 1, console.state.layout.listRows + 50))
        // And after five seconds the highlight is gone
        console.send(.tick(ConsoleFixture.now.adding(milliseconds: 7_000)))
        #expect(console.state.orders.highlighted.isEmpty)
    }

    @Test func pausedConsolesDoNotReadTheStore() throws {
        var console = try ConsoleFixture()
        console.press(.character("p"))
        #expect(console.state.update(.tick(ConsoleFixture.now.adding(milliseconds: 1_000))).isEmpty)
        console.press(.character("p"))
        #expect(!console.state.paused)
    }
}

@Suite struct FilterTests {
    @Test func slashFilterAppliesOnEnterAndEscapeClearsIt() throws {
        var console = try ConsoleFixture()
        console.press(.character("/"))
        console.type("EVIL")
        // Typing alone changes nothing yet
        #expect(console.state.orders.search == nil)
        console.press(.enter)
        #expect(console.state.orders.rows.map(\.orderId) == ["EVIL-1"])
        console.press(.escape)
        #expect(console.state.orders.search == nil)
        #expect(console.state.orders.rows.count > 1)
    }

    @Test func statusFilterCyclesAndShowsOnlyThatStatus() throws {
        var console = try ConsoleFixture()
        console.press(.character("s"))
        #expect(console.state.orders.status == .authorized)
        console.press(.character("s"), .character("s"), .character("s"))
        #expect(console.state.orders.status == .paid)
        #expect(!console.state.orders.rows.isEmpty && console.state.orders.rows.allSatisfy { $0.status == .paid })
        console.press(.character("S"))
        #expect(console.state.orders.status == .charging)
    }

    @Test func sortSwitchesBetweenTimeAndAmountAndTurnsEitherAround() throws {
        // Given a console on 450 orders in several currencies
        var console = try ConsoleFixture(orders: 450)
        let amountKey = { (row: OrderSummary) in (row.total.currency.code, row.total.minorUnits) }
        // When o sorts by amount and the operator pages far down, across page reads
        console.press(.character("o"))
        for _ in 0..<20 { console.press(.pageDown) }
        // Then the rows loaded are largest first within each currency, none twice
        var rows = console.state.orders.rows
        #expect(console.state.orders.order == .largestFirst)
        #expect(rows.count > 200 && Set(rows.map(\.orderId)).count == rows.count)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { amountKey($0) >= amountKey($1) })
        #expect(Set(rows.map(\.total.currency)).count > 1)
        // When O reverses it, smallest first
        console.press(.character("O"))
        rows = console.state.orders.rows
        #expect(console.state.orders.order == .smallestFirst)
        #expect(zip(rows, rows.dropFirst()).allSatisfy { amountKey($0) <= amountKey($1) })
        // When o goes back to time, in the same direction: oldest first
        console.press(.character("o"))
        let times = console.state.orders.rows.map(\.createdAt)
        #expect(console.state.orders.order == .oldestFirst)
        #expect(times == times.sorted())
        #expect(console.screen.contains { $0.contains("oldest first") })
    }

    @Test func commandLineOpensAnOrderAndReportsUnknownCommands() throws {
        var console = try ConsoleFixture()
        console.press(.character(":"))
        console.type("open EVIL-1")
        console.press(.enter)
        #expect(console.state.screen == .order)
        #expect(console.state.order?.detail?.summary.orderId == "EVIL-1")
        console.press(.character(":"))
        console.type("frobnicate")
        console.press(.enter)
        #expect(console.state.flash?.text.hasPrefix("unknown command :frobnicate") == true)
    }
}
