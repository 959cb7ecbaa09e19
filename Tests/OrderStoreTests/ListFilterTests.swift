import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// `orders list --since/--until/--currency/--min/--max` and the console's `:` filters (issue 16), on the store.
@Suite struct ListFilterTests {
    /// Eight orders an hour apart from 2026-11-21T00:00Z, alternately EUR and JPY, totals 10, 20, … 80 units.
    func store() throws -> PayDeskStore {
        let store = try Fixture.store()
        let lines = (0..<8).map { index in
            Fixture.order("ORD-\(index)", total: index % 2 == 0 ? "\(index + 1)0.00" : "\(index + 1)0", currency: index % 2 == 0 ? "EUR" : "JPY",
                          createdAt: String(format: "2026-11-21T%02d:00:00Z", index), given: index < 4 ? "Jürgen" : "Anna", family: "Weiß") { document in
                if index % 2 == 1 { document["shippingMethod"] = ["identifier": "free", "label": "送料無料", "detail": "", "amount": "0"] }
            }
        }
        let (_, problems) = try Fixture.ingest(lines + [Fixture.event("ORD-2", "charge_submitted"), Fixture.event("ORD-2", "charge_succeeded")],
                                               into: store)
        #expect(problems.isEmpty)
        return store
    }

    func ids(_ query: OrderQuery, _ store: PayDeskStore) throws -> [String] { try store.orders(query).map(\.orderId) }

    @Test func eachFilterNarrowsTheListAndTheyCombine() throws {
        // Given orders in two currencies across eight hours
        let store = try store()
        let eur = Currency(code: "EUR")!, jpy = Currency(code: "JPY")!
        let at = { (hour: Int) in Timestamp(rfc3339: String(format: "2026-11-21T%02d:00:00Z", hour))! }
        // When each filter is applied alone, then together with a status and a search
        // Then since is inclusive, until exclusive, amounts compare in the currency's minor units, and all of them combine
        #expect(try ids(OrderQuery(since: at(5)), store) == ["ORD-7", "ORD-6", "ORD-5"])
        #expect(try ids(OrderQuery(until: at(2)), store) == ["ORD-1", "ORD-0"])
        #expect(try ids(OrderQuery(currency: jpy), store) == ["ORD-7", "ORD-5", "ORD-3", "ORD-1"])
        #expect(try ids(OrderQuery(minimum: Money(minorUnits: 5_000, currency: eur)), store) == ["ORD-6", "ORD-4"])
        #expect(try ids(OrderQuery(maximum: Money(minorUnits: 40, currency: jpy)), store) == ["ORD-3", "ORD-1"])
        #expect(try ids(OrderQuery(search: "jurgen", since: at(1), until: at(4), currency: eur), store) == ["ORD-2"])
        #expect(try ids(OrderQuery(status: .paid, currency: eur, minimum: Money(minorUnits: 3_000, currency: eur)), store) == ["ORD-2"])
        #expect(try ids(OrderQuery(search: "weiss", currency: eur, minimum: Money(minorUnits: 3_000, currency: eur),
                                   maximum: Money(minorUnits: 5_000, currency: eur), order: .largestFirst), store) == ["ORD-4", "ORD-2"])
    }

    @Test func boundsInAnotherCurrencyThanTheFilterMatchNothing() throws {
        // Given the store, and a JPY minimum asked for EUR orders (the command line and console refuse this before)
        let store = try store()
        let query = OrderQuery(currency: Currency(code: "EUR")!, minimum: Money(minorUnits: 1, currency: Currency(code: "JPY")!))
        // Then no amount is compared across currencies
        #expect(try ids(query, store) == [])
    }
}
