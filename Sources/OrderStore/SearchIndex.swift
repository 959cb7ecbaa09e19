import GRDB
import GRDBSQLite
import OrderModel

/// The orders list's search: each order's folded document (`SearchText.document`) in `order_search_text`, and
/// `order_search`, a contentless FTS5 table with the trigram tokenizer over the same documents, both keyed by the
/// order's row id. SQL cannot fold Unicode, so the document is written by ingest in the same savepoint as its
/// order, and indexed before its transaction commits (`index`); orders never change what they are found by, and
/// are never deleted, so nothing else writes them.
///
/// A term is found one of three ways, so that matches always come in the list's order (newest first, or the
/// chosen sort) and a page costs milliseconds on millions of orders (`SearchPlan`):
/// - When its rarest trigrams narrow it to a few thousand candidates, each is checked with `instr` against its
///   document: every match is found, and the list sorts them.
/// - When they narrow it to more than that, but still to few orders in many, the list is read in its own order
///   and only the orders among the candidates have their document checked, until the page is full: the
///   candidates are gathered once, and an order outside them costs a look-up in memory instead of a read of
///   its document.
/// - When its trigrams are in too many orders for either (a common name, "LOAD-"), or it is a single
///   character, matches are dense: the list is read in its own order, each order's document checked.
/// Reading the list stops when the page is full or a window of orders is read (`OrderQuery.searchWindow`);
/// `searchReach` says when the window ran out first.
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
            var contacts: [Contact] = []
            for first in [4, 9] {
                let values = try (first..<first + 5).map { (index: Int) throws(StoreError) in try row.checked(atIndex: index, in: row.orderName, as: String?.self) }
                guard values.contains(where: { $0 != nil }) else { continue }
                contacts.append(Contact(givenName: values[0], familyName: values[1], phoneNumber: values[2], emailAddress: values[3],
                                        postalAddress: values[4].map { PostalAddress(city: $0) }))
            }
            let document = SearchText.document(orderId: try row.checked("order_id", in: row.orderName), contacts: contacts,
                                               cardLast4: try row.checked("card_last4", in: row.orderName), shippingLabel: try row.checked("shipping_label", in: row.orderName))
            try db.execute(sql: "INSERT INTO order_search (rowid, document) VALUES (?, ?)", arguments: [try row.checked("id", in: row.orderName, as: Int64.self), document])
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

    /// Schema v17: what a term of two characters is found by (`SearchPlan.pairLookup`). It has no trigram of its
    /// own, but wherever it stands in a document, either a character follows it, making a trigram that starts
    /// with it, or it ends the document: the index's vocabulary lists the first, and an index of the documents'
    /// last two characters finds the second. The vocabulary is read from FTS5's own tables; ingest writes only
    /// the new index, two characters and a row id per order.
    static func indexPairs(_ db: Database) throws {
        try db.execute(sql: """
            CREATE VIRTUAL TABLE order_search_vocabulary USING fts5vocab(order_search, row);
            CREATE INDEX order_search_text_by_ending ON order_search_text(substr(document, -2));
            """)
    }

    /// Stores orders' documents, inside their lines' transaction (a refused line takes its document with it). They
    /// are not indexed yet: FTS5 writes what it holds to disk at every savepoint, and inside a transaction every
    /// statement is one, so a document indexed per order became an FTS5 segment of its own, and merging them
    /// was half of ingest. `index` adds the transaction's documents in one statement before it commits.
    static func add(_ documents: [Document], _ db: Database) throws {
        try bulkInsert.run(documents.count, db) { index, values in
            values.add(documents[index].rowID)
            values.add(documents[index].createdAt)
            values.add(documents[index].currency)
            values.add(documents[index].total)
            values.add(documents[index].text)
        }
    }

    /// An order's row of `order_search_text`: its document, and what a search sorts and totals its hits by.
    struct Document {
        let rowID: Int64
        let createdAt: Int64
        let currency: String
        let total: Int64
        let text: String
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
    static func page(among candidates: [Int64], term: String, _ query: OrderQuery) -> SQL {
        let filters = ListFilters(query), order = query.order
        var conditions: [SQL] = ["order_search_text.id IN (SELECT value FROM json_each(\(jsonArray(candidates))))",
                                 "instr(order_search_text.document, \(term)) > 0"]
        if !filters.isEmpty { conditions.append(filters.condition) }
        if let after = query.after {
            conditions.append(SQL(sql: order.afterCursor(in: "order_search_text"), arguments: order.values(of: after)))
        }
        // CROSS JOIN keeps the candidates first: left to itself, SQLite reads every order of a status.
        return """
            SELECT order_search_text.id FROM order_search_text
            \(sql: filters.isEmpty ? "" : "CROSS JOIN orders ON orders.id = order_search_text.id")
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY \(sql: order.sort(in: "order_search_text"))
            LIMIT \(max(0, query.limit))
            """
    }

    /// The row ids of the first `limit` orders of `list` (the list's request, its filters and cursor applied)
    /// that hold the term, reading at most `window` orders in the list's order; and whether the window ran out
    /// before the page was full while the list went on. With `candidates`, a superset of the orders that hold
    /// it, only their documents are read, a few at a time; without, every order's.
    static func walk(_ list: QueryInterfaceRequest<OrderRecord>, term: String, among candidates: Set<Int64>?, window: Int, limit: Int,
                     _ db: Database) throws -> (ids: [Int64], windowRanOut: Bool) {
        let columns: [any SQLSelectable] = candidates == nil ? [Column("id"), SQL("\(holds(term)) AS hit")] : [Column("id")]
        let rows = try list.select(columns).limit(window + 1).makePreparedRequest(db, forSingleResult: false).statement
        var ids: [Int64] = [], pending: [Int64] = [], read = 0
        /// Keeps those of the pending candidates whose document holds the term, in the list's order.
        func checkPending() throws {
            guard !pending.isEmpty else { return }
            let holding = try db.cachedStatement(sql: """
                SELECT id FROM order_search_text WHERE id IN (SELECT value FROM json_each(?)) AND instr(document, ?) > 0
                """).rowIDs(arguments: [jsonArray(pending), term])
            ids += pending.filter(Set(holding).contains).prefix(limit - ids.count)
            pending.removeAll(keepingCapacity: true)
        }
        var ranOut = false
        try rows.forEachRow { id, hit in
            read += 1
            guard read <= window else { ranOut = true; return false }
            if let candidates {
                guard candidates.contains(id) else { return true }
                pending.append(id)
                // Enough pending to fill the page if they all hold the term: a statement for a few at a time.
                if pending.count >= min(32, limit - ids.count) { try checkPending() }
            } else if hit != 0 {
                ids.append(id)
            }
            return ids.count < limit
        }
        try checkPending()
        return (ids, ranOut && ids.count < limit)
    }

    /// Row ids as a JSON array, for `json_each`: one statement, whatever their number.
    static func jsonArray(_ ids: [Int64]) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(ids.count * 8 + 2)
        for (index, id) in ids.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json += String(id).utf8
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }
}

