import GRDB
import OrderModel

/// The orders list's search: `order_search`, an FTS5 table with the trigram tokenizer over each order's folded
/// document (`SearchText.document`), its rowid the order's. SQL cannot fold Unicode, so the document is written
/// by ingest in the same savepoint as its order; orders never change what they are found by, and are never
/// deleted, so nothing else writes it.
///
/// A term of three characters or more is a GLOB that FTS5 answers from the index and checks against the stored
/// document; a shorter one cannot use trigrams and is an `instr` over the documents of the orders stored last.
/// Either way the matches are taken most recently stored first (descending rowid, which FTS5 walks without
/// sorting) and at most `OrderQuery.searchLimit` of them, so a term that matches 44,000 orders costs what one
/// that matches 50 does; `searchReach` says when the limit was reached.
enum SearchIndex {
    /// Schema v11: the table, and a document for every order already stored.
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
            try add(rowID: row["id"], document: document, db)
        }
    }

    static func add(rowID: Int64, document: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO order_search (rowid, document) VALUES (?, ?)").execute(arguments: [rowID, document])
    }

    /// The row ids of the orders that match `term` and `filters`, most recently stored first, at most `limit`.
    static func matches(_ term: String, filters: ListFilters, limit: Int) -> SQL {
        let candidates: SQL = term.count >= SearchText.indexedLength
            ? "order_search.document GLOB \("*" + globEscaped(term) + "*")"
            : """
              order_search.rowid > (SELECT max(id) FROM orders) - \(OrderQuery.shortTermWindow)
              AND instr(order_search.document, \(term)) > 0
              """
        return """
            SELECT orders.id FROM order_search JOIN orders ON orders.id = order_search.rowid
            WHERE \(candidates) AND \(filters.condition)
            ORDER BY order_search.rowid DESC LIMIT \(limit)
            """
    }

    /// `*`, `?` and `[` stand for themselves, not for patterns.
    private static func globEscaped(_ term: String) -> String {
        var escaped = ""
        for character in term {
            switch character {
            case "*", "?", "[": escaped += "[\(character)]"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension PayDeskStore {
    /// How much of the store the query's search looked through: everything, or a bounded part (see `SearchReach`).
    public func searchReach(_ query: OrderQuery) throws(StoreError) -> SearchReach {
        guard let term = query.searchTerm else { return .complete }
        let filters = ListFilters(query)
        return try read { db in
            if term.count < SearchText.indexedLength {
                let stored = try Int.fetchOne(db, sql: "SELECT max(id) FROM orders") ?? 0
                return stored > OrderQuery.shortTermWindow ? .shortTermAmongMostRecent(OrderQuery.shortTermWindow) : .complete
            }
            let found = try Int.fetchOne(db, SQLRequest<Int>(
                "SELECT count(*) FROM (\(SearchIndex.matches(term, filters: filters, limit: OrderQuery.searchLimit + 1)))")) ?? 0
            return found > OrderQuery.searchLimit ? .mostRecentMatches(OrderQuery.searchLimit) : .complete
        }
    }
}
