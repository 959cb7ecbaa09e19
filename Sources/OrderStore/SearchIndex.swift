import GRDB
import OrderModel

/// The orders list's search: each order's folded document (`SearchText.document`) in `order_search_text`, and
/// `order_search`, a contentless FTS5 table with the trigram tokenizer over the same documents, both keyed by the
/// order's row id. SQL cannot fold Unicode, so the document is written by ingest in the same savepoint as its
/// order, and indexed before its transaction commits (`index`); orders never change what they are found by, and
/// are never deleted, so nothing else writes them.
///
/// A term is found one of two ways, so that matches always come in the list's order (newest first, or the
/// chosen sort) and a page costs milliseconds on millions of orders (`SearchPlan`):
/// - When its rarest trigrams narrow it to a few thousand candidates, each is checked with `instr` against its
///   document: every match is found, and the list sorts them.
/// - When its trigrams are in too many orders for that (a common name, "LOAD-"), or it is too short for
///   trigrams, matches are dense: the list is read in its own order, each order's document checked, until the
///   page is full or a window of orders is read (`OrderQuery.searchWindow`); `searchReach` says when the window
///   ran out first.
/// The documents live in a plain table rather than in FTS5's own content, because the check reads one for every
/// candidate, and a row of a plain table is read inside the query where FTS5 runs a statement of its own for each.
enum SearchIndex {
    /// Schema v11: an FTS5 table holding its own copy of the documents, and a document for every order already
    /// stored. v13 (`separateDocuments`) moves the documents out of it.
    static func create(_ db: Database, _ progress: MigrationProgress) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE order_search USING fts5(document, tokenize = 'trigram case_sensitive 1', detail = none)
            """)
        // Plain SQL, not the records: a migration reads the schema as it stood. The fields the document is made
        // of, read from the columns and the details document.
        let contact = { (name: String) in
            ["givenName", "familyName", "phoneNumber", "emailAddress", "postalAddress.city"]
                .map { "json_extract(details, '$.\(name).\($0)')" }.joined(separator: ", ")
        }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, order_id, card_last4, shipping_label, \(contact("shippingContact")), \(contact("billingContact")) FROM orders
            """)
        var walked = 0
        while let row = try rows.next() {
            walked += 1
            defer { progress.walked(walked) }
            let contacts = [4, 9].compactMap { (first: Int) -> Contact? in
                let values: [String?] = (first..<first + 5).map { row[$0] }
                guard values.contains(where: { $0 != nil }) else { return nil }
                return Contact(givenName: values[0], familyName: values[1], phoneNumber: values[2], emailAddress: values[3],
                               postalAddress: values[4].map { PostalAddress(city: $0) })
            }
            let document = SearchText.document(orderId: row["order_id"], contacts: contacts, cardLast4: row["card_last4"],
                                               shippingLabel: row["shipping_label"])
            try db.execute(sql: "INSERT INTO order_search (rowid, document) VALUES (?, ?)", arguments: [row["id"], document])
        }
    }

    /// Schema v13: the documents in a plain table beside the list's sort keys, and a contentless FTS5 index
    /// over them. The index is built anew from the documents (FTS5 cannot drop the content of a table it holds),
    /// ten thousand orders at a time so that the upgrade can say how far it has got.
    static func separateDocuments(_ db: Database, _ progress: MigrationProgress) throws {
        try db.execute(sql: """
            CREATE TABLE order_search_text (
                id INTEGER PRIMARY KEY, created_at INTEGER NOT NULL, currency TEXT NOT NULL, total INTEGER NOT NULL, document TEXT NOT NULL);
            CREATE VIRTUAL TABLE order_search_index USING fts5(document, content = '', tokenize = 'trigram case_sensitive 1', detail = none);
            """)
        let last = try Int64.fetchOne(db, sql: "SELECT max(id) FROM orders") ?? 0
        var walked = 0
        for first in stride(from: Int64(0), through: last, by: 10_000) {
            let range: StatementArguments = [first, first + 10_000]
            try db.execute(sql: """
                INSERT INTO order_search_text (id, created_at, currency, total, document)
                    SELECT orders.id, orders.created_at, orders.currency, orders.total, order_search.document
                    FROM order_search JOIN orders ON orders.id = order_search.rowid WHERE order_search.rowid > ? AND order_search.rowid <= ?
                """, arguments: range)
            try db.execute(sql: "INSERT INTO order_search_index (rowid, document) SELECT id, document FROM order_search_text WHERE id > ? AND id <= ?",
                           arguments: range)
            walked += db.changesCount
            progress.walked(walked)
        }
        try db.execute(sql: "DROP TABLE order_search; ALTER TABLE order_search_index RENAME TO order_search")
    }

    /// Stores orders' documents, inside their lines' transaction (a refused line takes its document with it). They
    /// are not indexed yet: FTS5 writes what it holds to disk at every savepoint, and inside a transaction every
    /// statement is one, so a document indexed per order became an FTS5 segment of its own, and merging them
    /// was half of ingest. `index` adds the transaction's documents in one statement before it commits.
    static func add(_ documents: [(rowID: Int64, order: OrderRecord, document: String)], _ db: Database) throws {
        _ = try bulkInsert.run(documents.map { [$0.rowID, $0.order.createdAt, $0.order.currency, $0.order.total, $0.document] }, db)
    }

    private static let bulkInsert = BulkInsert("INSERT INTO order_search_text (id, created_at, currency, total, document)",
                                               row: "(?, ?, ?, ?, ?)")

    /// The newest document already indexed: a transaction's own documents come after it (orders' row ids only
    /// grow, as orders are never deleted).
    static func lastIndexed(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM order_search_text")) ?? 0
    }

    /// Indexes the documents stored after `last`, in one statement.
    static func index(after last: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO order_search (rowid, document) SELECT id, document FROM order_search_text WHERE id > ?")
            .execute(arguments: [last])
    }

    /// The condition on `orders` that keeps the orders whose document holds `term`.
    static func holds(_ term: String) -> SQL {
        "EXISTS (SELECT 1 FROM order_search_text WHERE order_search_text.id = orders.id AND instr(order_search_text.document, \(term)) > 0)"
    }

    /// The row ids of the query's page among the index's candidates: those that hold the term and pass the
    /// filters, sorted and after the cursor as the list is. The sort keys beside each document spare reading
    /// an order (a page or more of the file each) for every match; orders are read only for their filters.
    static func page(_ expression: String, term: String, _ query: OrderQuery) -> SQL {
        let filters = ListFilters(query), order = query.order
        let keys = order.columns.map { "order_search_text.\($0)" }.joined(separator: ", ")
        var conditions: [SQL] = ["order_search MATCH \(expression)", "instr(order_search_text.document, \(term)) > 0"]
        if !filters.isEmpty { conditions.append(filters.condition) }
        if let after = query.after {
            let placeholders = order.columns.map { _ in "?" }.joined(separator: ", ")
            conditions.append(SQL(sql: "(\(keys)) \(order.isDescending ? "<" : ">") (\(placeholders))", arguments: order.values(of: after)))
        }
        return """
            SELECT order_search_text.id FROM order_search JOIN order_search_text ON order_search_text.id = order_search.rowid
            \(sql: filters.isEmpty ? "" : "JOIN orders ON orders.id = order_search_text.id")
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(sql: order.columns.map { "order_search_text.\($0) \(order.isDescending ? "DESC" : "ASC")" }.joined(separator: ", "))
            LIMIT \(max(0, query.limit))
            """
    }

    /// The row ids of the first `limit` orders of `list` (the list's request, its filters and cursor applied)
    /// that hold the term, reading at most `window` orders in the list's order; and whether the window ran out
    /// before the page was full while the list went on.
    static func walk(_ list: QueryInterfaceRequest<OrderRecord>, term: String, window: Int, limit: Int,
                     _ db: Database) throws -> (ids: [Int64], windowRanOut: Bool) {
        let rows = try Row.fetchCursor(db, list.select(Column("id"), SQL("\(holds(term)) AS hit")).limit(window + 1))
        var ids: [Int64] = [], read = 0
        while ids.count < limit, let row = try rows.next() {
            read += 1
            guard read <= window else { return (ids, true) }
            if row["hit"] as Bool { ids.append(row["id"]) }
        }
        return (ids, false)
    }
}