/// How one search term is looked up. FTS5 intersects every trigram it is given, and a trigram such as "loa" (in
/// every order id) or "861" (every Chinese mobile number) has a million entries: "LOAD-00333333" took 55 ms
/// that way on a million orders. The two rarest trigrams find a small superset in about a millisecond, and
/// `instr` keeps only real matches; a third or fourth trigram cost FTS5 more to intersect than the candidates it
/// spared. A trigram's entries are estimated from its oldest `sampleSize` (FTS5 reads a doclist forwards
/// cheaply, backwards only by loading it whole): all of them when it has fewer, else from how far into the store
/// the sample reaches. Every statement is prepared once per connection: a search runs several.
struct SearchPlan {
    enum Lookup {
        /// The index narrows the term to at most `candidateLimit` orders: these.
        case candidates([Int64])
        /// The index narrows the term to more orders than that, but at most one in `sparse`: the list is read,
        /// and the documents of the orders among these.
        case listOrderAmong(Set<Int64>, window: Int)
        /// The term is in too many orders for the index to narrow, or a single character: the list is read.
        case listOrder(window: Int)
        /// A trigram of the term is in no document: nothing can match.
        case nothing
    }

    let term: String
    let lookup: Lookup
    /// The FTS5 expression the term was looked up by, when the index has trigrams for it.
    private(set) var expression: String?
    static let sampleSize = 200
    /// How many of the newest documents tell whether a pair of characters is common.
    static let pairSampleSize = 1_000
    /// A second trigram is intersected when it is in at most one order in this many.
    static let fewOrders: Int64 = 20
    /// The most candidates checked one by one; each costs a document read, and all of them a page.
    static let candidateLimit = 5_000
    /// More candidates than `candidateLimit` are looked for among the list's orders while they are at most one
    /// order in this many: then a page of 50 reads a few thousand of the list's orders, each a look-up in memory.
    /// Denser, gathering them costs more than reading each order's document.
    static let sparse: Int64 = 50

