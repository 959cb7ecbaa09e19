import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// The orders list's search (issue 16): anywhere in a field, whatever the case and accents, complete and in the
/// list's order, and saying so when it is bounded.
@Suite struct SearchTests {
    /// One order per customer, a minute apart in the order given, with a billing contact in another city.
    func store(_ customers: [(given: String, family: String, city: String)]) throws -> PayDeskStore {
        let store = try Fixture.store()
        let lines = customers.enumerated().map { index, customer in
            Fixture.order(String(format: "TEA-%04d", index), createdAt: time(index), given: customer.given, family: customer.family,
                          phone: "+49 30 5550 \(String(format: "%04d", index))", email: "\(customer.given.lowercased())@example.de") { document in
                var contact = document["shippingContact"] as! [String: Any]
                contact["postalAddress"] = ["city": customer.city]
                document["shippingContact"] = contact
                document["billingContact"] = ["givenName": "Billing", "familyName": "Office", "postalAddress": ["city": "Zürich"]]
                document["shippingMethod"] = ["identifier": "express", "label": "Express Überweg \(index)", "detail": "", "amount": "0.00"]
            }
        }
        let (_, problems) = try Fixture.ingest(lines, into: store)
        #expect(problems.isEmpty)
        return store
    }

    func time(_ index: Int) -> String { Timestamp(millisecondsSinceEpoch: 1_795_253_400_000 + Int64(index) * 60_000).rfc3339 }

    func found(_ text: String, in store: PayDeskStore, _ query: OrderQuery = OrderQuery()) throws -> [String] {
        var query = query
        query.search = text
        return try store.orders(query).map(\.orderId)
    }

    @Test(arguments: [
        ("jurgen", ["TEA-0000"]), ("JÜRGEN", ["TEA-0000"]), ("urge", ["TEA-0000"]), ("weiss", ["TEA-0001"]), ("WEIß", ["TEA-0001"]),
        ("garcia", ["TEA-0002"]), ("münchen", ["TEA-0001"]), ("munch", ["TEA-0001"]), ("zurich", ["TEA-0002", "TEA-0001", "TEA-0000"]),
        ("uberweg 1", ["TEA-0001"]), ("jurgen@example", ["TEA-0000"]), ("a-000", ["TEA-0002", "TEA-0001", "TEA-0000"]),
        ("5550 0002", ["TEA-0002"]), ("30 5550-0001", ["TEA-0001"]), ("0224", ["TEA-0002", "TEA-0001", "TEA-0000"]),
        ("lovelace", []), ("*", []), ("[a", []), ("e*e", []), ("ss?", []),
    ])
    func findsTextAnywhereWhateverItsCaseAndAccents(text: String, expected: [String]) throws {
        // Given Jürgen in Berlin, Weiß in München and García in Sevilla, each billed to an office in Zürich
        let store = try store([("Jürgen", "Schmidt", "Berlin"), ("Anna", "Weiß", "München"), ("José", "García", "Sevilla")])
        // When the operator searches as they would type it
        let orders = try found(text, in: store)
        // Then every order with the text anywhere in a searched field is found, newest first, and the search is complete
        #expect(orders == expected, "\(text)")
        #expect(try store.searchReach(OrderQuery(search: text)) == .complete)
    }

    @Test func aTwoCharacterTermIsFoundThroughTheIndexWhereverItStandsInADocument() throws {
        // Given Chinese customers, whose names are often two characters, and shipping labels that end each
        // order's document: 包邮 alone, 包邮 followed by more, and neither
        let store = try Fixture.store()
        let customers = [("伟", "王", "包邮"), ("芳", "李", "包邮到家"), ("伟", "张", "顺丰"), ("娜", "李", "EMS")]
        let lines = customers.enumerated().map { index, customer in
            Fixture.order(String(format: "TEA-%04d", index), createdAt: time(index), given: customer.0, family: customer.1) {
                $0["shippingMethod"] = ["identifier": "ship", "label": customer.2, "detail": "", "amount": "0.00"]
            }
        }
        _ = try Fixture.ingest(lines, into: store)
        // When the operator searches every two characters that stand side by side in any document
        let documents = try store.database.read { db in try String.fetchAll(db, sql: "SELECT document FROM order_search_text") }
        let pairs = Set(documents.flatMap { document in
            let scalars = Array(document.unicodeScalars)
            return zip(scalars, scalars.dropFirst()).map { String(String.UnicodeScalarView([$0, $1])) }
        }).compactMap(SearchText.term(for:)).filter { $0.unicodeScalars.count == 2 }
        #expect(pairs.count > 40)
        for term in pairs.sorted() {
            // Then each is looked up through the index, and finds what reading every document finds, newest first
            let (plan, expected) = try store.database.read { db in
                let every = try SearchIndex.walk(PayDeskStore.list(OrderQuery()), term: term, among: nil, window: 100, limit: 50, db)
                return (try SearchPlan(term, db), try String.fetchAll(db, sql: """
                    SELECT order_id FROM orders WHERE id IN (SELECT value FROM json_each(?)) ORDER BY created_at DESC
                    """, arguments: [SearchIndex.jsonArray(every.ids)]))
            }
            guard case .candidates = plan.lookup else { Issue.record("\(term): planned as \(plan.lookup)"); continue }
            #expect(try found(term, in: store) == expected, "\(term)")
        }
        #expect(try found("包邮", in: store) == ["TEA-0001", "TEA-0000"])
        #expect(try found("王伟", in: store) == ["TEA-0000"])
        let nowhere = try store.database.read { db in try SearchPlan("邮递", db) }
        guard case .nothing = nowhere.lookup else { Issue.record("邮递 planned as \(nowhere.lookup)"); return }
    }

