import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// What the console's live list relies on: paging both ways, the refund-pending flag, and cheap change detection.
@Suite struct ListQueryTests {
    let cny = Currency(code: "CNY")!

    func storeWithFiveOrders(onFile: Bool = false) throws -> PayDeskStore {
        let store = try onFile ? Fixture.fileStore() : Fixture.store()
        try Fixture.ingest((1...5).map { Fixture.order("ORD-\($0)", createdAt: "2026-11-21T09:3\($0):00Z") }, into: store)
        return store
    }

    @Test func pagesOldestFirstAndNewestFirstMeetInTheMiddle() throws {
        // Given five orders a minute apart
        let store = try storeWithFiveOrders()
        // When the list is read oldest first, two at a time, then newest first from the last row read
        let first = try store.orders(OrderQuery(limit: 2, order: .oldestFirst))
        let second = try store.orders(OrderQuery(limit: 2, after: first.last?.cursor, order: .oldestFirst))
        let back = try store.orders(OrderQuery(limit: 10, after: second.first?.cursor))
        // Then each page continues where the previous one stopped, in its own direction
        #expect(first.map(\.orderId) == ["ORD-1", "ORD-2"])
        #expect(second.map(\.orderId) == ["ORD-3", "ORD-4"])
        #expect(back.map(\.orderId) == ["ORD-2", "ORD-1"])
    }

    @Test func pagingByAmountVisitsEveryOrderOnceLargestFirstWithinEachCurrency() throws {
        // Given orders in three currencies, with equal amounts among them, and some of them paid
        let store = try Fixture.store()
        let amounts: [(String, String)] = [("9.00", "CNY"), ("120.00", "CNY"), ("9.00", "CNY"), ("15.50", "USD"), ("300", "JPY"),
                                           ("120.00", "CNY"), ("2.00", "USD"), ("1000", "JPY"), ("9.00", "CNY"), ("15.50", "USD")]
        let (ingested, _) = try Fixture.ingest(amounts.enumerated().map { index, amount in
            Fixture.order("ORD-\(index)", total: amount.0, currency: amount.1) { document in
                if amount.1 == "JPY" { document["shippingMethod"] = ["identifier": "free", "label": "送料無料", "amount": "0"] }
            }
        }, into: store)
        #expect(ingested.ingested == 10)
        for paid in ["ORD-1", "ORD-2", "ORD-3", "ORD-9"] {
            try Fixture.ingest([Fixture.event(paid, "charge_submitted", ["processorReference": "ch_\(paid)"]),
                                Fixture.event(paid, "charge_succeeded", at: "2026-11-21T09:31:02Z")], into: store)
        }
        for status in [nil, PaymentStatus.paid] {
            for order in [OrderQuery.ListOrder.largestFirst, .smallestFirst] {
                // When the list is read by amount three rows at a time, each page after the last row of the one before
                var pages: [OrderSummary] = []
                for _ in 0..<10 {
                    let page = try store.orders(OrderQuery(status: status, limit: 3, after: pages.last?.cursor, order: order))
                    pages += page
                    if page.count < 3 { break }
                }
                // Then every order of that status comes exactly once, currencies grouped, amounts in order within each
                let all = try store.orders(OrderQuery(status: status, limit: 100))
                let key = { (row: OrderSummary) in (row.total.currency.code, row.total.minorUnits, row.cursor.rowID) }
                let expected = all.sorted { order == .largestFirst ? key($0) > key($1) : key($0) < key($1) }
                #expect(pages.map(\.orderId) == expected.map(\.orderId), "\(order) \(status?.rawValue ?? "all")")
                #expect(Set(pages.map(\.orderId)).count == (status == nil ? 10 : 4))
            }
        }
    }

    @Test func listRowsSayWhenARefundIsWaiting() throws {
        // Given two paid orders, one with a requested refund
        let store = try Fixture.store()
        try Fixture.paidOrder("ORD-1", in: store)
        try Fixture.paidOrder("ORD-2", in: store)
        try store.requestRefund(orderId: "ORD-2", amount: Money(minorUnits: 500, currency: cny), reason: .duplicate, actor: Fixture.actor)
        // When the list is read
        let rows = try store.orders(OrderQuery())
        // Then only the order with the pending refund is flagged, in the list and in the order itself
        #expect(rows.filter(\.refundPending).map(\.orderId) == ["ORD-2"])
        #expect(try store.order("ORD-2").summary.refundPending)
        #expect(try !store.order("ORD-1").summary.refundPending)
    }

    @Test func aListRowLooksUpItsOwnRefundsNotEveryPendingOne() throws {
        // Given a store on file with its indexes
        let store = try Fixture.fileStore()
        // When SQLite plans a page of the list
        let plan = try store.read { db in
            let page = try PayDeskStore.page(OrderQuery(), limit: 200, db)
            return try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + page.sql, arguments: page.arguments).map { $0["detail"] as String }
        }
        // Then each row's refund-pending flag searches the refunds by its order. By their status it read every
        // pending refund for every row: 200 rows took 0.6 s with 20,000 refunds pending, against 1.4 ms.
        #expect(plan.contains { $0.contains("refunds USING INDEX refunds_by_order") }, "\(plan)")
        #expect(!plan.contains { $0.contains("refunds_by_status") }, "\(plan)")
    }

    @Test func everyPageOfOneFilterAndOrderIsTheSameStatement() throws {
        // Given pages of paid orders, largest first, after two different orders, and a first page
        let store = try Fixture.store()
        var query = OrderQuery(status: .paid)
        query.order = .largestFirst
        let (first, second) = (OrderCursor(createdAt: 1, currency: "CNY", total: 5_00, rowID: 3),
                               OrderCursor(createdAt: 2, currency: "EUR", total: 7_00, rowID: 9))
        let pages = try store.read { db in
            try [first, second].map { cursor in
                var page = query
                page.after = cursor
                return try PayDeskStore.page(page, limit: 50, db)
            }
        }
        // Then they differ in their values only, so the statement SQLite prepared for one serves the others
        #expect(pages[0].sql == pages[1].sql)
        #expect(pages[0].arguments == ["paid", "CNY", 5_00, 3, 50] && pages[1].arguments == ["paid", "EUR", 7_00, 9, 50])
    }

    @Test func theChangeTokenMovesWithEveryCommittedChangeAndOnlyThen() throws {
        // Given a store and a second, read-only connection to it, as another process would hold
        let store = try storeWithFiveOrders(onFile: true)
        let reader = try PayDeskStore(path: store.path, mode: .readOnly)
        let before = try reader.changeToken()
        #expect(try reader.changeToken() == before)
        // When the writer cancels an order, and when it tries to refund an unpaid one (refused, but audited)
        try store.requestCancel(orderId: "ORD-1", actor: Fixture.actor)
        let afterCancel = try reader.changeToken()
        _ = try? store.requestRefund(orderId: "ORD-2", reason: .other, actor: Fixture.actor)
        // Then the reader sees the token move each time
        #expect(afterCancel > before)
        #expect(try reader.changeToken() > afterCancel)
    }
}
