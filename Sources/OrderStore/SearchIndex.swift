import GRDB
import OrderModel

/// The orders list's search: `order_search`, an FTS5 table with the trigram tokenizer over each order's folded
/// document (`SearchText.document`), its rowid the order's. SQL cannot fold Unicode, so the document is written
/// by ingest in the same savepoint as its order; orders never change what they are found by, and are never
/// deleted, so nothing else writes it.
///
/// A term of three characters or more is looked up by its two most selective trigrams (`SearchPlan`) and each
/// candidate checked with `instr` against its stored document; a shorter one cannot use trigrams and is an
/// `instr` over the documents of the orders stored last. Either way the matches are taken most recently
/// stored first (descending rowid, which FTS5 walks without sorting) and at most `OrderQuery.searchLimit` of
/// them, so a term that matches 44,000 orders costs what one that matches 50 does; `searchReach` says when
/// the limit was reached.
enum SearchIndex {
    /// Schema v11: the table, and a document for every order already stored.
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
            try add(rowID: row["id"], document: document, db)
        }
    }

    static func add(rowID: Int64, document: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO order_search (rowid, document) VALUES (?, ?)").execute(arguments: [rowID, document])
    }

    /// The row ids of the orders that match the plan's term and `filters`, most recently stored first, at most `limit`.
    static func matches(_ plan: SearchPlan, filters: ListFilters, limit: Int) -> SQL {
        let candidates: SQL = switch plan.lookup {
        case .trigrams(let expression): "order_search MATCH \(expression)"
        case .recentOrders: "order_search.rowid > (SELECT max(id) FROM orders) - \(OrderQuery.shortTermWindow)"
        case .nothing: "0"
        }
        return """
            SELECT orders.id FROM order_search JOIN orders ON orders.id = order_search.rowid
            WHERE \(candidates) AND instr(order_search.document, \(plan.term)) > 0 AND \(filters.condition)
            ORDER BY order_search.rowid DESC LIMIT \(limit)
            """
    }
}

/// How one search term is looked up. FTS5 intersects every trigram it is given, and a trigram such as "loa" (in
/// every order id) or "861" (every Chinese mobile number) has a million entries: "LOAD-00333333" took 55 ms
/// that way on a million orders. Two selective trigrams, apart from each other, find a small superset in about a
/// millisecond, and `instr` keeps only real matches. A trigram's entries are estimated from its oldest
/// `sampleSize` (FTS5 reads a doclist forwards cheaply, backwards only by loading it whole): all of them when it
/// has fewer, else from how far into the store the sample reaches.
struct SearchPlan {
    enum Lookup {
        case trigrams(String)
        case recentOrders
        /// A trigram of the term is in no document: nothing can match.
        case nothing
    }

    let term: String
    let lookup: Lookup
    static let sampleSize = 1_000

    init(_ term: String, _ db: Database) throws {
        self.term = term
        let scalars = Array(term.unicodeScalars), length = SearchText.indexedLength
        guard scalars.count >= length else { lookup = .recentOrders; return }
        let stored = try Int64.fetchOne(db, sql: "SELECT max(id) FROM orders") ?? 0
        var estimates: [(start: Int, trigram: String, entries: Int64)] = []
        for start in 0...(scalars.count - length) {
            let trigram = String(String.UnicodeScalarView(scalars[start..<start + length]))
            let sample = try Row.fetchOne(db, sql: """
                SELECT count(*) AS entries, max(rowid) AS reach
                FROM (SELECT rowid FROM order_search WHERE order_search MATCH ? ORDER BY rowid LIMIT \(Self.sampleSize))
                """, arguments: [Self.quoted(trigram)])
            let entries: Int64 = sample?["entries"] ?? 0
            guard entries > 0 else { lookup = .nothing; return }
            let reach: Int64 = sample?["reach"] ?? 0
            // A full sample reached `reach` rows into the store: the trigram's entries scale with the rest of it.
            // Integers, as everywhere near money; entries is at most 1,000, so the product stays far inside Int64.
            let estimate = entries < Self.sampleSize ? entries : entries * stored / max(1, reach)
            estimates.append((start, trigram, estimate))
        }
        // The rarest, then the rarest that does not overlap it (the farthest, among equals): together they say most.
        guard let first = estimates.min(by: { $0.entries < $1.entries }) else { lookup = .nothing; return }
        let others = estimates.filter { abs($0.start - first.start) >= length }
        let second = others.min { ($0.entries, -abs($0.start - first.start)) < ($1.entries, -abs($1.start - first.start)) }
        lookup = .trigrams(([first] + (second.map { [$0] } ?? [])).map { Self.quoted($0.trigram) }.joined(separator: " AND "))
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
