import Foundation
import Testing
import OrderModel
@testable import OrderStore

/// What the console's live list relies on: paging both ways, the refund-pending flag, and cheap change detection.
@Suite struct ListQueryTests {
    let cny = Currency(code: "CNY")!

    func storeWithFiveOrders() throws -> PayDeskStore {
        let store = try Fixture.store()
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

    @Test func theChangeTokenMovesWithEveryCommittedChangeAndOnlyThen() throws {
        // Given a store and a second, read-only connection to it, as another process would hold
        let store = try storeWithFiveOrders()
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
