import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// A row this PayDesk cannot read (a currency only a newer version knows, a hand edit) stops the read with an
/// error naming the row: skipped, a refund owed would silently leave the outbox and a charge the driver's view.
@Suite struct UnreadableRowTests {
    /// Gives order `orderId` a currency PayDesk does not know, as a newer version or a person with sqlite3 could.
    func giveUnknownCurrency(to orderId: String, in store: PayDeskStore) throws {
        try store.database.write { db in
            try db.execute(sql: "DROP TRIGGER orders_keep_what_the_customer_authorised")
            try db.execute(sql: "UPDATE orders SET currency = 'XTS' WHERE order_id = ?", arguments: [orderId])
        }
    }

    @Test func anOwedReversalWithAnUnknownCurrencyIsAnErrorNotAGap() throws {
        // Given a paid order canceled (a reversal is owed), and another order owing one too
        let store = try Fixture.store()
        try Fixture.paidOrder("ORD-1", in: store)
        try Fixture.paidOrder("ORD-2", in: store)
        try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor)
        try store.requestCancel(orderId: "ORD-2", actor: Fixture.actor)
        #expect(try store.outbox().count == 2)
        // When one of them holds a currency this PayDesk does not know
        try giveUnknownCurrency(to: "ORD-2", in: store)
        // Then the outbox fails, naming the order, instead of listing only the other
        #expect(throws: StoreError.database("order \"ORD-2\": unknown currency \"XTS\"")) { try store.outbox() }
    }

    @Test func chargesWithAnUnknownCurrencyAreAnErrorNotAGap() throws {
        // Given an order whose charge was submitted, under a currency this PayDesk does not know
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.event("ORD-1", "charge_submitted", ["processorReference": "ch_1"])],
                           into: store)
        try giveUnknownCurrency(to: "ORD-1", in: store)
        // When the driver asks what is in flight or accepted, Then it is told which order it cannot read
        let expected = StoreError.database("order \"ORD-1\": unknown currency \"XTS\"")
        #expect(throws: expected) { try store.chargesInFlight(limit: 10) }
        #expect(throws: expected) { try store.acceptedCharges() }
    }

    @Test func aValueOfTheWrongTypeIsAnErrorNamingItNotATrap() throws {
        // Given a paid order with a refund pending, a charging order, and a person with sqlite3 who wrote text
        // where the store keeps numbers, which no trigger guards
        let store = try Fixture.store()
        try Fixture.paidOrder("ORD-1", in: store)
        try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 1_00, currency: Currency(code: "CNY")!), reason: .other, actor: Fixture.actor)
        try Fixture.ingest([Fixture.order("ORD-2"), Fixture.event("ORD-2", "charge_submitted", ["processorReference": "ch_2"])], into: store)
        try store.database.write { db in
            try db.execute(sql: "UPDATE orders SET updated_at = 'yesterday' WHERE order_id = 'ORD-1'")
            try db.execute(sql: "UPDATE orders SET updated_at = 'soon' WHERE order_id = 'ORD-2'")
            try db.execute(sql: "UPDATE refunds SET requested_at = 'noon'")
        }
        // When each reader meets them, Then each fails with one line naming the order, the column and what it holds
        #expect(throws: StoreError.database(#"order "ORD-2": updated_at holds "soon", not an integer"#)) { try store.orders(OrderQuery()) }
        #expect(throws: StoreError.database(#"order "ORD-2": updated_at holds "soon", not an integer"#)) { try store.chargesInFlight(limit: 10) }
        #expect(throws: StoreError.database(#"outbox: order "ORD-1": requested_at holds "noon", not an integer"#)) { try store.outbox() }
    }

    @Test func aCheckedReadConvertsAsGRDBDoesAndNamesWhatItCannot() throws {
        // Given a row with text, a number, a NULL and text where a number belongs, read by name and by position
        let row = try DatabaseQueue().read { db in
            try Row.fetchOne(db, sql: "SELECT 'x' AS text, 5 AS number, NULL AS absent, 'soon' AS late")!
        }
        // Then what each holds is read, a NULL or a missing column is nil only where nil is asked for
        #expect(try row.checked("text", in: "r", as: String.self) == "x")
        #expect(try row.checked("number", in: "r", as: Int64?.self) == 5)
        #expect(try row.checked(atIndex: 1, in: "r", as: Bool.self))
        #expect(try row.checked("absent", in: "r", as: String?.self) == nil)
        #expect(try row.checked("missing", in: "r", as: Int64?.self) == nil)
        #expect(try row.checked(atIndex: 2, in: "r", as: Int64?.self) == nil)
        // And whatever cannot be read as asked is an error naming the place, the column and what it holds
        #expect(throws: StoreError.database(#"r: late holds "soon", not an integer"#)) { try row.checked("late", in: "r", as: Int64?.self) }
        #expect(throws: StoreError.database(#"r: late holds "soon", not an integer"#)) { try row.checked(atIndex: 3, in: "r", as: Int64.self) }
        #expect(throws: StoreError.database("r: absent holds NULL, not text")) { try row.checked("absent", in: "r", as: String.self) }
        #expect(throws: StoreError.database("r: absent holds NULL, not a boolean")) { try row.checked(atIndex: 2, in: "r", as: Bool.self) }
        #expect(throws: StoreError.database("r: missing holds NULL, not text")) { try row.checked("missing", in: "r", as: String.self) }
    }

    @Test func aStoreInMemoryHasTheSchemaAndItsGuards() throws {
        // Given a store in memory
        let store = try PayDeskStore.inMemory()
        // When an order is ingested and paid, Then it reads back as from a file
        try Fixture.paidOrder("ORD-1", in: store)
        #expect(try store.order("ORD-1").summary.status == .paid)
        #expect(try store.kind() == .shop && store.path == ":memory:")
        // And the schema's guards hold there too
        #expect(throws: (any Error).self) { try store.database.write { try $0.execute(sql: "DELETE FROM orders") } }
        // And each store in memory is its own
        #expect(try PayDeskStore.inMemory().orders(OrderQuery()).isEmpty)
    }
}
