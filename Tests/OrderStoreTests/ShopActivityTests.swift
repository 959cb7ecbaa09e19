import GRDB
import OrderModel
import Testing
@testable import OrderStore
import TestSupport

/// The header's glance at the shop: the last hour's orders and charges, charges waiting, pending refunds, each
/// read from an index.
@Suite struct ShopActivityTests {
    /// 2026-11-21T09:30:00Z, the fixture store's clock.
    let now = Fixture.now()

    func shop() throws -> PayDeskStore {
        // Given orders 29 minutes and 50 seconds ago (paid a few seconds later, then partly refunded), 30 seconds ago
        // (failed 20 seconds later), 20 minutes ago (charging since now), and two hours ago (paid then, outside the hour)
        let store = try Fixture.store()
        try Fixture.ingest([
            Fixture.order("PAID", createdAt: "2026-11-21T09:00:10Z"), Fixture.order("FAILED", createdAt: "2026-11-21T09:29:30Z"),
            Fixture.order("CHARGING", createdAt: "2026-11-21T09:10:00Z"), Fixture.order("OLD", createdAt: "2026-11-21T07:30:00Z"),
            Fixture.event("PAID", "charge_submitted", at: "2026-11-21T09:00:11Z", ["processorReference": "ch_1"]),
            Fixture.event("PAID", "charge_succeeded", at: "2026-11-21T09:00:12Z"),
            Fixture.event("FAILED", "charge_submitted", at: "2026-11-21T09:29:31Z", ["processorReference": "ch_2"]),
            Fixture.event("FAILED", "charge_failed", at: "2026-11-21T09:29:50Z", ["reason": "declined"]),
            Fixture.event("OLD", "charge_submitted", at: "2026-11-21T07:30:01Z", ["processorReference": "ch_3"]),
            Fixture.event("OLD", "charge_succeeded", at: "2026-11-21T07:30:02Z"),
            Fixture.event("CHARGING", "charge_submitted", at: "2026-11-21T09:30:00Z", ["processorReference": "ch_4"]),
        ], into: store)
        _ = try store.requestRefund(orderId: "PAID", amount: Money(minorUnits: 1_00, currency: Currency(code: "CNY")!),
                                    reason: .duplicate, actor: Actor(login: "tester"))
        return store
    }

    @Test func theLastHourCountsOrdersAndHowTheirChargesEnded() throws {
        // When the glance is read 10 s after the charge started
        let activity = try shop().shopActivity(asOf: now.adding(milliseconds: 10_000))
        let hour = activity.lastHour(at: activity.asOf, buckets: 60)
        // Then the hour (08:31 to 09:30, the minute now) holds the three recent orders, one charge succeeded and one
        // failed, each in its minute
        #expect(hour.reduce(0) { $0 + $1.orders } == 3)
        #expect(hour.reduce(0) { $0 + $1.succeeded } == 1 && hour.reduce(0) { $0 + $1.failed } == 1)
        #expect(hour[58].failed == 1 && hour[29].succeeded == 1 && hour[39].orders == 1)
        // And in twelve buckets of five minutes the same orders are in the buckets of their minutes
        #expect(activity.lastHour(at: activity.asOf, buckets: 12).map(\.orders) == [0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 1])
        // And the charge in flight for 10 s is waiting, and the refund is pending
        #expect(activity.chargesWaiting(at: activity.asOf) == 1)
        #expect(activity.pendingRefunds == 1)
    }

    @Test func aChargeCountsInTheMinuteItEndedWhenTheOrderWasMade() throws {
        // Given an order made two days ago whose charge failed a minute ago
        let store = try Fixture.store()
        try Fixture.ingest([
            Fixture.order("LATE", createdAt: "2026-11-19T09:00:00Z"),
            Fixture.event("LATE", "charge_submitted", at: "2026-11-21T09:28:30Z", ["processorReference": "ch_9"]),
            Fixture.event("LATE", "charge_failed", at: "2026-11-21T09:29:00Z", ["reason": "declined"]),
        ], into: store)
        // When the glance is read now
        let activity = try store.shopActivity(asOf: now)
        let hour = activity.lastHour(at: activity.asOf, buckets: 60)
        // Then the last hour holds that failure, in its minute, though the order is older than the hour
        #expect(hour.reduce(0) { $0 + $1.failed } == 1 && hour[58].failed == 1)
        #expect(hour.reduce(0) { $0 + $1.orders } == 0)
    }

    @Test func aChargePassesFiveSecondsOnTheConsolesClockWithoutAnotherRead() throws {
        // When the glance is read 3 s after the charge started
        let activity = try shop().shopActivity(asOf: now.adding(milliseconds: 3_000))
        // Then the charge is not waiting yet, is at 5 s exactly, and is once more than 5 s have passed
        #expect(activity.chargesWaiting(at: activity.asOf) == 0)
        #expect(activity.chargesWaiting(at: now.adding(milliseconds: 5_000)) == 0)
        #expect(activity.chargesWaiting(at: now.adding(milliseconds: 5_001)) == 1)
        // And an hour later the orders have left the window
        #expect(activity.lastHour(at: now.adding(milliseconds: 3_600_000), buckets: 60).allSatisfy { $0.orders == 0 })
    }

    @Test(arguments: [PayDeskStore.ShopActivitySQL.ordersPerMinute, PayDeskStore.ShopActivitySQL.chargesPerMinute,
                      PayDeskStore.ShopActivitySQL.chargesInFlight, PayDeskStore.ShopActivitySQL.chargesWaiting,
                      PayDeskStore.ShopActivitySQL.pendingRefunds])
    func everyQuerySearchesAnIndexAndScansNoTable(sql: String) throws {
        // Given a store on file with its indexes
        let store = try Fixture.fileStore()
        // When SQLite plans the query
        let plan = try store.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: StatementArguments(Array(repeating: 0, count: sql.count { $0 == "?" })))
                .map { $0["detail"] as String }
        }
        // Then it searches an index and scans nothing
        #expect(plan.contains { $0.hasPrefix("SEARCH") && $0.contains("INDEX") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(plan)")
    }
}
