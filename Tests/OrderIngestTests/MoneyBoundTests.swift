import Foundation
import GRDB
@testable import OrderIngest
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// One order's amounts are bounded; the store's sums are not, and must say so when they overflow rather than
/// trap or wrap (issue 13, finding 1).
@Suite struct MoneyBoundTests {
    @Test func ingestRefusesAmountsBeyondTheBoundWithTheFieldNamed() throws {
        // Given two JPY orders each totalling 2^62, the review's crash, and one at exactly the bound
        let store = try Fixture.store()
        let huge = "4611686018427387904", bound = String(Money.maximumMinorUnits)
        let lines = [("BIG-1", huge), ("BIG-2", huge), ("AT-BOUND", bound)].map { id, total in
            Fixture.order(id, total: total, currency: "JPY") { $0.removeValue(forKey: "shippingMethod") }
        }
        // When they are ingested
        let (summary, problems) = try Fixture.ingest(lines, into: store)
        // Then the two are refused, naming the field and the bound, and the one at the bound is kept
        #expect(summary == IngestSummary(ingested: 1, duplicates: 0, rejected: 2))
        #expect(problems.first == "line 1: summaryItems[0].amount: 4611686018427387904 JPY is beyond what one order may carry (at most 1000000000000000 JPY either way)")
        #expect(try store.statusTotals().map(\.amount) == [.exact(Money(minorUnits: Money.maximumMinorUnits, currency: Currency(code: "JPY")!))])
    }

    @Test func totalsPastSixtyFourBitsAreShownAsOverflowingAndHealWhenTheOrdersLeave() throws {
        // Given orders written past the bound (by hand, or by an older version that had none)
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("SMALL", total: "5", currency: "JPY") { $0.removeValue(forKey: "shippingMethod") }], into: store)
        for id in ["BIG-1", "BIG-2"] {
            try store.database.write { db in
                try db.execute(sql: """
                    INSERT INTO orders (order_id, fingerprint, created_at, currency, total, status, updated_at, customer_name, wallet, details)
                    SELECT ?, fingerprint, created_at, currency, 4611686018427387904, status, updated_at, customer_name, wallet, details
                    FROM orders WHERE order_id = 'SMALL'
                    """, arguments: [id])
            }
        }
        let jpy = try #require(Currency(code: "JPY"))
        // When the totals are read, Then the authorized JPY total is overflowing, not a wrong number or a trap
        #expect(try store.statusTotals().map(\.amount) == [.overflow(jpy)])
        #expect(try store.statusTotals().first?.orders == 3)
        // And once every order has left the status, the total is exact again
        for id in ["SMALL", "BIG-1", "BIG-2"] { try store.requestCancel(orderId: id, actor: Fixture.actor) }
        let totals = try store.statusTotals()
        #expect(totals.map(\.status) == [.canceled])
        #expect(totals.map(\.amount) == [.overflow(jpy)])
        #expect(try store.database.read { try Row.fetchAll($0, sql: "SELECT status, orders, amount FROM status_totals ORDER BY status") }
            .map { "\($0[0] as String) \($0[1] as Int) \(($0[2] as Int64?).map(String.init) ?? "NULL")" } == ["authorized 0 0", "canceled 3 NULL"])
    }

    @Test func aTotalAnOlderVersionWroteAsAFloatIsMarkedOverflowingByTheUpgrade() throws {
        // Given a store at schema v5 whose JPY total SQLite had turned into a floating-point number
        let path = Fixture.temporaryPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "v5")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO status_totals (status, currency, orders, amount) VALUES ('authorized', 'JPY', 2, 9.2233720368547758e18), ('paid', 'CNY', 1, 1275)")
        }
        try queue.close()
        // When the store is opened for writing (which upgrades it)
        let store = try PayDeskStore(path: path)
        // Then the float is an overflow and the integer stays exact
        let totals = try store.statusTotals()
        #expect(totals.map(\.amount.description) == ["overflow JPY", "12.75 CNY"])
    }
}
