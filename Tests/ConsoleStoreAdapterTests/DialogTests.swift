import Foundation
import TerminalCore
import Testing
import OrderModel
@testable import ConsoleUI
@testable import OrderStore

@Suite struct DialogTests {
    /// Filters the list down to the first order in `status` and returns its id.
    func select(_ status: PaymentStatus, in console: inout ConsoleFixture) throws -> String {
        let orderId = try #require(try console.store.orders(OrderQuery(status: status, limit: 1)).first?.orderId)
        console.press(.character("/"))
        console.type(orderId)
        console.press(.enter)
        #expect(console.state.orders.selectedOrder?.orderId == orderId)
        return orderId
    }

    @Test func refundAmountIsValidatedAsItIsTyped() throws {
        // Given the refund form of a paid CNY order
        var console = try ConsoleFixture()
        let orderId = try select(.paid, in: &console)
        let refundable = try console.store.order(orderId).refundable
        console.press(.character("r"))
        guard case .dialog(.refund(let opened)) = console.state.input else { Issue.record("no refund form"); return }
        // Then it offers the whole refundable remainder
        #expect(opened.amount.text == refundable.decimalString)
        #expect(try opened.validatedAmount.get() == refundable)
        // When too many decimals, zero, or more than the remainder are typed, each is refused with its reason
        func amount(_ text: String) -> Result<Money, RefundAmountProblem>? {
            console.press(.control("u"))
            console.type(text)
            guard case .dialog(.refund(let form)) = console.state.input else { return nil }
            return form.validatedAmount
        }
        guard case .failure(.unreadable) = amount("12.345") else { Issue.record("three decimals accepted for CNY"); return }
        #expect(amount("0") == .failure(.notPositive))
        #expect(amount("") == .failure(.empty))
        let tooMuch = Money(minorUnits: refundable.minorUnits + 1, currency: refundable.currency)
        #expect(amount(tooMuch.decimalString) == .failure(.moreThanRefundable(refundable)))
        // And what is not a plain decimal is kept as typed and refused, never read as another amount
        #expect(amount("1a.5") == .failure(.unreadable(#""1a.5" is not a plain decimal amount (like 12.75)"#)))
        // And Enter on an invalid amount does not go on to confirmation
        _ = amount("0")
        console.press(.enter)
        guard case .dialog(.refund(let form)) = console.state.input else { Issue.record("form closed"); return }
        #expect(!form.confirming)
    }

    @Test func aConfirmedPartialRefundIsRequestedAndAudited() throws {
        // Given a paid order
        var console = try ConsoleFixture()
        let orderId = try select(.paid, in: &console)
        let before = try console.store.order(orderId)
        // When the operator refunds 1.50 for a duplicate with a note, and confirms
        console.press(.character("r"), .control("u"))
        console.type("1.50")
        console.press(.tab, .character("2"), .tab)
        console.type("double charge")
        console.press(.enter)
        guard case .dialog(.refund(let form)) = console.state.input, form.confirming else { Issue.record("not confirming"); return }
        let confirmation = console.screen.joined(separator: "\n")
        #expect(confirmation.contains("Order    \(orderId)") && confirmation.contains("Amount   1.50 \(before.summary.total.currency.code)"))
        #expect(console.screen.joined(separator: "\n").contains("Type \(orderId.suffix(4)) and Enter to refund 1.50"))
        console.confirm(orderId)
        // Then the store holds exactly that refund, requested by the operator, and the outcome is shown
        let after = try console.store.order(orderId)
        let refund = try #require(after.refunds.last)
        #expect(after.refunds.count == before.refunds.count + 1)
        #expect(refund.amount.minorUnits == 150 && refund.reason == .duplicate && refund.note == "double charge")
        #expect(refund.requestedBy == "tester via 192.0.2.7 50022 (client-reported)")
        guard case .dialog(.outcome(let outcome)) = console.state.input else { Issue.record("no outcome"); return }
        #expect(outcome.succeeded && outcome.title == "Refund requested")
        // And confirming again (a double press) created nothing more
        console.confirm(orderId)
        #expect(try console.store.order(orderId).refunds.count == after.refunds.count)
    }

