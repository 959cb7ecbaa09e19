import Foundation
import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// `e` (issue 16): the list on screen, asked of the runner with the query on screen; the status line says where.
@Suite struct ExportTests {
    static let now = ConsoleStoreProtocolTests.now

    static func state(readOnly: Bool = false, width: Int = 80) -> ConsoleState {
        ConsoleState(size: Size(width: width, height: 24), storeName: "fake", readOnlyReason: readOnly ? "--read-only was given" : nil,
                     utcOffset: .fixed(seconds: 0), now: now)
    }

    /// The status line as read, without the spaces that fill the row.
    static func statusLine(_ lines: [String], _ size: Size) -> String {
        String(lines[Layout(size).statusRow].reversed().drop { $0 == " " }.reversed())
    }

    @Test func eAsksForEveryOrderOfTheQueryOnScreenNotTheLoadedPage() {
        // Given the orders list narrowed to a status, a search and a sort
        var state = Self.state()
        _ = state.update(.key(.character("s")))
        _ = state.update(.key(.character("o")))
        _ = state.update(.key(.character("/")))
        for character in "ada" { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
        // When the operator presses e
        let effects = state.update(.key(.character("e")))
        // Then the runner is asked for that query from its start, read in pages of a thousand, and nothing else
        let expected = OrderQuery(status: PaymentStatus.allCases[0], search: "ada", limit: 1_000, order: .largestFirst)
        #expect(effects == [.export(.orders(expected))])
    }

    @Test func eOnTheRefundsScreenAsksForTheRefundsAndIsInFooterAndHelpEvenReadOnly() {
        // Given a read-only session on the refunds screen
        var state = Self.state(readOnly: true)
        _ = state.update(.key(.tab))
        // When the operator presses e
        let effects = state.update(.key(.character("e")))
        // Then the refunds are asked for: exporting changes nothing in the store, so a monitor may do it
        #expect(effects == [.export(.refunds)])
        #expect(state.footerItems.contains { $0 == ("e", "export") })
        #expect(state.bindings(on: .orders).contains { $0.action == .export })
        #expect(!state.bindings(on: .audit).contains { $0.action == .export })
    }

    @Test func theStatusLineSaysWhereWithTheFileNameVisibleOnANarrowTerminal() throws {
        // Given a 60-column console and a long export folder
        var state = Self.state(width: 60)
        let path = "/home/operator-with-a-long-name/.local/share/paydesk/exports/orders-2026-11-21T12-00-00Z.csv"
        // When the runner answers that 41 orders were written
        _ = state.update(.exported(.written(.orders(OrderQuery()), path: path, rows: 41, reach: .complete)))
        // Then the status line counts them and ends with the file's name, its folder cut from the left
        let line = Self.statusLine(state.view().lines, state.size)
        #expect(line == " wrote 41 orders to …xports/orders-2026-11-21T12-00-00Z.csv", "\(line)")
    }

    @Test func aFailureIsOneLineNamingTheFileAndTheReason() throws {
        var state = Self.state(width: 100)
        // When the runner answers that the disk was full
        _ = state.update(.exported(.failed(path: "/data/exports/orders-2026-11-21T12-00-00Z.csv", problem: "No space left on device")))
        // Then the status line names the file and the reason, in the error role
        let line = Self.statusLine(state.view().lines, state.size)
        #expect(line == " export failed: /data/exports/orders-2026-11-21T12-00-00Z.csv: No space left on device", "\(line)")
        #expect(state.flash?.role == .error)
    }

    @Test func aBoundedSearchExportSaysItWasBoundedAndWhere() throws {
        // Given a store whose search for a common name is bounded, and a console searching it at 200 columns
        let store = FakeConsoleStore(orders: [ConsoleStoreProtocolTests.summary("ORD-2", customer: "José García", minutesAgo: 5)],
                                     searchReach: .readOrdersOfTheList(100_000))
        let folder = FakeConsoleStore.exports
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let runner = StoreEffects(store: store, actor: ConsoleStoreProtocolTests.actor, exports: folder, clock: { Self.now })
        var state = Self.state(width: 200)
        var effects = state.initialEffects()
        func run() { while !effects.isEmpty { if let answer = runner.perform(effects.removeFirst()) { effects += state.update(answer) } } }
        run()
        for key in "/garcia".map(Key.character) + [.enter] { effects += state.update(.key(key)); run() }
        // When the operator presses e, and the runner does what it asks
        let asked = store.calls.count
        effects = state.update(.key(.character("e")))
        run()
        // Then the store was asked how far the search reached, after the page that ended the list, and the status
        // line says it was bounded and where the file is
        #expect(Array(store.calls.dropFirst(asked)) == ["orders", "searchReach garcia"])
        let line = Self.statusLine(state.view().lines, state.size)
        let file = folder.path + "/orders-2026-11-21T12-00-00Z.csv"
        #expect(line == " search stopped after reading 100000 orders of the list: wrote 1 order to \(file)", "\(line)")
        #expect(FileManager.default.fileExists(atPath: file))
    }
}