    @Test func anEmptyStoreFindsNothingWhateverTheTermsLength() throws {
        // Given a store with no orders
        let store = try Fixture.store()
        // When the operator searches one, two and three characters
        // Then nothing is found, and the search says it is complete
        for text in ["伟", "王伟", "王小明"] {
            #expect(try found(text, in: store) == [], "\(text)")
            #expect(try store.searchReach(OrderQuery(search: text)) == .complete, "\(text)")
        }
    }

    @Test func aSingleCharacterIsFoundByReadingTheList() throws {
        // Given Chinese customers, two of them named 伟
        let store = try store([("伟", "王", "上海"), ("芳", "李", "北京"), ("伟", "张", "上海")])
        // When the operator searches that one character
        // Then the list is read, both are found in its order, and on a store this small the search read all of it
        let plan = try store.database.read { db in try SearchPlan("伟", db) }
        guard case .listOrder(window: OrderQuery.shortTermWindow) = plan.lookup else { Issue.record("planned as \(plan.lookup)"); return }
        #expect(try found("伟", in: store) == ["TEA-0002", "TEA-0000"])
        #expect(try found("伟", in: store, OrderQuery(order: .oldestFirst)) == ["TEA-0000", "TEA-0002"])
        #expect(try store.searchReach(OrderQuery(search: "伟")) == .complete)
    }

    @Test func aSearchPagesThroughEveryMatchInTheListsOrder() throws {
        // Given 30 orders of which every third is Weiß's
        let store = try store((0..<30).map { $0 % 3 == 0 ? ("Anna", "Weiß", "Köln") : ("Liam", "Smith", "Paris") })
        // When the search is read newest first, oldest first, and by amount (all equal, so by row), four at a time by keyset
        for order in [OrderQuery.ListOrder.newestFirst, .oldestFirst, .largestFirst, .smallestFirst] {
            var seen: [String] = []
            var query = OrderQuery(search: "weiss", limit: 4, order: order)
            while case let page = try store.orders(query), !page.isEmpty {
                seen += page.map(\.orderId)
                query.after = page.last?.cursor
            }
            // Then every match comes exactly once, in the list's order
            let expected = stride(from: 0, to: 30, by: 3).map { String(format: "TEA-%04d", $0) }
            #expect(seen == (order == .newestFirst || order == .largestFirst ? expected.reversed() : expected), "\(order)")
        }
    }

    @Test func aCommonTermFindsEveryMatchInTheListsOrder() throws {
        // Given a thousand García orders, and one Weiß order among the oldest
        let count = 1_020
        let store = try store((0..<count).map { $0 == 5 ? ("Anna", "Weiß", "Köln") : ("José", "García", "Sevilla") })
        // When the operator searches the common name, newest first and oldest first
        // Then the first page holds the newest, or the oldest, and every match is there to page through
        #expect(try found("garcia", in: store, OrderQuery(limit: 3)) == (count - 3..<count).reversed().map { String(format: "TEA-%04d", $0) })
        #expect(try found("garcia", in: store, OrderQuery(limit: 3, order: .oldestFirst)) == ["TEA-0000", "TEA-0001", "TEA-0002"])
        #expect(try store.orders(OrderQuery(search: "García", limit: 5_000)).count == count - 1)
        #expect(try store.searchReach(OrderQuery(search: "garcia")) == .complete)
        // And a rare name among the oldest orders is found too
        #expect(try found("weiss", in: store) == ["TEA-0005"])
    }