    @Test func aRefundOfOnePickedItemIsStoredAtThatItemsAmount() throws {
        // Given a paid demo order, and its first summary item
        var console = try ConsoleFixture()
        let orderId = try select(.paid, in: &console)
        let before = try console.store.order(orderId)
        let item = try #require(before.details.summaryItems.first)
        try #require(before.details.summaryItems.count > 1, "the demo's orders have items above the total")
        // When the operator goes from the amount up to the items (landing on the last), up to the first, picks it, confirms
        console.press(.character("r"))
        for _ in 1..<before.details.summaryItems.count { console.press(.up) }
        console.press(.character(" "), .enter)
        console.confirm(orderId)
        // Then the store holds a refund of that item's amount (at most what was refundable)
        let refund = try #require(try console.store.order(orderId).refunds.last)
        #expect(refund.amount.minorUnits == min(item.amount, before.refundable.minorUnits), "\(item.label): \(refund.amount)")
    }

    @Test func cancelRestatesWhatHappensToAChargeInFlight() throws {
        // Given an order whose charge is in flight
        var console = try ConsoleFixture()
        let orderId = try select(.charging, in: &console)
        let hadCancel = try console.store.order(orderId).payment.cancelRequested
        console.press(.character("c"))
        if hadCancel {
            // A second cancel is refused before any dialog opens
            #expect(console.state.flash?.text.contains("cannot cancel") == true)
            return
        }
        // Then the dialog says reversal, not refund
        #expect(console.screen.joined().contains("Reversal, not refund"))
        // When it is declined nothing changes; when confirmed the cancel is recorded
        console.press(.escape)
        #expect(try !console.store.order(orderId).payment.cancelRequested)
        console.press(.character("c"))
        console.confirm(orderId)
        #expect(try console.store.order(orderId).payment.cancelRequested)
    }

    @Test(arguments: ["c", "r\n"])
    func aShellCommandTypedIntoTheConsoleChangesNothing(_ opening: String) throws {
        // Given the list on a paid order, and an operator who believes the console is suspended (the reported
        // attack: `cat /var/log/syslog` Enter went to the console as c, cancel, then y, confirm)
        var console = try ConsoleFixture()
        let orderId = try select(.paid, in: &console)
        let before = try console.store.order(orderId)
        let token = try console.store.changeToken()
        // When they type shell commands, each with Enter, after the key that opens a cancel or a refund
        console.type(opening)
        for command in ["cat /var/log/syslog", "yes", "y", "tail -f /var/log/syslog", "exit"] {
            console.type(command)
            console.press(.enter)
        }
        // Then the confirmation is still waiting for the order's code, and the store is exactly as it was
        #expect(console.screen.joined().contains("Type \(orderId.suffix(4)) and Enter"))
        #expect(try console.store.changeToken() == token)
        let after = try console.store.order(orderId)
        #expect(after.summary.status == before.summary.status && after.refunds.count == before.refunds.count)
        // And Esc leaves it so
        console.press(.escape, .escape)
        #expect(try console.store.changeToken() == token)
    }

