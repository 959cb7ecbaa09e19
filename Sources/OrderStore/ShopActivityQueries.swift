import GRDB
import OrderModel

extension PayDeskStore {
    /// Each answered from an index alone (no row is read but the charges in flight), so that the header costs
    /// the same on a store of a million orders as on one of a hundred: what it reads grows with the last hour's
    /// orders and the charges in flight, not with the store. `ShopActivityTests` holds each to its plan.
    enum ShopActivitySQL {
        /// orders_newest (created_at DESC, id DESC), a range.
        static let ordersPerMinute = """
            SELECT created_at / 60000 AS minute, count(*) AS orders FROM orders WHERE created_at >= ? GROUP BY minute
            """
        /// payment_events_charge_outcomes (at, of the charges' outcomes only), a range: a charge counts in the minute
        /// it ended, whenever its order was made.
        static let chargesPerMinute = """
            SELECT at / 60000 AS minute, event = 'charge_failed' AS failed, count(*) AS charges FROM payment_events
            WHERE event IN ('charge_succeeded', 'charge_failed') AND at >= ?
            GROUP BY minute, failed
            """
        /// orders_by_status, the charging range; each row read for its updated_at.
        static let chargesInFlight = "SELECT updated_at FROM orders WHERE status = 'charging' AND updated_at >= ?"
        static let chargesWaiting = "SELECT count(*) FROM orders WHERE status = 'charging' AND updated_at < ?"
        /// refunds_by_status (status, requested_at).
        static let pendingRefunds = "SELECT count(*) FROM refunds WHERE status = 'pending'"
    }

    /// The shop at a glance at `asOf`: the last 61 minutes of orders and charges, charges in flight, pending refunds.
    public func shopActivity(asOf: Timestamp) throws(StoreError) -> ShopActivity {
        let since = (asOf.millisecondsSinceEpoch / 60_000 - 60) * 60_000
        let waitingBefore = asOf.millisecondsSinceEpoch - ShopActivity.chargeWaitMilliseconds
        return try read { db in
            var minutes: [Int64: ShopActivity.Minute] = [:]
            for row in try Row.fetchAll(db, sql: ShopActivitySQL.ordersPerMinute, arguments: [since]) {
                let minute: Int64 = row["minute"]
                minutes[minute] = ShopActivity.Minute(minute: minute, orders: row["orders"])
            }
            for row in try Row.fetchAll(db, sql: ShopActivitySQL.chargesPerMinute, arguments: [since]) {
                let minute: Int64 = row["minute"], charges: Int = row["charges"]
                var entry = minutes[minute] ?? ShopActivity.Minute(minute: minute, orders: 0)
                if row["failed"] as Bool { entry.failed += charges } else { entry.succeeded += charges }
                minutes[minute] = entry
            }
            return ShopActivity(
                asOf: asOf, minutes: minutes.values.sorted { $0.minute < $1.minute },
                chargesWaiting: try Int.fetchOne(db, sql: ShopActivitySQL.chargesWaiting, arguments: [waitingBefore]) ?? 0,
                recentCharges: try Int64.fetchAll(db, sql: ShopActivitySQL.chargesInFlight, arguments: [waitingBefore])
                    .map(Timestamp.init(millisecondsSinceEpoch:)),
                pendingRefunds: try Int.fetchOne(db, sql: ShopActivitySQL.pendingRefunds) ?? 0)
        }
    }
}