    @Test func aTermTheIndexCannotNarrowIsLookedForInTheList() throws {
        // Given 30 orders, every one of them García's
        let store = try store((0..<30).map { _ in ("José", "García", "Sevilla") })
        try store.database.read { db in
            // When the index finds more candidates than it may check one by one
            // Then the list is read instead, and with room for every candidate the index serves the term
            guard case .listOrder(let window) = try SearchPlan("garcia", db, candidateLimit: 29).lookup else {
                Issue.record("not read from the list"); return
            }
            #expect(window == OrderQuery.searchWindow)
            guard case .candidates = try SearchPlan("garcia", db, candidateLimit: 30).lookup else { Issue.record("not from the index"); return }
        }
    }

    @Test func moreCandidatesThanTheIndexChecksButFewAreLookedForAmongTheListsOrders() throws {
        // Given 1,000 orders, every 80th of them Weiß's
        let store = try store((0..<1_000).map { $0 % 80 == 7 ? ("Anna", "Weiß", "Köln") : ("Liam", "Smith", "Paris") })
        try store.database.read { db in
            // When the index finds more candidates than it may check one by one, but few among the orders
            guard case .listOrderAmong(let candidates, let window) = try SearchPlan("weiss", db, candidateLimit: 10).lookup else {
                Issue.record("not looked for among the list's orders"); return
            }
            // Then reading the list among the candidates finds what reading every document finds, in the list's
            // order, newest first and oldest first, with a filter, and says the same of its window
            for query in [OrderQuery(search: "weiss"), OrderQuery(search: "weiss", order: .oldestFirst),
                          OrderQuery(search: "weiss", currency: Currency(code: "CNY"))] {
                let list = PayDeskStore.list(query)
                for (limit, size) in [(5, window), (50, window), (50, 100)] {
                    let among = try SearchIndex.walk(list, term: "weiss", among: candidates, window: size, limit: limit, db)
                    let every = try SearchIndex.walk(list, term: "weiss", among: nil, window: size, limit: limit, db)
                    #expect(among.ids == every.ids && among.windowRanOut == every.windowRanOut)
                }
            }
            let newest = try SearchIndex.walk(PayDeskStore.list(OrderQuery(search: "weiss")), term: "weiss", among: candidates,
                                              window: window, limit: 3, db)
            #expect(newest.ids == [967, 887, 807].map { Int64($0 + 1) })
        }
    }

    @Test func aWindowThatRunsOutBeforeThePageIsFullIsSaid() throws {
        // Given 30 orders of which only the two oldest are Weiß's
        let store = try store((0..<30).map { $0 < 2 ? ("Anna", "Weiß", "Köln") : ("Liam", "Smith", "Paris") })
        try store.database.read { db in
            let list = PayDeskStore.list(OrderQuery(search: "weiss"))
            // When the list is read newest first through a window of ten orders
            let short = try SearchIndex.walk(list, term: "weiss", among: nil, window: 10, limit: 50, db)
            // Then nothing is found, and the window is said to have run out
            #expect(short.ids.isEmpty && short.windowRanOut)
            // And a window as long as the list finds both, and did not run out
            let whole = try SearchIndex.walk(list, term: "weiss", among: nil, window: 30, limit: 50, db)
            #expect(whole.ids.count == 2 && !whole.windowRanOut)
            // And a page that fills up before the window ends did not run out either
            let page = try SearchIndex.walk(list, term: "smith", among: nil, window: 10, limit: 5, db)
            #expect(page.ids.count == 5 && !page.windowRanOut)
        }
    }

    @Test func filtersApplyBeforeASearchTakesItsMatches() throws {
        // Given a thousand García orders, the oldest ten of them paid
        let count = 1_010
        let store = try store((0..<count).map { _ in ("José", "García", "Sevilla") })
        try Fixture.ingest((0..<10).flatMap { index -> [String] in
            let id = String(format: "TEA-%04d", index)
            return [Fixture.event(id, "charge_submitted"), Fixture.event(id, "charge_succeeded")]
        }, into: store)
        // When the search is narrowed to paid orders
        let query = OrderQuery(status: .paid, search: "garcia", limit: 50)
        // Then all ten are found, and the search is complete
        #expect(try store.orders(query).count == 10)
        #expect(try store.searchReach(query) == .complete)
    }