    init(_ term: String, _ db: Database, candidateLimit: Int = Self.candidateLimit) throws {
        self.term = term
        let scalars = Array(term.unicodeScalars), length = SearchText.indexedLength
        guard scalars.count >= length - 1 else { lookup = .listOrder(window: OrderQuery.shortTermWindow); return }
        let stored = try Int64.fetchOne(db.cachedStatement(sql: "SELECT max(id) FROM orders")) ?? 0
        // Gathered only when they may be few enough to be worth it: a trigram in every tenth order is not.
        let sparseLimit = max(Int64(candidateLimit), stored / Self.sparse)
        let gathered = try scalars.count < length ? Self.pairLookup(term, stored: stored, sparseLimit: sparseLimit, db)
            : Self.trigramLookup(scalars, stored: stored, sparseLimit: sparseLimit, db)
        guard let (expression, candidates) = gathered else { lookup = .listOrder(window: OrderQuery.searchWindow); return }
        self.expression = expression
        lookup = if candidates.isEmpty { .nothing }
            else if candidates.count <= candidateLimit { .candidates(candidates) }
            else if candidates.count <= sparseLimit { .listOrderAmong(Set(candidates), window: OrderQuery.searchWindow) }
            else { .listOrder(window: OrderQuery.searchWindow) }
    }

    /// The expression and the orders a term of three characters or more is looked up by, at most
    /// `sparseLimit + 1` of them; nil when its rarest trigram alone is in more orders than that.
    private static func trigramLookup(_ scalars: [Unicode.Scalar], stored: Int64, sparseLimit: Int64,
                                      _ db: Database) throws -> (expression: String?, candidates: [Int64])? {
        let length = SearchText.indexedLength
        let sample = try db.cachedStatement(sql: """
            SELECT count(*), max(rowid) FROM (SELECT rowid FROM order_search WHERE order_search MATCH ? ORDER BY rowid LIMIT ?)
            """)
        var estimates: [String: Int64] = [:]
        for start in 0...(scalars.count - length) {
            let trigram = String(String.UnicodeScalarView(scalars[start..<start + length]))
            guard estimates[trigram] == nil else { continue }
            let row = try Row.fetchOne(sample, arguments: [quoted(trigram), sampleSize])
            let entries: Int64 = row?[0] ?? 0, reach: Int64 = row?[1] ?? 0
            guard entries > 0 else { return (quoted(trigram), []) }
            // A full sample reached `reach` rows into the store: the trigram's entries scale with the rest of it.
            // Integers, as everywhere near money; entries is at most 200, so the product stays far inside Int64.
            estimates[trigram] = entries < sampleSize ? entries : entries * stored / max(1, reach)
        }
        // Rarest first; among equals, in a fixed order, so that a term is always looked up the same way.
        let ranked = estimates.sorted { ($0.value, $0.key) < ($1.value, $1.key) }
        guard let rarest = ranked.first, rarest.value <= sparseLimit else { return nil }
        let second = ranked.dropFirst().first.flatMap { $0.value <= stored / fewOrders ? $0 : nil }
        let expression = ([rarest] + (second.map { [$0] } ?? [])).map { quoted($0.key) }.joined(separator: " AND ")
        return (expression, try candidates(matching: expression, limit: sparseLimit + 1, db))
    }

