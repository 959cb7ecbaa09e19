import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// The layout gives the data its room: columns by priority, cards whole or abbreviated, a header that
/// shortens rather than cuts, help wrapped to the terminal, confirmations whole at the smallest size.
@Suite struct LayoutTests {
    static let now = ConsoleStoreProtocolTests.now
    static let cny = Currency(code: "CNY")!

    static func row(_ orderId: String, status: PaymentStatus = .paid, wallet: String = "MasterCard 0388",
                    customer: String = "Maximiliane Octavia von Hohenberg", shipping: String? = "Express Shipping") -> OrderSummary {
        var row = ConsoleStoreProtocolTests.summary(orderId, customer: customer, minutesAgo: 3, status: status)
        row.wallet = wallet
        row.shippingLabel = shipping
        return row
    }

    static func console(_ width: Int, _ height: Int, rows: [OrderSummary], totals: [StatusTotal] = [],
                        readOnly: Bool = false) -> ConsoleState {
        var state = ConsoleState(size: Size(width: width, height: height), storeName: "shop.sqlite",
                                 readOnlyReason: readOnly ? "--read-only was given" : nil, now: now)
        _ = state.update(.storeChecked(token: 1, at: now))
        _ = state.update(.totalsLoaded(totals))
        _ = state.update(.ordersLoaded(state.orders.startRequest(visibleRows: 10), rows))
        return state
    }

    @Test(arguments: [60, 80, 132, 200])
    func ordersWhoseIdsDifferOnlyAtTheEndLookDifferentAtAnyWidth(width: Int) {
        // Given two orders whose ids share their first 31 characters
        let ids = ["shopify-order-2026-11-27-0000000001", "shopify-order-2026-11-27-0000000002"]
        let state = Self.console(width, 12, rows: ids.map { Self.row($0, customer: "Ada") })
        // When the list is drawn, Then each row shows the end of its own id, and the whole id where there is room
        let lines = state.view().lines
        for id in ids {
            let row = lines.filter { $0.contains(id.suffix(4)) }
            #expect(row.count == 1, "\(lines)")
            if width >= 132 { #expect(row.first?.contains(id) == true, "\(lines)") }
        }
    }

    @Test func aRoomyColumnGrowsOnlyOnceEveryColumnHasItsIdealWidth() {
        // Given an id column that reads well at 10 and whole at 30, beside a name of lower priority and the flags
        let columns = [TableColumn(title: "Order", minimum: 8, ideal: 10, priority: 1, roomy: 30),
                       TableColumn(title: "Customer", minimum: 5, ideal: 20, priority: 3),
                       TableColumn(title: "Flags", minimum: 4, ideal: 4, priority: 2, flexible: true)]
        // Then a narrow table gives the name its ideal width before the id grows beyond 10, a wide one the id its
        // whole width, and only then the flags the rest
        #expect(fit(columns, into: 45).map(\.width) == [19, 20, 4])
        #expect(fit(columns, into: 80).map(\.width) == [30, 20, 28])
    }

    @Test func anOrderIdTooWideKeepsItsStartAndItsEnd() {
        #expect("shopify-order-2026-11-27-0000000001".orderIdFitted(to: 20) == "shopify-o…0000000001")
        #expect("TEA-000027".orderIdFitted(to: 10) == "TEA-000027")
        #expect("TEA-000027".orderIdFitted(to: 9) == "TEA-…0027")
        #expect("TEA-000027".orderIdFitted(to: 3) == "T…7")
        // Too narrow to keep both ends, or not an id ingest would take: left to the table, which cuts at the end
        #expect("TEA-000027".orderIdFitted(to: 2) == "TEA-000027")
        #expect("订单-0000000000000027".orderIdFitted(to: 8) == "订单-0000000000000027")
    }

    @Test func everyRowKeepsItsOwnCardAsPagesComeAndGo() {
        // Given a pane whose rows change as pages arrive and leave, the cards of rows it had kept
        var pane = OrdersPane()
        pane.rows = [Self.row("ORD-1", wallet: "Visa 1111"), Self.row("ORD-2", wallet: "MasterCard 2222")]
        pane.rows = [Self.row("ORD-2", wallet: "MasterCard 2222"), Self.row("ORD-3", wallet: "Cartes Bancaires 3333"),
                     Self.row("ORD-4", wallet: "Élo Crédito 4444"), Self.row("ORD-1", wallet: "Visa 1111")]
        // Then each row has its own wallet's card, worked out alike whatever its letters
        #expect(pane.cards.map(\.full) == pane.rows.map(\.wallet))
        #expect(pane.cards.map(\.short) == ["MC 2222", "CB 3333", "Élo Crédito 4444", "Visa 1111"])
        #expect(pane.cards.map(\.last4) == ["2222", "3333", "4444", "1111"])
    }

    @Test func cardBrandsAreWholeOrAbbreviatedAndNeverCutFromTheLeft() {
        let card = CardLabel("MasterCard 0388")
        #expect(card.fitted(to: 15) == "MasterCard 0388")
        #expect(card.fitted(to: 14) == "MC 0388")
        #expect(card.fitted(to: 6) == "0388")
        #expect(CardLabel("American Express 8577").fitted(to: 12) == "Amex 8577")
        // And in the list, at every width, the brand is never shown with its start cut off
        for width in [80, 100, 120, 132, 200] {
            let screen = Self.console(width, 24, rows: [Self.row("ORD-1"), Self.row("ORD-2", wallet: "UnionPay 7723")]).view().lines
            #expect(!screen.joined().contains("…sterCard") && !screen.joined().contains("…nPay"), "at \(width) columns")
            if screen[4].contains("Card") {
                #expect(screen[5].contains("MasterCard 0388") || screen[5].contains("MC 0388"), "at \(width) columns")
            }
        }
    }

    @Test func theShippingChoiceIsVisibleAt80ColumnsBesideALongName() {
        // Given an order with a long customer name, at 80 columns
        let screen = Self.console(80, 24, rows: [Self.row("TEA-000038")]).view().lines
        // Then the shipping column is there, and so are the order, the amount and the status
        #expect(screen[4].contains("Shipping"))
        #expect(screen[5].contains("Express") && screen[5].contains("TEA-000038") && screen[5].contains("12.75 CNY")
                && screen[5].contains("paid"))
    }

