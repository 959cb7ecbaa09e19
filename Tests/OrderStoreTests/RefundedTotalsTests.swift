import GRDB
import OrderModel
import Testing
@testable import OrderStore
import TestSupport

/// The totals per status keep the money refunded from their orders (schema v18): a partial refund changes no
/// status, and without it the header showed that money nowhere.
@Suite struct RefundedTotalsTests {
    let processor = Actor(login: "processor")

    /// "status orders amount refunded" per row of the totals.
    func totals(_ store: PayDeskStore) throws -> [String] {
        try store.statusTotals().map { "\($0.status.rawValue) \($0.orders) \($0.amount) \($0.refunded)" }
    }

    /// Two paid orders of 100.00 CNY: 30.00 refunded from the first, all of the second.
    func storeWithRefunds(_ store: PayDeskStore) throws -> PayDeskStore {
        try Fixture.paidOrder("ORD-1", in: store)
        try Fixture.paidOrder("ORD-2", in: store)
        for (order, id, amount) in [("ORD-1", "r1", Int64(30_00)), ("ORD-2", "r2", 100_00)] {
            #expect(try store.apply([IncomingEvent(orderId: order, kind: .refundSucceeded, at: Fixture.now(), refundId: id, amount: amount)],
                                    actor: processor) == [nil])
        }
        return store
    }

    @Test func aPartialRefundIsInItsStatussTotalsAndMovesWithTheOrder() throws {
        // Given a part-refunded order and a refunded one
        let store = try storeWithRefunds(try Fixture.store())
        #expect(try totals(store) == ["partially_refunded 1 100.00 CNY 30.00 CNY", "refunded 1 100.00 CNY 100.00 CNY"])
        // When the rest of the first is refunded
        #expect(try store.apply([IncomingEvent(orderId: "ORD-1", kind: .refundSucceeded, at: Fixture.now(), refundId: "r3", amount: 70_00)],
                                actor: processor) == [nil])
        // Then it moves, with its refunds, to refunded
        #expect(try totals(store) == ["refunded 2 200.00 CNY 200.00 CNY"])
    }

    @Test func anUpgradeAddsTheRefundsOfTheOrdersAlreadyThere() throws {
        // Given a store with refunds, set back to before v18: totals without their refunds, and v17's triggers
        let store = try storeWithRefunds(try Fixture.fileStore())
        let path = store.path
        try store.database.writeWithoutTransaction { db in
            try db.execute(sql: """
                DROP TRIGGER status_totals_on_insert; DROP TRIGGER status_totals_on_update;
                ALTER TABLE status_totals DROP COLUMN refunded;
                DELETE FROM grdb_migrations WHERE identifier = 'v18'
                """)
            try Schema.createStatusTotalsTriggers(db)
        }
        // When this version opens it
        let upgraded = try PayDeskStore(path: path)
        // Then the totals hold the refunds made before, and follow the next one
        #expect(try totals(upgraded) == ["partially_refunded 1 100.00 CNY 30.00 CNY", "refunded 1 100.00 CNY 100.00 CNY"])
        #expect(try upgraded.apply([IncomingEvent(orderId: "ORD-1", kind: .refundSucceeded, at: Fixture.now(), refundId: "r3", amount: 10_00)],
                                   actor: processor) == [nil])
        #expect(try totals(upgraded) == ["partially_refunded 1 100.00 CNY 40.00 CNY", "refunded 1 100.00 CNY 100.00 CNY"])
    }
}