    /// The same for a term of two characters (`SearchIndex.indexPairs`): the orders with a trigram that starts
    /// with it, and those whose document ends with it. Nil when the newest documents, or the vocabulary, say it
    /// is in more orders than `sparseLimit`.
    private static func pairLookup(_ term: String, stored: Int64, sparseLimit: Int64,
                                   _ db: Database) throws -> (expression: String?, candidates: [Int64])? {
        // The vocabulary counts each trigram's orders by reading its entries: 6 ms for the ten after "12" on a
        // million orders. The newest documents tell a common pair from a rare one for a tenth of that.
        let recent = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT count(*), coalesce(sum(instr(document, ?) > 0), 0) FROM (SELECT document FROM order_search_text ORDER BY id DESC LIMIT ?)
            """), arguments: [term, pairSampleSize])
        let sampled: Int64 = recent?[0] ?? 0, holding: Int64 = recent?[1] ?? 0
        guard holding * stored <= sparseLimit * max(1, sampled) else { return nil }
        let following = try Row.fetchAll(db.cachedStatement(sql: "SELECT term, doc FROM order_search_vocabulary WHERE term > ? AND term <= ?"),
                                         arguments: [term, term + "\u{10FFFF}"])
        guard following.reduce(0, { $0 + ($1["doc"] as Int64) }) <= sparseLimit else { return nil }
        var candidates = try db.cachedStatement(sql: "SELECT id FROM order_search_text WHERE substr(document, -2) = ? LIMIT ?")
            .rowIDs(arguments: [term, sparseLimit + 1])
        guard !following.isEmpty else { return (nil, candidates) }
        let expression = following.map { quoted($0["term"]) }.joined(separator: " OR ")
        candidates += try Self.candidates(matching: expression, limit: sparseLimit + 1, db)
        return (expression, Array(Set(candidates)))
    }

    /// The orders FTS5 finds for `expression`, at most `limit`.
    private static func candidates(matching expression: String, limit: Int64, _ db: Database) throws -> [Int64] {
        try db.cachedStatement(sql: "SELECT rowid FROM order_search WHERE order_search MATCH ? LIMIT ?").rowIDs(arguments: [expression, limit])
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
            let (among, window): (Set<Int64>?, Int)
            switch try SearchPlan(term, db).lookup {
            case .listOrderAmong(let candidates, let size): (among, window) = (candidates, size)
            case .listOrder(let size): (among, window) = (nil, size)
            case .candidates, .nothing: return .complete
            }
            let ranOut = try SearchIndex.walk(Self.list(query), term: term, among: among, window: window, limit: max(1, query.limit), db).windowRanOut
            return ranOut ? .readOrdersOfTheList(window) : .complete
        }
    }
}

/// A search reads thousands of rows of one or two integers: straight from SQLite, for GRDB's generic cursor
/// spent more on each of them than FTS5 did.
extension Statement {
    /// The first column of every row.
    func rowIDs(arguments: StatementArguments) throws -> [Int64] {
        try setArguments(arguments)
        var ids: [Int64] = []
        try forEachRow { id, _ in
            ids.append(id)
            return true
        }
        return ids
    }

    /// Gives `body` the first two columns of each row, as integers (0 for a second column the statement lacks),
    /// until it answers false or the rows run out.
    func forEachRow(_ body: (Int64, Int64) throws -> Bool) throws {
        defer { sqlite3_reset(sqliteStatement) }
        let hasSecond = columnCount > 1
        while true {
            switch sqlite3_step(sqliteStatement) {
            case SQLITE_ROW:
                guard try body(sqlite3_column_int64(sqliteStatement, 0), hasSecond ? sqlite3_column_int64(sqliteStatement, 1) : 0) else { return }
            case SQLITE_DONE:
                return
            case let code:
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(sqliteStatement))), sql: sql)
            }
        }
    }
}
