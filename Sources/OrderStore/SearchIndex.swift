import GRDB
import OrderModel

/// The orders list's search: each order's folded document (`SearchText.document`) in `order_search_text`, and
/// `order_search`, a contentless FTS5 table with the trigram tokenizer over the same documents, both keyed by the
/// order's row id. SQL cannot fold Unicode, so the document is written by ingest in the same savepoint as its
/// order; orders never change what they are found by, and are never deleted, so nothing else writes them.
///
/// A term of three characters or more is looked up by its most selective trigrams (`SearchPlan`) and each
/// candidate checked with `instr` against its document; a shorter one cannot use trigrams and is an `instr`
/// over the documents of the orders stored last. Either way the matches are taken most recently stored first
/// (descending rowid, which FTS5 walks without sorting) and at most `OrderQuery.searchLimit` of them, so a term
/// that matches 44,000 orders costs what one that matches 50 does; `searchReach` says when the limit was reached.
/// The documents live in a plain table rather than in FTS5's own content, because the check reads one for every
/// candidate, and a row of a plain table is read inside the query where FTS5 runs a statement of its own for each.
enum SearchIndex {
    /// Schema v11: an FTS5 table holding its own copy of the documents, and a document for every order already
    /// stored. v13 (`separateDocuments`) moves the documents out of it.
    static func create(_ db: Database) throws {
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
        while let row = try rows.next() {
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

    /// Schema v13: the documents in a plain table, and a contentless FTS5 index over them. The index is built
    /// anew from the documents: FTS5 cannot drop the content of a table it already holds.
    static func separateDocuments(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE order_search_text (id INTEGER PRIMARY KEY, document TEXT NOT NULL);
            INSERT INTO order_search_text (id, document) SELECT rowid, document FROM order_search;
            DROP TABLE order_search;
            CREATE VIRTUAL TABLE order_search USING fts5(document, content = '', tokenize = 'trigram case_sensitive 1', detail = none);
            INSERT INTO order_search (rowid, document) SELECT id, document FROM order_search_text;
            """)
    }

    static func add(rowID: Int64, document: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO order_search_text (id, document) VALUES (?, ?)").execute(arguments: [rowID, document])
        try db.cachedStatement(sql: "INSERT INTO order_search (rowid, document) VALUES (?, ?)").execute(arguments: [rowID, document])
    }

    /// The row ids of the orders that match the plan's term and `filters`, most recently stored first, at most `limit`.
    static func matches(_ plan: SearchPlan, filters: ListFilters, limit: Int) -> SQL {
        let matching: SQL = "instr(order_search_text.document, \(plan.term)) > 0"
        // Orders are read only when a filter asks for their columns.
        let (ordersJoin, filtered): (SQL, SQL) = filters.isEmpty
            ? ("", matching) : ("JOIN orders ON orders.id = order_search_text.id", "\(matching) AND \(filters.condition)")
        return switch plan.lookup {
        case .trigrams(let expression): """
            SELECT order_search_text.id FROM order_search JOIN order_search_text ON order_search_text.id = order_search.rowid \(ordersJoin)
            WHERE order_search MATCH \(expression) AND \(filtered)
            ORDER BY order_search.rowid DESC LIMIT \(limit)
            """
        case .recentOrders: """
            SELECT order_search_text.id FROM order_search_text \(ordersJoin)
            WHERE order_search_text.id > (SELECT max(id) FROM orders) - \(OrderQuery.shortTermWindow) AND \(filtered)
            ORDER BY order_search_text.id DESC LIMIT \(limit)
            """
        case .nothing: "SELECT NULL WHERE 0"
        }
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
        case trigrams(String)
        case recentOrders
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

    init(_ term: String, _ db: Database) throws {
        self.term = term
        let scalars = Array(term.unicodeScalars), length = SearchText.indexedLength
        guard scalars.count >= length else { lookup = .recentOrders; return }
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
        lookup = .trigrams(([rarest] + selective).map { Self.quoted($0.key) }.joined(separator: " AND "))
    }

    /// An FTS5 string: the trigram itself, whatever characters it holds.
    private static func quoted(_ trigram: String) -> String { "\"" + trigram.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

extension PayDeskStore {
    /// How much of the store the query's search looked through: everything, or a bounded part (see `SearchReach`).
    public func searchReach(_ query: OrderQuery) throws(StoreError) -> SearchReach {
        guard let term = query.searchTerm else { return .complete }
        let filters = ListFilters(query)
        return try read { db in
            let plan = try SearchPlan(term, db)
            if case .recentOrders = plan.lookup {
                let stored = try Int.fetchOne(db, sql: "SELECT max(id) FROM orders") ?? 0
                return stored > OrderQuery.shortTermWindow ? .shortTermAmongMostRecent(OrderQuery.shortTermWindow) : .complete
            }
            let found = try Int.fetchOne(db, SQLRequest<Int>(
                "SELECT count(*) FROM (\(SearchIndex.matches(plan, filters: filters, limit: OrderQuery.searchLimit + 1)))")) ?? 0
            return found > OrderQuery.searchLimit ? .mostRecentMatches(OrderQuery.searchLimit) : .complete
        }
    }
}
