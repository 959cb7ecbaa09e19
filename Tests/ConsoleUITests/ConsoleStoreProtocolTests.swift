import Foundation
import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// The console reads and acts only through `ConsoleStore`: these run its loop on a fake, without a database.
@Suite struct ConsoleStoreProtocolTests {
    static let now = Timestamp(rfc3339: "2026-11-21T12:00:00Z")!
    static let actor = Actor(login: "tester", sshClient: nil)

    static func summary(_ orderId: String, customer: String, minutesAgo: Int64, status: PaymentStatus = .paid) -> OrderSummary {
        let created = now.millisecondsSinceEpoch - minutesAgo * 60_000
        let cny = Currency(code: "CNY")!
        return OrderSummary(orderId: orderId, createdAt: Timestamp(millisecondsSinceEpoch: created), status: status,
                            failureReason: nil, total: Money(minorUnits: 12_75, currency: cny), customer: customer,
                            shippingMethod: nil, shippingLabel: nil, wallet: "Apple Pay", cardLast4: "4242",
                            cancelRequested: false, refundPending: false, tokenOutcome: nil, tokenMismatch: false,
                            holdReason: nil, tokenFromSandbox: false, updatedAt: Timestamp(millisecondsSinceEpoch: created),
                            cursor: OrderCursor(createdAt: created, currency: "CNY", total: 12_75, rowID: minutesAgo))
    }

    /// Runs the console's loop on `store` at `size` until `shown` is on screen, then through `steps`, then quits.
    static func run(_ store: FakeConsoleStore, size: Size = Size(width: 100, height: 24), until shown: String,
                    then steps: [HeadlessTerminal.Step] = []) -> HeadlessTerminal {
        let terminal = HeadlessTerminal(size: size, script: [.waitFor(shown)] + steps + [.key(.character("q"))])
        run(store, on: terminal)
        #expect(terminal.unseen.isEmpty, "never on screen: \(terminal.unseen)")
        return terminal
    }

    /// Runs the console's loop on `store` through `terminal`'s script.
    static func run(_ store: FakeConsoleStore, on terminal: HeadlessTerminal) {
        let state = ConsoleState(size: terminal.size, storeName: "fake", readOnlyReason: nil, utcOffset: .fixed(seconds: 0), now: now)
        Console(store: store, actor: actor, terminal: terminal, state: state, exports: FakeConsoleStore.exports, clock: { now }).run()
    }

    @Test func theOrdersListIsDrawnFromWhatTheStoreAnswers() throws {
        // Given a store that holds two orders
        let store = FakeConsoleStore(orders: [Self.summary("ORD-2", customer: "王小明", minutesAgo: 5),
                                              Self.summary("ORD-1", customer: "Ada Lovelace", minutesAgo: 50)])
        // When the console starts and the operator quits
        let terminal = Self.run(store, until: "ORD-1")
        // Then it asked for the change token, the totals, the shop's activity and the first page, and drew both orders
        #expect(Set(store.calls) == ["changeToken", "statusTotals", "shopActivity", "orders"])
        let screen = try #require(terminal.frames.last).lines
        #expect(screen.contains { $0.contains("ORD-2") && $0.contains("王小明") })
        #expect(screen.contains { $0.contains("ORD-1") && $0.contains("Ada Lovelace") })
    }