    @Test func aTermIsLookedUpByDistinctTrigrams() throws {
        // Given an order whose phone number repeats one digit
        let store = try Fixture.store()
        _ = try Fixture.ingest([Fixture.order("TEA-0000", phone: "+49 30 3333 3333")], into: store)
        // When a term made of one trigram over and over is planned
        let plan = try store.database.read { db in try SearchPlan("333333", db) }
        // Then FTS5 is given that trigram once, and the order is found
        guard case .candidates = plan.lookup else { Issue.record("planned as \(plan.lookup)"); return }
        #expect(plan.expression == "\"333\"")
        #expect(try found("3333 33", in: store) == ["TEA-0000"])
    }

    @Test func aStoreFromBeforeTheSearchIndexIsIndexedWhenItIsUpgraded() throws {
        // Given a store as schema v10 left it: orders, and no search index
        let store = try store([("Jürgen", "Schmidt", "Berlin"), ("Anna", "Weiß", "München")])
        try store.database.writeWithoutTransaction { db in
            try db.execute(sql: """
                DROP TABLE order_search_vocabulary; DROP TABLE order_search; DROP TABLE order_search_text;
                DELETE FROM grdb_migrations WHERE identifier IN ('v11', 'v13', 'v17')
                """)
        }
        // When this version migrates it (v11 indexes the orders, v13 moves their documents out of the index, v17
        // indexes what two characters are found by)
        try Schema.migrator.migrate(store.database)
        // Then the orders already stored are found as new ones are
        #expect(try found("jurgen", in: store) == ["TEA-0000"])
        #expect(try found("zurich", in: store) == ["TEA-0001", "TEA-0000"])
        #expect(try found("5550 0001", in: store) == ["TEA-0001"])
        #expect(try found("uberweg 1", in: store) == ["TEA-0001"])
        #expect(try found("mu", in: store) == ["TEA-0001"])
        #expect(try found("in", in: store) == ["TEA-0001", "TEA-0000"])
    }

    /// How many documents are stored, how many the trigram index holds, and how many of those belong to a stored order.
    func indexed(in store: PayDeskStore) throws -> (documents: Int, indexed: Int, ofStoredOrders: Int) {
        try store.database.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM order_search_text") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM order_search") ?? 0,
             try Int.fetchOne(db, sql: "SELECT count(*) FROM order_search JOIN orders ON orders.id = order_search.rowid") ?? 0)
        }
    }

    @Test func aLineRefusedAfterItsDocumentWasStagedLeavesNoDocumentAndTheOthersAreFound() throws {
        // Given a store that refuses the audit entry of one order, after that order's search document was staged
        let store = try Fixture.store()
        try store.database.writeWithoutTransaction { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER refuse_one_entry BEFORE INSERT ON main.audit_log WHEN NEW.order_id = 'TEA-0001' BEGIN
                    SELECT RAISE(ABORT, 'refused for the test');
                END
                """)
        }
        // When three orders are ingested in one batch
        let lines = (0..<3).map { Fixture.order(String(format: "TEA-%04d", $0), createdAt: time($0), given: "Jürgen") }
        let (summary, problems) = try Fixture.ingest(lines, into: store)
        // Then the refused one is reported, and neither it nor its document is stored
        #expect(summary.ingested == 2 && problems.count == 1)
        #expect(try found("jurgen", in: store) == ["TEA-0002", "TEA-0000"])
        #expect(try found("tea-0001", in: store) == [])
        #expect(try indexed(in: store) == (documents: 2, indexed: 2, ofStoredOrders: 2))
    }

    @Test func ordersIngestedInSeveralTransactionsAreEachIndexedOnce() throws {
        // Given orders ingested in three separate runs, one of them sent again
        let store = try Fixture.store()
        for batch in 0..<3 {
            let lines = (0..<4).map { Fixture.order(String(format: "TEA-%04d", batch * 4 + $0), createdAt: time(batch * 4 + $0), given: "Anna") }
            _ = try Fixture.ingest(lines + (batch == 2 ? [lines[0]] : []), into: store)
        }
        // When the operator searches what all of them share
        var query = OrderQuery(search: "anna", limit: 50)
        // Then every order is found once, and the index holds one document per order
        #expect(try store.orders(query).count == 12)
        query.search = "tea-0005"
        #expect(try store.orders(query).map(\.orderId) == ["TEA-0005"])
        #expect(try indexed(in: store) == (documents: 12, indexed: 12, ofStoredOrders: 12))
    }
}
