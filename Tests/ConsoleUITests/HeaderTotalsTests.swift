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
}
