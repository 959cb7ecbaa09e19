import TerminalCore
import Testing
import OrderModel
@testable import ConsoleUI

/// The header's money per status: exact when it fits, "overflow" when it does not, never a clamped figure.
@Suite struct HeaderTotalsTests {
    @Test func anOverflowingTotalIsShownAsOverflowingBesideExactOnes() {
        // Given totals where paid JPY is exact and partially refunded JPY overflows, and CNY is exact
        let jpy = Currency(code: "JPY")!, cny = Currency(code: "CNY")!
        var state = ConsoleState(size: Size(width: 120, height: 24), storeName: "s.sqlite", readOnlyReason: nil,
                                 now: Timestamp(millisecondsSinceEpoch: 0))
        // When they arrive
        _ = state.update(.totalsLoaded([
            StatusTotal(status: .paid, orders: 1, amount: .exact(Money(minorUnits: Int64.max, currency: jpy))),
            StatusTotal(status: .partiallyRefunded, orders: 1, amount: .exact(Money(minorUnits: 1, currency: jpy))),
            StatusTotal(status: .paid, orders: 2, amount: .exact(Money(minorUnits: 1275, currency: cny))),
            StatusTotal(status: .authorized, orders: 3, amount: .overflow(cny)),
        ]))
        // Then paid JPY (max + 1) overflows, paid CNY is exact, authorized CNY overflows
        let header = state.view().lines[2]
        #expect(header.contains("paid 12.75 CNY, overflow JPY"))
        #expect(header.contains("authorized overflow CNY"))
        #expect(!header.contains("9223372036854775807"))
    }

    @Test func aPartialRefundMovesItsMoneyFromPaidToRefunded() {
        // Given a paid order of 299.00 CNY and a refunded one of 50.00 CNY
        let cny = Currency(code: "CNY")!
        func money(_ minorUnits: Int64) -> MoneyTotal { .exact(Money(minorUnits: minorUnits, currency: cny)) }
        var state = ConsoleState(size: Size(width: 120, height: 24), storeName: "s.sqlite", readOnlyReason: nil,
                                 now: Timestamp(millisecondsSinceEpoch: 0))
        _ = state.update(.totalsLoaded([StatusTotal(status: .paid, orders: 1, amount: money(299_00)),
                                        StatusTotal(status: .refunded, orders: 1, amount: money(50_00), refunded: money(50_00))]))
        #expect(state.view().lines[2].contains("paid 299.00 CNY"), "\(state.view().lines[2])")
        #expect(state.view().lines[2].contains("refunded 50.00 CNY"), "\(state.view().lines[2])")
        // When 100.00 CNY of the first is refunded, which leaves it part-refunded
        _ = state.update(.totalsLoaded([StatusTotal(status: .partiallyRefunded, orders: 1, amount: money(299_00), refunded: money(100_00)),
                                        StatusTotal(status: .refunded, orders: 1, amount: money(50_00), refunded: money(50_00))]))
        // Then paid is what was kept, and refunded all that went back
        let header = state.view().lines[2]
        #expect(header.contains("paid 199.00 CNY") && header.contains("refunded 150.00 CNY"), "\(header)")
    }
}
