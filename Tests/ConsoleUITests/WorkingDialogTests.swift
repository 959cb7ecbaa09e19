import OrderModel
import Testing
@testable import ConsoleUI

/// A change sent to the store answers for itself (`actionFinished`, done or refused), and the worker runs one call at
/// a time: a read that fails while the change is on its way says so in the status line, and the change's dialog
/// stays until the change's own answer comes.
@Suite struct WorkingDialogTests {
    static func isWorking(_ state: ConsoleState) -> Bool {
        if case .dialog(.working) = state.input { return true }
        return false
    }

    @Test func aReadThatFailsWhileARefundIsOnItsWayLeavesItsDialogUntilItsAnswer() throws {
        // Given a refund of the whole order confirmed with its code, the order read again unchanged, and the refund sent
        var state = RefundItemsTests.form()
        _ = state.update(.key(.enter))
        for character in "0042" { _ = state.update(.key(.character(character))) }
        #expect(state.update(.key(.enter)) == [.loadOrder("ORD-0042")])
        let sent = state.update(.orderLoaded(FakeConsoleStore.detail(of: RefundItemsTests.order, items: RefundItemsTests.items)))
        #expect(sent.contains { if case .refund = $0 { true } else { false } }, "\(sent)")
        #expect(Self.isWorking(state))
        // When a read queued before it fails (the worker runs one call at a time)
        _ = state.update(.storeFailed("disk I/O error", call: .checkStore))
        // Then the status line says so, the dialog still says the refund is being made, and r opens no second refund
        #expect(state.view().lines.contains { $0.contains("disk I/O error") })
        #expect(Self.isWorking(state))
        #expect(state.update(.key(.character("r"))).isEmpty)
        #expect(Self.isWorking(state))
        // When the refund's own answer comes, Then it is shown
        _ = state.update(.actionFinished(ActionOutcome(succeeded: true, title: "Refund requested", lines: ["re_1: 12.75 CNY"])))
        if case .dialog(.outcome(let outcome)) = state.input { #expect(outcome.title == "Refund requested") } else {
            Issue.record("no outcome: \(state.input)")
        }
    }

    @Test func aConfirmationWhoseOrderCannotBeReadAgainClosesAndSendsNothing() throws {
        // Given a refund confirmed with its code, the order being read again before anything is sent
        var state = RefundItemsTests.form()
        _ = state.update(.key(.enter))
        for character in "0042" { _ = state.update(.key(.character(character))) }
        #expect(state.update(.key(.enter)) == [.loadOrder("ORD-0042")])
        // When another read fails, Then the confirmation still waits for its own
        _ = state.update(.storeFailed("disk I/O error", call: .loadTotals))
        if case .dialog(.rechecking) = state.input {} else { Issue.record("not waiting: \(state.input)") }
        // When that read fails, Then the dialog closes and nothing is sent
        _ = state.update(.storeFailed("disk I/O error", call: .loadOrder("ORD-0042")))
        if case .none = state.input {} else { Issue.record("still open: \(state.input)") }
        #expect(state.update(.orderLoaded(FakeConsoleStore.detail(of: RefundItemsTests.order, items: RefundItemsTests.items))).isEmpty)
    }
}