/// How one search term is looked up. FTS5 intersects every trigram it is given, and a trigram such as "loa" (in
/// every order id) or "861" (every Chinese mobile number) has a million entries: "LOAD-00333333" took 55 ms
/// that way on a million orders. The rarest trigrams find a small superset in about a millisecond, and `instr`
/// keeps only real matches; each trigram beyond the rarest that is in few orders still halves the candidates,
/// which cost a document read each. A trigram's entries are estimated from its oldest `sampleSize` (FTS5 reads
/// a doclist forwards cheaply, backwards only by loading it whole): all of them when it has fewer, else from
/// how far into the store the sample reaches.
struct SearchPlan {
    enum Lookup {
        /// The index narrows the term to at most `candidateLimit` orders, these trigrams together.
        case candidates(String)
        /// The term is in too many orders for the index to narrow, or too short for it: the list is read.
        case listOrder(window: Int)
        /// A trigram of the term is in no document: nothing can match.
        case nothing
    }

    let term: String
    let lookup: Lookup
    static let sampleSize: Int64 = 1_000
    /// At most this many trigrams are intersected: the rarest, and others found in few orders.
    static let mostTrigrams = 4
    /// A trigram beyond the rarest is used when it is in at most one order in this many.
    static let fewOrders: Int64 = 20
    /// The most candidates checked one by one; each costs a document read, and all of them a page.
    static let candidateLimit = 5_000

