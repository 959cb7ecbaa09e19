import Foundation
import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// Refund by item: the refund form offers the order's summary items above the grand total, and the amount follows
/// what is picked.
@Suite struct RefundItemsTests {
    static let cny = Currency(code: "CNY")!
    /// 12.00 - 1.20 + 1.95 = 12.75, the fake order's total; the first label carries an escape sequence.
    static let items = [SummaryItem(label: "Longjing\u{1B}[2J 250g", amount: 12_00), SummaryItem(label: "New customer -10%", amount: -1_20),
                        SummaryItem(label: "运费", amount: 1_95)]
    static let order = ConsoleStoreProtocolTests.summary("ORD-0042", customer: "Ada Lovelace", minutesAgo: 5)

    /// A console whose refund form is open on the paid order, as the update function alone sees it.
    static func form(width: Int = 80, height: Int = 24, items: [SummaryItem]? = Self.items) -> ConsoleState {
        var state = LayoutTests.console(width, height, rows: [order])
        _ = state.update(.key(.character("r")))
        _ = state.update(.orderLoaded(FakeConsoleStore.detail(of: order, items: items)))
        return state
    }

    static func refundForm(_ state: ConsoleState) -> RefundForm? {
        if case .dialog(.refund(let form)) = state.input { return form }
        return nil
    }

    @Test(arguments: ["12,50", "1e3", "1,000", "12.50 CNY"])
    func anAmountIsKeptAsTypedAndOneThatIsNotADecimalCannotBeConfirmed(typed: String) throws {
        // Given the refund form with its amount field emptied
        var state = Self.form()
        let prefilled = try #require(Self.refundForm(state)).amount.text
        for _ in prefilled { _ = state.update(.key(.backspace)) }
        // When the operator types an amount written another way
        for character in typed { _ = state.update(.key(.character(character))) }
        // Then the field holds what was typed, the form says it is not an amount, and Enter does not go on to confirm
        let form = try #require(Self.refundForm(state))
        #expect(form.amount.text == typed)
        #expect(state.view().lines.contains { $0.contains("is not a plain decimal amount (like 12.75)") }, "\(state.view().lines)")
        #expect(state.update(.key(.enter)).isEmpty)
        #expect(Self.refundForm(state)?.confirming == false)
    }

    @Test func pickedItemsSetTheAmountCappedAtWhatIsRefundableAndTheStoreIsAskedForIt() throws {
        // Given a paid order of 12.75 CNY whose sheet had an article, a discount and shipping
        let store = FakeConsoleStore(orders: [Self.order], items: Self.items)
        // When the operator opens the refund form, goes up to the items (the cursor lands on the last, shipping) and
        // picks it; then goes up to the article and picks it too (13.95, more than the 12.75 paid); then unpicks it;
        // then reviews and confirms
        let picks: [HeadlessTerminal.Step] = [.up, .character(" "), .up, .up, .character(" ")].map(HeadlessTerminal.Step.key)
        let unpickAndReview: [HeadlessTerminal.Step] = [.key(.character(" ")), .key(.enter), .waitFor("Amount   1.95 CNY")]
        let code: [HeadlessTerminal.Step] = "0042".map { .key(.character($0)) } + [.key(.enter)]
        let terminal = ConsoleStoreProtocolTests.run(store, until: "ORD-0042",
                                                     then: [.key(.character("r")), .waitFor("Refund order ORD-0042")] + picks
                                                         + unpickAndReview + code + [.waitFor("refunds are not faked"), .key(.escape)])
        let frames = terminal.frames.map { $0.lines.joined(separator: "\n") }
        // Then the form listed every item but the total, with its amount, and never the label's escape raw
        let firstForm = try #require(frames.first { $0.contains("Refund order ORD-0042") })
        #expect(firstForm.contains("[ ] Longjing") && firstForm.contains("-1.20") && firstForm.contains("[ ] 运费"), "\(firstForm)")
        #expect(!firstForm.contains("Tea"), "the grand total is not an item: \(firstForm)")
        #expect(!frames.contains { $0.contains("\u{1B}") })
        // And shipping alone made the amount 1.95; with the article it stopped at the 12.75 still refundable, saying so
        #expect(frames.contains { $0.contains("amount    1.95 CNY") && $0.contains("what the picked item comes to") })
        let capped = try #require(frames.first { $0.contains("amount    12.75 CNY") && $0.contains("[x] Longjing") })
        #expect(capped.contains("capped: the 2 picked items come to 13.95 CNY"), "\(capped)")
        // (each amount in one column, the escape drawn visibly and counted as drawn)
        #expect(capped.contains("[x] Longjing\\u{1B}[2J 250g 12.00") && capped.contains("[ ] New customer -10%      -1.20"), "\(capped)")
        // And the confirmation named what is refunded, and the store was asked for exactly the shipping's 1.95 CNY
        #expect(frames.contains { $0.contains("Amount   1.95 CNY") && $0.contains("For      运费") })
        #expect(store.calls.contains("requestRefund ORD-0042 1.95 CNY"), "\(store.calls)")
    }

    @Test func anAmountTypedByHandKeepsThePicksAndSaysItIsNotTheirSum() throws {
        // Given the form with shipping picked
        var state = Self.form()
        _ = state.update(.key(.up))
        _ = state.update(.key(.character(" ")))
        // When the operator types another amount
        _ = state.update(.key(.down))
        for key in [Key.control("u"), .character("5")] { _ = state.update(.key(key)) }
        // Then the pick stays, the amount is the one typed, and the form says it is not the picks' sum
        let form = try #require(Self.refundForm(state))
        #expect(form.pickedItems.map(\.label) == ["运费"] && form.amountDiffersFromPicks)
        #expect(try form.validatedAmount.get() == Money(minorUnits: 5_00, currency: Self.cny))
        #expect(state.view().lines.contains { $0.contains("not what the picked item comes to: 1.95 CNY") })
        // And unpicking the last item returns the amount to all that is refundable, as the form opened
        _ = state.update(.key(.up))
        _ = state.update(.key(.character(" ")))
        #expect(Self.refundForm(state)?.amount.text == "12.75")
        #expect(Self.refundForm(state)?.pickedSum == nil)
    }

