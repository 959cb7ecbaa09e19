import Foundation
import GRDB
import OrderModel

/// How the store sorts and pages by each order of the list.
extension OrderQuery.ListOrder {
    var isByAmount: Bool { self == .largestFirst || self == .smallestFirst }
    var isDescending: Bool { self == .newestFirst || self == .largestFirst }

    /// The sort columns, most significant first; the row id makes every position unique, for keyset paging.
    /// Each has an index of its own and one after `status` (Schema).
    var columns: [String] { isByAmount ? ["currency", "total", "id"] : ["created_at", "id"] }

    func values(of cursor: OrderCursor) -> StatementArguments {
        isByAmount ? [cursor.currency, cursor.total, cursor.rowID] : [cursor.createdAt, cursor.rowID]
    }

    /// What a row after a cursor (`values(of:)`) satisfies, its columns read from `table`: a row value, so that
    /// SQLite seeks to the cursor instead of scanning down to it.
    func afterCursor(in table: String) -> String {
        let placeholders = columns.map { _ in "?" }.joined(separator: ", ")
        return "(\(columns.map { "\(table).\($0)" }.joined(separator: ", "))) \(isDescending ? "<" : ">") (\(placeholders))"
    }

    /// The sort, its columns read from `table`.
    func sort(in table: String) -> String {
        columns.map { "\(table).\($0) \(isDescending ? "DESC" : "ASC")" }.joined(separator: ", ")
    }
}

extension PayDeskStore {
    public func orders(_ query: OrderQuery) throws(StoreError) -> [OrderSummary] {
        let rows = try read { db -> [Row] in
            let limit = max(0, query.limit)
            guard let term = query.searchTerm else {
                let page = try Self.page(query, limit: limit, db)
                return try Row.fetchAll(db.cachedStatement(sql: page.sql), arguments: page.arguments)
            }
            let list = Self.list(query)
            // The page's rows are found by their sort keys alone, then the list's columns read for them only:
            // SQLite computes every column of every row before it sorts, and a list row reads refunds and the
            // token's JSON, which for thousands of matches cost more than the search itself.
            let inPage: SQLExpression
            switch try SearchPlan(term, db).lookup {
            case .candidates(let candidates):
                inPage = SQL("orders.id IN (\(SearchIndex.page(among: candidates, term: term, query)))").sqlExpression
            case .listOrderAmong(let candidates, let window):
                inPage = try SearchIndex.walk(list, term: term, among: candidates, window: window, limit: limit, db).ids.contains(Column("id"))
            case .listOrder(let window):
                inPage = try SearchIndex.walk(list, term: term, among: nil, window: window, limit: limit, db).ids.contains(Column("id"))
            case .nothing:
                return []
            }
            return try Row.fetchAll(db, OrderRecord.select(sql: OrderSummary.selection).filter(inPage).order(Self.ordering(query.order)))
        }
        var summaries: [OrderSummary] = []
        summaries.reserveCapacity(rows.count)
        for row in rows { summaries.append(try OrderSummary(listRow: row)) }
        return summaries
    }

    /// A page of the list without a search. Its SQL is the same for every page of one filter and order, the
    /// values bound, so its statement is prepared once on a connection (`cachedStatement`): GRDB's query
    /// interface wrote and prepared it afresh for every page, which took half of what a page cost.
    static func page(_ query: OrderQuery, limit: Int, _ db: Database) throws -> (sql: String, arguments: StatementArguments) {
        let order = query.order
        var (condition, arguments) = try ListFilters(query).condition.build(db)
        if let after = query.after {
            condition += " AND " + order.afterCursor(in: "orders")
            arguments += order.values(of: after)
        }
        let sql = "SELECT \(OrderSummary.selection) FROM orders WHERE \(condition) ORDER BY \(order.sort(in: "orders")) LIMIT ?"
        return (sql, arguments + [limit])
    }

    /// The list's orders in its order, its filters and cursor applied: every column, no limit.
    static func list(_ query: OrderQuery) -> QueryInterfaceRequest<OrderRecord> {
        var request = OrderRecord.filter(literal: ListFilters(query).condition)
        let order = query.order
        if let after = query.after { request = request.filter(sql: order.afterCursor(in: "orders"), arguments: order.values(of: after)) }
        return request.order(ordering(order))
    }

    static func ordering(_ order: OrderQuery.ListOrder) -> [SQLOrdering] {
        order.columns.map { order.isDescending ? Column($0).desc : Column($0).asc }
    }