    @Test func keysTypedWhileTheOrderIsReadAreDroppedToo() throws {
        // Given c pressed on a paid order, its current state not read yet
        var console = try ConsoleFixture()
        let orderId = try select(.paid, in: &console)
        #expect(console.state.update(.key(.character("c"))) == [.loadOrder(orderId)])
        // When the rest of a shell command arrives before the order does
        for character in "at /var/log/syslog" { #expect(console.state.update(.key(.character(character))).isEmpty) }
        // Then none of it acted on the list (no filter opened, the selection stayed), and the dialog opens empty
        guard case .none = console.state.input else { Issue.record("a key typed ahead opened \(console.state.input)"); return }
        #expect(console.state.orders.selectedOrder?.orderId == orderId)
        console.send(.orderLoaded(try console.store.order(orderId)))
        guard case .dialog(.cancel(let confirmation)) = console.state.input else { Issue.record("no cancel dialog"); return }
        #expect(confirmation.code.typed.isEmpty)
    }

    @Test func aWrongCodeIsRefusedAndTheDialogWaits() throws {
        // Given the cancel dialog of a paid order
        var console = try ConsoleFixture()
        let orderId = try select(.paid, in: &console)
        console.press(.character("c"))
        // When another code is typed, or keys that are no answer
        console.type("9999")
        console.press(.enter, .left, .tab, .character(" "))
        // Then it says so and waits; nothing was asked of the store
        #expect(console.screen.joined().contains("9999 is not \(orderId.suffix(4)); nothing was changed"))
        guard case .dialog(.cancel) = console.state.input else { Issue.record("the dialog closed"); return }
        #expect(try !console.store.order(orderId).payment.cancelRequested)
        // And the code in lower case, with Enter, confirms
        console.type(orderId.suffix(4).lowercased())
        console.press(.enter)
        #expect(try console.store.order(orderId).payment.cancelRequested)
    }

    @Test func ctrlZSuspendsFromADialogAndTheDialogDropsWhatWasTypedMeanwhile() throws {
        // Given a refund form
        var console = try ConsoleFixture()
        _ = try select(.paid, in: &console)
        console.press(.character("r"))
        // When Ctrl-Z is pressed, the runtime is asked to suspend and the form stays
        #expect(console.state.update(.key(.control("z"))) == [.suspend])
        guard case .dialog(.refund) = console.state.input else { Issue.record("the form closed"); return }
        // And back from the shell, keys typed meanwhile are dropped once it is drawn again
        #expect(console.state.update(.resumed(stopped: true)) == [.discardTypeAhead])
        console.press(.escape)
        #expect(console.state.update(.resumed(stopped: true)) == [])
    }

    @Test func everyActionStartedHasAUUIDOfItsOwnAsIdempotencyKey() throws {
        // Given two refund forms opened one after the other
        var console = try ConsoleFixture()
        _ = try select(.paid, in: &console)
        var keys: [String] = []
        for _ in 0..<2 {
            console.press(.character("r"))
            guard case .dialog(.refund(let form)) = console.state.input else { Issue.record("no refund form"); return }
            keys.append(form.idempotencyKey)
            console.press(.escape)
        }
        // Then each has its own key, a UUID, so no two sessions can ever share one, and none is in the space
        // PayDesk keeps for its own keys
        #expect(Set(keys).count == 2)
        #expect(keys.allSatisfy { UUID(uuidString: $0) != nil && IdempotencyKey.checkOperatorKey($0) == nil })
    }

    @Test func aCancelConfirmedAfterTheOrderMovedSaysWhatChangedAndAsksAgain() throws {
        // Given the cancel dialog of an authorized order
        var console = try ConsoleFixture()
        let orderId = try select(.authorized, in: &console)
        console.press(.character("c"))
        // When the processor's charge starts before the operator confirms
        try console.store.apply(IncomingEvent(orderId: orderId, kind: .chargeSubmitted, at: ConsoleFixture.now, processorReference: "ch_x"),
                                actor: ConsoleFixture.actor)
        let audit = try console.store.auditEntries(limit: 1000).count
        console.confirm(orderId)
        // Then nothing was sent: the order is still charging with no cancel owed, and no audit entry was written
        let order = try console.store.order(orderId)
        #expect(order.summary.status == .charging && !order.payment.cancelRequested)
        #expect(try console.store.auditEntries(limit: 1000).count == audit)
        // And the dialog says what changed, states the consequence for a charge in flight, and waits for the code again
        guard case .dialog(.cancel(let again)) = console.state.input else { Issue.record("not asked again"); return }
        #expect(again.changes == [OrderChange(field: "status", before: "authorized", after: "charging")])
        #expect(again.code.typed.isEmpty && again.status == .charging)
        let screen = console.screen.joined(separator: "\n")
        #expect(screen.contains("Changed: status") && screen.contains("Status was authorized, now charging."))
        #expect(screen.contains("The charge is still in flight"))
        // When the operator confirms again, on what is now on screen
        console.confirm(orderId)
        // Then the cancel is requested on the charge in flight
        #expect(try console.store.order(orderId).payment.cancelRequested)
    }

    @Test(arguments: [32, 80])
    func aRefundConfirmedAfterAnotherOperatorRefundedSaysWhatChangedAndSendsNothing(width: Int) throws {
        // Given the refund confirmation of a paid order, for all that may be refunded
        var console = try ConsoleFixture(size: Size(width: width, height: width == 32 ? 8 : 24))
        let orderId = try select(.paid, in: &console)
        let before = try console.store.order(orderId)
        console.press(.character("r"), .enter)
        // When another operator refunds 1.00 of it first
        let other = try console.store.requestRefund(orderId: orderId, amount: Money(minorUnits: 100, currency: before.summary.total.currency),
                                                    reason: .duplicate, actor: Actor(login: "colleague")).refund
        console.confirm(orderId)
        // Then only the other operator's refund exists
        let after = try console.store.order(orderId)
        #expect(after.refunds.map(\.refundId) == before.refunds.map(\.refundId) + [other.refundId])
        // And the form is back, its amount now too much, saying what changed, with the order and the new refundable amount
        guard case .dialog(.refund(let form)) = console.state.input else { Issue.record("not asked again"); return }
        #expect(!form.confirming && form.refundable == after.refundable)
        #expect(form.changes.map(\.field) == ["refunds in flight"])
        let screen = console.screen.joined(separator: "\n")
        #expect(screen.contains("Changed: refunds in flight") && screen.contains(orderId))
        if width > 32 { #expect(screen.contains("at most \(after.refundable) is refundable")) }
    }

    @Test func anActionNoLongerPossibleAfterTheOrderMovedIsRefusedWithWhatChanged() throws {
        // Given the cancel dialog of an order whose charge is in flight
        var console = try ConsoleFixture()
        let charging = try console.store.orders(OrderQuery(status: .charging, limit: 100))
        let orderId = try #require(charging.first { !$0.cancelRequested }?.orderId)
        console.press(.character("/"))
        console.type(orderId)
        console.press(.enter, .character("c"))
        // When the charge fails before the operator confirms
        try console.store.apply(IncomingEvent(orderId: orderId, kind: .chargeFailed, at: ConsoleFixture.now, reason: "declined"),
                                actor: ConsoleFixture.actor)
        console.confirm(orderId)
        // Then nothing was sent, and the operator reads what changed and why it cannot be done
        guard case .dialog(.outcome(let outcome)) = console.state.input else { Issue.record("no outcome"); return }
        #expect(!outcome.succeeded)
        #expect(outcome.lines.joined(separator: " ").contains("status charging → failed"))
        #expect(try console.store.order(orderId).summary.status == .failed)
    }
}

@Suite struct ReadOnlyTests {
    @Test func mutatingKeysAreAbsentAndDoNothing() throws {
        // Given a read-only console
        var console = try ConsoleFixture(readOnly: true)
        let footer = console.screen.last ?? ""
        // Then the footer, help and command line have no cancel or refund, and the badge shows
        #expect(console.screen[0].contains("READ-ONLY"))
        #expect(!footer.contains("cancel") && !footer.contains("refund"))
        #expect(console.state.availableBindings.allSatisfy { !$0.mutates })
        #expect(!console.state.availableCommands.contains { $0.name == "refund" || $0.name == "cancel" })
        console.press(.character("?"))
        #expect(!console.state.helpLines.contains { $0.0.contains("refund part") })
        console.press(.escape)
        // And pressing them changes nothing, even through the command line
        let token = try console.store.changeToken()
        console.press(.character("r"), .character("c"))
        #expect(console.state.pendingAction == nil)
        if case .dialog = console.state.input { Issue.record("a dialog opened in read-only mode") }
        console.press(.character(":"))
        console.type("refund EVIL-1")
        console.press(.enter)
        #expect(console.state.flash?.text.hasPrefix("read-only") == true)
        #expect(try console.store.changeToken() == token)
    }
}