    /// The columns of the refund box's top corners.
    static func boxEdges(_ state: ConsoleState) -> [Int] {
        let frame = state.view()
        for y in 0..<frame.size.height {
            let corners = (0..<frame.size.width).filter { [state.glyphs.frame.topLeft, state.glyphs.frame.topRight].contains(frame[x: $0, y: y].text) }
            if corners.count == 2 { return corners }
        }
        return []
    }

    @Test(arguments: [24, 15])
    func theBoxKeepsItsWidthAsTheCursorMoves(height: Int) throws {
        // Given the refund form, on a screen tall enough for every item on a line of its own, and on one so short that
        // the items share one line, the one at the cursor shown
        var state = Self.form(height: height)
        let opened = Self.boxEdges(state)
        #expect(opened.count == 2)
        // When the operator goes through every field and every item, both ways
        var seen: [[Int]] = []
        for key in [Key.up, .up, .up, .tab, .tab, .tab, .tab, .backTab, .backTab, .down, .down] {
            _ = state.update(.key(key))
            seen.append(Self.boxEdges(state))
        }
        // Then the box stands where it opened, its width the same, whichever field or item the cursor is on
        #expect(seen.allSatisfy { $0 == opened }, "opened at \(opened), then \(seen)")
        #expect(Self.refundForm(state)?.field != nil)
    }

    @Test func anOrderWithoutItemsHasTheFormAsBefore() throws {
        // Given an order whose only summary item is its total
        var state = Self.form(items: nil)
        // Then the form has no items, and Tab goes amount → reason → note → amount
        #expect(Self.refundForm(state)?.items.isEmpty == true)
        #expect(!state.view().lines.contains { $0.contains("items") })
        var visited: [RefundForm.Field] = []
        for _ in 0..<3 {
            _ = state.update(.key(.tab))
            visited += [Self.refundForm(state)?.field].compactMap { $0 }
        }
        #expect(visited == [.reason, .note, .amount])
        // And Space on the amount picks nothing: it is typed, as every character is, and the amount is still 12.75
        _ = state.update(.key(.character(" ")))
        let form = try #require(Self.refundForm(state))
        #expect(form.items.isEmpty && form.amount.text == "12.75 ")
        #expect((try? form.validatedAmount.get())?.minorUnits == 12_75)
    }

    @Test func theConfirmationOfPickedItemsShowsTheOrderAndItsMoneyAtTheSmallestSize() throws {
        // Given the smallest console, with two items picked
        var state = Self.form(width: 32, height: 8)
        for key in [Key.up, .character(" "), .up, .character(" "), .enter] { _ = state.update(.key(key)) }
        // Then the confirmation shows the whole order id, the amount and its currency
        let screen = state.view().lines.joined(separator: "\n")
        #expect(Self.refundForm(state)?.confirming == true)
        #expect(screen.contains("ORD-0042") && screen.contains("0.75 CNY"), "\(screen)")
    }

    @Test func everyFormKeyIsInHelpAndEveryFooterWordIsABinding() throws {
        // Given the refund form's bindings
        var state = Self.form()
        _ = state.update(.key(.escape))
        _ = state.update(.key(.character("?")))
        // Then help lists each of them
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = words(state.helpLines.map(\.0).joined(separator: "\n"))
        for binding in KeyMap.refundForm { #expect(help.contains(words(binding.help)), "\(binding.help)") }
        // And on the items the footer offers Space to pick
        var onItems = Self.form()
        _ = onItems.update(.key(.up))
        #expect(onItems.footerItems.contains { $0 == ("Space", "pick") })
    }
}

extension RefundItemsTests {
    @Test func aPickedFreeShippingItemIsItsOwnSumNotAHandTypedAmount() throws {
        // Given a form whose only pick is free shipping: 0.00, which is no refund
        var form = RefundForm(orderId: "ORD-0042", refundable: Money(minorUnits: 12_75, currency: Self.cny),
                              items: [RefundItem(label: "Shipping", amount: Money(minorUnits: 0, currency: Self.cny))],
                              idempotencyKey: "k", seen: PaymentState(status: .paid, total: 12_75, paid: 12_75))
        form.toggleItem()
        // Then the amount is the pick's 0.00, refused as no refund, but not called a hand-typed amount
        #expect(form.amount.text == "0.00" && form.validatedAmount == .failure(.notPositive))
        #expect(!form.amountDiffersFromPicks)
    }
}

extension RefundItemsTests {
    @Test func theFormDrawsOnEveryTerminalSizeWhateverItsItemsAmountsTake() throws {
        // Given items whose amounts take up to 20 columns ("123456789.00 pending"), wider than a narrow terminal
        // leaves for them beside their boxes
        let items = [SummaryItem(label: "Deposit on a tea set", amount: 123_456_789_00, isPending: true),
                     SummaryItem(label: "运费", amount: 1_95)]
        for width in Layout.minimum.width...90 {
            for height in [Layout.minimum.height, 16, 40] {
                // When the refund form is drawn at that size
                let lines = Self.form(width: width, height: height, items: items).view().lines
                // Then it is drawn, within the terminal's width
                #expect(lines.count == height, "\(width)x\(height)")
                #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(width)x\(height): \(lines)")
            }
        }
    }
}