    @Test func flagsShortenMostUrgentFirstAndNeverCutAWord() {
        let flags = [RowFlag("HELD", detail: "replay window"), RowFlag("CANCEL"), RowFlag("SANDBOX")]
        #expect(RowFlag.text(flags, fitting: 40) == "HELD replay window CANCEL SANDBOX")
        #expect(RowFlag.text(flags, fitting: 20) == "HELD CANCEL SANDBOX")
        #expect(RowFlag.text(flags, fitting: 12) == "HELD +2")
        #expect(RowFlag.text(flags, fitting: 3) == "+3")
        #expect(RowFlag.text(flags, fitting: 1) == "")
    }

    static let manyTotals: [StatusTotal] = {
        let eur = Currency(code: "EUR")!, jpy = Currency(code: "JPY")!
        // A refunded order's whole total went back; the part-refunded order's refunds are 15.00 CNY of its 45.00.
        func total(_ status: PaymentStatus, _ orders: Int, _ minorUnits: Int64, _ currency: Currency) -> StatusTotal {
            let refunded: Int64 = status == .refunded ? minorUnits : status == .partiallyRefunded ? 1_500 : 0
            return StatusTotal(status: status, orders: orders, amount: .exact(Money(minorUnits: minorUnits, currency: currency)),
                               refunded: .exact(Money(minorUnits: refunded, currency: currency)))
        }
        return [total(.authorized, 5, 194_960, cny), total(.authorized, 1, 4_858, eur), total(.authorized, 1, 6_279, jpy),
                total(.held, 2, 12_000, cny), total(.charging, 8, 171_840, cny), total(.charging, 2, 14_217, eur),
                total(.paid, 16, 364_840, cny), total(.paid, 3, 25_092, eur), total(.failed, 6, 300_000, cny),
                total(.reversed, 1, 4_998, eur), total(.partiallyRefunded, 1, 4_500, cny), total(.refunded, 4, 111_000, cny)]
    }()