    @Test func aScriptWaitingForWhatNeverComesGivesUpAndSaysWhat() {
        // Given a script that waits for text the store will never answer with, then asks for help
        let store = FakeConsoleStore(orders: [Self.summary("ORD-1", customer: "Ada Lovelace", minutesAgo: 5)])
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 24), script: [.waitFor("ORD-9"), .key(.character("?"))],
                                        patience: 0.2)
        // When the console runs it
        Self.run(store, on: terminal)
        // Then the loop ended at that wait, naming it, and the step after it never ran
        #expect(terminal.unseen == ["ORD-9"])
        #expect(terminal.stopRequested)
        #expect(!terminal.frames.contains { $0.lines.contains { $0.contains("Keys on the orders screen") } })
    }

    @Test func aPageReadAheadOfTheSelectionIsAskedForOnceTheListIsOnScreen() throws {
        // Given a store of more orders than the first page, two screens of rows
        let store = FakeConsoleStore(orders: (0..<120).map { Self.summary(String(format: "R-%03d", $0), customer: "Li Wei", minutesAgo: Int64($0 + 1)) })
        // When the list is on screen, and the operator quits (each frame that shows the list noted among the calls)
        let terminal = HeadlessTerminal(size: Size(width: 100, height: 24), script: [.waitFor("R-000"), .key(.character("q"))]) { frame in
            if frame.lines.contains(where: { $0.contains("R-000") }) { store.note("the list drawn") }
        }
        Self.run(store, on: terminal)
        #expect(terminal.unseen.isEmpty)
        // Then the page after the first was read ahead, asked for only once the list was drawn
        let first = try #require(terminal.frames.last?.lines.filter { $0.contains("R-") }.count)
        let lastOfFirstPage = String(format: "R-%03d", 2 * first - 1)
        let pages = store.calls.filter { $0.hasPrefix("orders") || $0 == "the list drawn" }
        #expect(pages.prefix(3) == ["orders", "the list drawn", "orders after \(lastOfFirstPage)"])
    }

    @Test func aStoreThatFailsIsReportedInTheStatusLineWithItsMessage() throws {
        // Given a store whose every call fails
        let store = FakeConsoleStore(failing: "database is locked")
        // When the console starts
        let terminal = Self.run(store, until: "database is locked")
        // Then its one-line message is on screen, and no order is
        let screen = try #require(terminal.frames.last).lines
        #expect(screen.contains { $0.contains("store: database is locked") })
        #expect(!screen.contains { $0.contains("ORD-") })
    }

    @Test(arguments: [(SearchReach.readOrdersOfTheList(100_000), Optional("search stopped after reading 100000 orders of the list")),
                      (.complete, nil)])
    func aBoundedSearchSaysSoAtTheStartOfTheStatusLine(reach: SearchReach, note: String?) throws {
        // Given a store whose search for a common name is bounded (or not)
        let store = FakeConsoleStore(orders: [Self.summary("ORD-2", customer: "José García", minutesAgo: 5)], searchReach: reach)
        // When the operator searches it at 80 columns
        let search: [HeadlessTerminal.Step] = "/garcia".map { .key(.character($0)) }
            + [.key(.enter), .waitUntilGone("loading…"), .waitFor(note ?? "1 found")]
        let terminal = Self.run(store, size: Size(width: 80, height: 24), until: "ORD-2", then: search)
        // Then the console asked how far that search reached, and a bounded one says so where the line begins
        #expect(store.calls.contains("searchReach garcia"))
        let screen = try #require(terminal.frames.last).lines
        // (the status line's row: the title row names the active filters too)
        let statusLine = screen[Layout(terminal.size).statusRow]
        if let note { #expect(statusLine.hasPrefix(" " + note), "\(statusLine)") } else { #expect(statusLine.contains("1 found"), "\(statusLine)") }
    }

    @Test func aConfirmedCancelIsAskedOfTheStoreWithTheStatusTheOperatorSaw() throws {
        // Given a store with one authorized order
        let store = FakeConsoleStore(orders: [Self.summary("ORD-0042", customer: "Ada Lovelace", minutesAgo: 5, status: .authorized)])
        // When the operator presses c, types the order's last four characters and Enter, then closes the answer
        let typed = "0042".map { HeadlessTerminal.Step.key(.character($0)) }
        let terminal = Self.run(store, until: "ORD-0042", then: [.key(.character("c")), .waitFor("Cancel order")] + typed
                                    + [.key(.enter), .waitFor("canceled, never charged"), .key(.character("x"))])
        // Then the store was asked once to cancel that order, expecting it authorized, by this operator
        #expect(store.calls.filter { $0.hasPrefix("requestCancel") } == ["requestCancel ORD-0042 expecting authorized as tester"])
        // And the store's answer was shown
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("Order ORD-0042: canceled, never charged") } })
    }
}
