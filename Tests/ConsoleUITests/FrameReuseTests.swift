import OrderModel
import Synchronization
import TerminalCore
import Testing
@testable import ConsoleUI

/// A frame reuses the header the last frame drew while what it shows is unchanged (`Memo`, `HeaderFacts`).
/// Whatever did change must be drawn afresh, never answered with what was drawn for other facts. The rows are drawn
/// every frame today; their tests here hold for any part of a frame that may be reused one day.
@Suite struct FrameReuseTests {
    static let now = LayoutTests.now
    static let cny = LayoutTests.cny

    /// Counts a memo's work.
    final class Work: Sendable {
        let done = Mutex(0)
        var count: Int { done.withLock { $0 } }
        func answer(_ input: Int) -> String {
            done.withLock { $0 += 1 }
            return "answer \(input)"
        }
    }

    @Test func aMemoWorksOutEachInputOnceAndNeverAnswersOneInputWithAnother() {
        // Given a memo that counts its work
        let work = Work()
        let memo = Memo<Int, String> { work.answer($0) }
        // When it is asked the same twice, then another input, then the first again
        #expect(memo(1) == "answer 1")
        #expect(memo(1) == "answer 1")
        #expect(work.count == 1)
        #expect(memo(2) == "answer 2")
        #expect(memo(1) == "answer 1")
        // Then the repeat was answered from the memo, and each change worked out again
        #expect(work.count == 3)
    }

    @Test func aRowDrawnBeforeShowsWhatChangedInItsOrder() {
        // Given a list drawn once, its first order paid
        var first = LayoutTests.row("ORD-1", status: .paid)
        var state = LayoutTests.console(132, 24, rows: [first, LayoutTests.row("ORD-2")])
        #expect(state.view().lines[5].contains("paid"))
        // When the same order is read again, charging now, and a cancel requested
        first.status = .charging
        first.cancelRequested = true
        _ = state.update(.ordersLoaded(state.orders.startRequest(visibleRows: 10), [first, LayoutTests.row("ORD-2")]))
        // Then its row says so
        let row = state.view().lines[5]
        #expect(row.contains("charging") && row.contains("CANCEL"), "\(row)")
    }

    @Test func theCardsAndTheAmountColumnFollowRowsThatReplaceOthers() {
        // Given a list of one Visa order of 12.75, drawn once
        var state = LayoutTests.console(132, 24, rows: [LayoutTests.row("ORD-1", wallet: "Visa 1111")])
        #expect(state.view().lines[5].contains("Visa 1111"))
        // When another page takes its place: a MasterCard order, and an amount far wider
        var wide = LayoutTests.row("ORD-2", wallet: "MasterCard 0388")
        wide.total = Money(minorUnits: 1_234_567_890_12, currency: Self.cny)
        _ = state.update(.ordersLoaded(state.orders.startRequest(visibleRows: 10), [wide, LayoutTests.row("ORD-3", wallet: "Amex 8577")]))
        // Then each row shows its own card, and the amount in full
        let lines = state.view().lines
        #expect(lines[5].contains("MasterCard 0388") && lines[5].contains(wide.total.description), "\(lines[5])")
        #expect(lines[6].contains("Amex 8577") && !lines[5].contains("Visa"), "\(lines[6])")
    }

    @Test func aRowDrawnBeforeCountsTheTimeTheClockHasMoved() {
        // Given a charge that started three seconds ago, drawn without a flag
        var charge = LayoutTests.row("ORD-1", status: .charging)
        charge.updatedAt = Self.now.adding(milliseconds: -3_000)
        var state = LayoutTests.console(132, 24, rows: [charge])
        #expect(!state.view().lines[5].contains("WAIT"))
        // When the clock moves on three seconds
        _ = state.update(.tick(Self.now.adding(milliseconds: 3_000)))
        // Then the same row flags the charge that waits for an answer
        #expect(state.view().lines[5].contains("WAIT 6s"), "\(state.view().lines[5])")
    }

    @Test func movingTheSelectionMovesTheMarkAndTheHighlight() {
        // Given a list of two drawn with the first selected
        var state = LayoutTests.console(132, 24, rows: [LayoutTests.row("ORD-1"), LayoutTests.row("ORD-2")])
        let before = state.view()
        #expect(before.lines[5].hasPrefix("▶") && before[x: 4, y: 5].role == .selection)
        // When the selection moves down
        _ = state.update(.key(.down))
        // Then the mark and the highlight have left the first row for the second
        let after = state.view()
        #expect(after.lines[5].hasPrefix(" ") && after[x: 4, y: 5].role != .selection)
        #expect(after.lines[6].hasPrefix("▶") && after[x: 4, y: 6].role == .selection)
        // And the rows read as they did
        #expect(after.lines[5].dropFirst() == before.lines[5].dropFirst())
    }

    @Test func theHeaderFollowsEveryNewTotal() {
        // Given a header drawn with one paid order
        let paid = { (orders: Int, minorUnits: Int64) in
            [StatusTotal(status: .paid, orders: orders, amount: .exact(Money(minorUnits: minorUnits, currency: Self.cny)))]
        }
        var state = LayoutTests.console(132, 24, rows: [], totals: paid(1, 12_75))
        #expect(state.view().lines[2].contains("paid 12.75 CNY"))
        // When the totals change
        _ = state.update(.totalsLoaded(paid(2, 25_50)))
        // Then the header shows the new ones, and the counts beside them
        let screen = state.view().lines
        #expect(screen[2].contains("paid 25.50 CNY"), "\(screen[2])")
        #expect(screen[1].contains("paid 2"), "\(screen[1])")
    }

    @Test func theHeaderFollowsTheClockAlone() {
        // Given a header drawn just after the store was checked
        var state = LayoutTests.console(132, 24, rows: [])
        #expect(state.view().lines[0].hasSuffix("updated 0s ago "))
        // When only the clock moves, five seconds, with no check since
        _ = state.update(.tick(Self.now.adding(milliseconds: 5_000)))
        // Then the header says how old the screen is, as a warning
        let header = state.view()
        #expect(header.lines[0].hasSuffix("updated 5s ago "), "\(header.lines[0])")
        #expect(header[x: 120, y: 0].role == .warning)
    }

    @Test func aHeaderDrawnAgainAfterAnotherIsTheSame() {
        // Given two consoles whose headers differ, one read-only
        let writable = LayoutTests.console(132, 24, rows: [LayoutTests.row("ORD-1")])
        let readOnly = LayoutTests.console(132, 24, rows: [LayoutTests.row("ORD-1")], readOnly: true)
        let first = writable.view()
        // When the other's header is drawn in between, and the first is drawn again
        #expect(readOnly.view().lines[0].contains("READ-ONLY"))
        // Then it is the same, cell for cell
        #expect(writable.view() == first)
        #expect(!first.lines[0].contains("READ-ONLY"))
    }
}