    @Test(arguments: [32, 40, 80, 100, 132, 200])
    func theHeaderShortensWithoutCuttingAFigure(width: Int) {
        let lines = Self.console(width, 24, rows: [], totals: Self.manyTotals).view().lines
        // Then the counts line names every state that has orders, with its count, and is not cut
        #expect(!lines[1].contains("…"))
        for count in ["7", "2", "10", "19", "6", "1", "4"] { #expect(lines[1].contains(count), "\(count) at \(width)") }
        // And every amount in the money line is one of the real sums, whole; what is left out is counted
        let amounts = ["3678.40 CNY", "250.92 EUR", "1718.40 CNY", "142.17 EUR", "120.00 CNY", "1949.60 CNY", "48.58 EUR",
                       "6279 JPY", "1125.00 CNY"]
        let found = amounts.filter { lines[2].contains($0) }
        let words = lines[2].split(whereSeparator: { $0 == " " || $0 == "," })
        for (index, word) in words.enumerated() where word.first?.isNumber == true && word.contains(".") {
            #expect(index + 1 < words.count && amounts.contains("\(word) \(words[index + 1])"), "\(word) cut at \(width): \(lines[2])")
        }
        if found.count < amounts.count {
            #expect(lines[2].hasSuffix("+\(amounts.count - found.count) more") || lines[2].contains("+\(amounts.count - found.count) more "))
        }
        if width >= 132 { #expect(lines[2].contains("held 120.00 CNY")) }
        // And the title row keeps how current the screen is
        #expect(lines[0].contains("ago"))
    }

    @Test func theTitleRowShortensItsBadgesAndKeepsTheFilters() {
        var state = Self.console(80, 24, rows: [], readOnly: true)
        _ = state.update(.key(.character("p")))
        state.orders.status = .failed
        let wide = state.view().lines[0]
        #expect(wide.contains("READ-ONLY") && wide.contains("PAUSED") && wide.contains("status failed") && wide.contains("shop.sqlite"))
        state.size = Size(width: 32, height: 8)
        let narrow = state.view().lines[0]
        #expect(narrow.contains(" RO ") && narrow.contains("PAUSED") && narrow.contains("ago"))
    }

    @Test func oneOrderIsOneOrder() {
        let state = Self.console(80, 24, rows: [Self.row("ORD-1")],
                                 totals: [StatusTotal(status: .paid, orders: 1, amount: .exact(Money(minorUnits: 1275, currency: Self.cny)))])
        let statusLine = state.view().lines[22]
        #expect(statusLine.contains("· 1 order ") || statusLine.hasSuffix("· 1 order"))
    }

    @Test(arguments: [32, 40, 80, 200])
    func helpIsWrappedToTheTerminalAndLosesNoWord(width: Int) {
        var state = Self.console(width, 50, rows: [])
        _ = state.update(.key(.character("?")))
        let help = state.helpLines.map(\.0)
        #expect(help.allSatisfy { $0.displayWidth <= width - 2 }, "a help line is wider than \(width) columns")
        #expect(!help.joined().contains("…"))
        let text = help.joined(separator: " ").split(separator: " ").joined(separator: " ")
        for binding in state.bindings(on: .orders) { #expect(text.contains(binding.help), "\(binding.help) at \(width)") }
    }

    @Test func aMessageGoesAtTheNextKeyOrWhenItsTimeIsUp() {
        // Given the message left by a dismissed confirmation
        var state = Self.console(80, 24, rows: [Self.row("ORD-1"), Self.row("ORD-2")])
        state.show("nothing was changed")
        #expect(state.view().lines[22].contains("nothing was changed"))
        // When the operator moves on
        _ = state.update(.key(.down))
        // Then it is gone, and the list says what it shows
        #expect(!state.view().lines[22].contains("nothing was changed"))
        #expect(state.view().lines[22].contains("newest first"))
        // And one left alone goes when the clock passes its time, not before
        state.show("live updates resumed")
        _ = state.update(.tick(Self.now.adding(milliseconds: 3_000)))
        #expect(state.flash != nil)
        _ = state.update(.tick(Self.now.adding(milliseconds: 4_000)))
        #expect(state.flash == nil)
    }

    @Test(arguments: [PaymentStatus.paid, .authorized])
    func everyConfirmationShowsTheOrderAndItsMoneyAtTheSmallestSize(status: PaymentStatus) throws {
        let order = Self.row("ORD-20261121-0042", status: status)
        for key in [Key.character("c"), .character("r")] where key == .character("c") || status == .paid {
            // Given the smallest console the console draws
            var state = Self.console(32, 8, rows: [order])
            // When the operator asks to cancel or refund, the order is read, and (for a refund) the form is sent
            _ = state.update(.key(key))
            _ = state.update(.orderLoaded(FakeConsoleStore.detail(of: order)))
            if key == .character("r") { _ = state.update(.key(.enter)) }
            // Then the confirmation shows the whole order id, the amount and its currency
            let screen = state.view().lines.joined(separator: "\n")
            #expect(screen.contains("ORD-20261121-0042"), "\(key): \(screen)")
            #expect(screen.contains("12.75 CNY"), "\(key): \(screen)")
        }
    }
}

extension LayoutTests {
    @Test(arguments: [32, 80])
    func aConfirmationOfAnOrderWithALongIdShowsTheEndOfIt(width: Int) throws {
        // Given a paid order whose id is longer than a dialog is wide, and which differs from others at its end
        let id = "shopify-eu-central-order-2026-11-27-batch-0042-item-0000000001"
        for key in [Key.character("c"), .character("r")] {
            var state = Self.console(width, 24, rows: [Self.row(id)])
            // When the operator asks to cancel or refund it
            _ = state.update(.key(key))
            _ = state.update(.orderLoaded(FakeConsoleStore.detail(of: Self.row(id))))
            // Then the dialog's title keeps the id's start and its end (the refund form's, then its confirmation's order line)
            let title = key == .character("c") ? "Cancel order shop" : "Refund order shop"
            #expect(state.view().lines.contains { $0.contains(title) && $0.contains("…") && $0.contains("00001") }, "\(state.view().lines)")
            if key == .character("r") { _ = state.update(.key(.enter)) }
            let lines = state.view().lines
            let orderLine = try #require(lines.first { $0.contains("Order    shopify") }, "\(lines)")
            #expect(orderLine.contains("…") && orderLine.contains(width >= 80 ? "item-0000000001" : "000000001"), "\(orderLine)")
        }
    }

    @Test func ordersWhoseTimesAreAtTheEndsOfTheRangeAreDrawn() throws {
        // Given charging and paid orders whose times a person wrote at the ends of the range
        var rows: [OrderSummary] = []
        for (index, milliseconds) in [Int64.min, .max, 0].enumerated() {
            for status in [PaymentStatus.charging, .paid] {
                var row = ConsoleStoreProtocolTests.summary("EDGE-\(index)-\(status.rawValue)", customer: "Ada", minutesAgo: 1, status: status)
                row.updatedAt = Timestamp(millisecondsSinceEpoch: milliseconds)
                row.createdAt = Timestamp(millisecondsSinceEpoch: milliseconds)
                rows.append(row)
            }
        }
        // When the list is drawn, Then every order is on it
        let screen = Self.console(120, 30, rows: rows).view().lines.joined(separator: "\n")
        for row in rows { #expect(screen.contains(row.orderId), "\(row.orderId)") }
    }
}