    /// A number that changes whenever anything in the store changes: every change appends to the audit log,
    /// and `audit_head` holds its last id. One row, so polling it every second costs nothing.
    public func changeToken() throws(StoreError) -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT last_id FROM audit_head") ?? 0 }
    }

    /// Counts and amounts per status and currency, read from totals the schema keeps current.
    public func statusTotals() throws(StoreError) -> [StatusTotal] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT status, currency, orders, amount, refunded FROM status_totals WHERE orders > 0 ORDER BY status, currency")
        }
        return try rows.map { (row: Row) throws(StoreError) in
            let statusText = try row.checked("status", in: "status_totals", as: String.self)
            let code = try row.checked("currency", in: "status_totals", as: String.self)
            guard let status = PaymentStatus(rawValue: statusText), let currency = Currency(code: code) else {
                throw .database("status_totals: unknown status \(quoted(statusText)) or currency \(quoted(code))")
            }
            // NULL, or anything but an integer, is a sum that no longer fits: shown as such, never trusted.
            func sum(_ column: String) -> MoneyTotal {
                if case .int64(let minorUnits) = (row[column] as DatabaseValue).storage {
                    .exact(Money(minorUnits: minorUnits, currency: currency))
                } else {
                    .overflow(currency)
                }
            }
            return StatusTotal(status: status, orders: try row.checked("orders", in: "status_totals", as: Int.self), amount: sum("amount"),
                               refunded: sum("refunded"))
        }
    }

    public func order(_ orderId: String) throws(StoreError) -> OrderDetail {
        let loaded = try read { db -> (Row, OrderRecord, [PaymentEventRecord], [RefundRecord], [AuditEntry])? in
            guard let row = try Row.fetchOne(db, OrderRecord.filter(OrderRecord.Columns.orderId == orderId)) else { return nil }
            let record = try OrderRecord(row: row)
            guard let rowID = record.id else { return nil }
            let events = try PaymentEventRecord.filter(PaymentEventRecord.Columns.orderRef == rowID)
                .order(PaymentEventRecord.Columns.at, Column.rowID).fetchAll(db)
            let refunds = try RefundRecord.filter(RefundRecord.Columns.orderRef == rowID)
                .order(RefundRecord.Columns.requestedAt).fetchAll(db)
            let audit = try AuditRecord.filter(AuditRecord.Columns.orderId == orderId)
                .order(AuditRecord.Columns.id.desc).fetchAll(db).map(\.entry)
            return (row, record, events, refunds, audit)
        }
        guard let (row, record, events, refunds, audit) = loaded else { throw .unknownOrder(orderId) }
        let currency = try record.currencyValue()
        let details: OrderDetails
        do { details = try OrderDetails.decode(record.details ?? "") } catch { throw .database("order \(orderId): unreadable details") }
        var summary = try OrderSummary(row)
        summary.refundPending = refunds.contains { $0.status == .pending }
        let verification = try record.tokenVerification.map { (json: String) throws(StoreError) in
            do { return try JSONDecoder().decode(TokenVerification.self, from: Data(json.utf8)) } catch {
                throw .database("order \(orderId): unreadable token verification")
            }
        }
        return OrderDetail(
            summary: summary, details: details, processorReference: record.processorReference, tokenVerification: verification,
            events: events.map { event in
                PaymentEventView(event: event.event, at: Timestamp(millisecondsSinceEpoch: event.at),
                                 processorReference: event.processorReference, reason: event.reason,
                                 refundId: event.refundId, amount: event.amount.map { Money(minorUnits: $0, currency: currency) })
            },
            refunds: refunds.map { RefundView($0, orderId: orderId, currency: currency) },
            audit: audit,
            payment: record.paymentState(refundsInFlight: record.refundsInFlight))
    }

    /// Refunds, those still pending first, then the newest; at most `limit`, or all of them when it is nil.
    public func refunds(status: RefundStatus? = nil, limit: Int? = 500) throws(StoreError) -> [RefundView] {
        var arguments: StatementArguments = []
        var condition = ""
        if let status { condition = "WHERE refunds.status = ?"; arguments += [status.rawValue] }
        // SQLite reads a negative limit as none.
        arguments += [limit ?? -1]
        return try refundViews(condition + " ORDER BY refunds.status <> 'pending', refunds.requested_at DESC, refunds.id DESC LIMIT ?",
                               arguments)
    }

    public func refund(_ refundId: String) throws(StoreError) -> RefundView {
        guard let refund = try refundViews("WHERE refunds.refund_id = ?", [refundId]).first else { throw .unknownRefund(refundId) }
        return refund
    }

    private func refundViews(_ clauses: String, _ arguments: StatementArguments) throws(StoreError) -> [RefundView] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT refunds.*, orders.order_id AS owning_order_id, orders.currency AS owning_currency
                FROM refunds JOIN orders ON orders.id = refunds.order_ref \(clauses)
                """, arguments: arguments)
        }
        var views: [RefundView] = []
        for row in rows {
            let record: RefundRecord
            do { record = try RefundRecord(row: row) } catch {
                throw .database("refund \(row.shown("refund_id")) (row \(row.shown("id"))) is unreadable")
            }
            let place = { "refund \(quoted(record.refundId))" }
            guard let currency = Currency(code: try row.checked("owning_currency", in: place(), as: String.self)) else {
                throw .database("\(place()): unknown currency \(row.shown("owning_currency"))")
            }
            views.append(RefundView(record, orderId: try row.checked("owning_order_id", in: place()), currency: currency))
        }
        return views
    }
}

extension PayDeskStore {
    /// The currency of a row that has an `order_id` and a `currency`, or an error naming the order: a row this
    /// PayDesk cannot read (a currency only a newer version knows, say) is never skipped in silence.
    static func currency(of row: Row) throws(StoreError) -> Currency {
        guard let currency = Currency(code: try row.checked("currency", in: row.orderName, as: String.self)) else {
            throw .database("\(row.orderName): unknown currency \(row.shown("currency"))")
        }
        return currency
    }
}

extension OrderDetails {
    static func decode(_ json: String) throws -> OrderDetails {
        try JSONDecoder().decode(OrderDetails.self, from: Data(json.utf8))
    }
}