    init(_ term: String, _ db: Database, candidateLimit: Int = Self.candidateLimit) throws {
        self.term = term
        let scalars = Array(term.unicodeScalars), length = SearchText.indexedLength
        guard scalars.count >= length else { lookup = .listOrder(window: OrderQuery.shortTermWindow); return }
        let stored = try Int64.fetchOne(db, sql: "SELECT max(id) FROM orders") ?? 0
        var estimates: [String: Int64] = [:]
        for start in 0...(scalars.count - length) {
            let trigram = String(String.UnicodeScalarView(scalars[start..<start + length]))
            guard estimates[trigram] == nil else { continue }
            let sample = try Row.fetchOne(db, sql: """
                SELECT count(*) AS entries, max(rowid) AS reach
                FROM (SELECT rowid FROM order_search WHERE order_search MATCH ? ORDER BY rowid LIMIT \(Self.sampleSize))
                """, arguments: [Self.quoted(trigram)])
            let entries: Int64 = sample?["entries"] ?? 0
            guard entries > 0 else { lookup = .nothing; return }
            let reach: Int64 = sample?["reach"] ?? 0
            // A full sample reached `reach` rows into the store: the trigram's entries scale with the rest of it.
            // Integers, as everywhere near money; entries is at most 1,000, so the product stays far inside Int64.
            estimates[trigram] = entries < Self.sampleSize ? entries : entries * stored / max(1, reach)
        }
        // Rarest first; among equals, in a fixed order, so that a term is always looked up the same way.
        let ranked = estimates.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        guard let rarest = ranked.first else { lookup = .nothing; return }
        let selective = ranked.dropFirst().filter { $0.value <= stored / Self.fewOrders }.prefix(Self.mostTrigrams - 1)
        let expression = ([rarest] + selective).map { Self.quoted($0.key) }.joined(separator: " AND ")
        let candidates = try Int.fetchOne(db, sql: """
            SELECT count(*) FROM (SELECT rowid FROM order_search WHERE order_search MATCH ? LIMIT \(candidateLimit + 1))
            """, arguments: [expression]) ?? 0
        lookup = candidates <= candidateLimit ? .candidates(expression) : .listOrder(window: OrderQuery.searchWindow)
    }

    /// An FTS5 string: the trigram itself, whatever characters it holds.
    private static func quoted(_ trigram: String) -> String { "\"" + trigram.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

extension PayDeskStore {
    /// How much of the list the query's page looked through: all of it, or a window that ran out first (see
    /// `SearchReach`). A page that follows a cursor is asked about from that cursor on.
    public func searchReach(_ query: OrderQuery) throws(StoreError) -> SearchReach {
        guard let term = query.searchTerm else { return .complete }
        return try read { db in
            let plan = try SearchPlan(term, db)
            guard case .listOrder(let window) = plan.lookup else { return .complete }
            let ranOut = try SearchIndex.walk(Self.list(query), term: term, window: window, limit: max(1, query.limit), db).windowRanOut
            return ranOut ? .readOrdersOfTheList(window) : .complete
        }
    }
}
