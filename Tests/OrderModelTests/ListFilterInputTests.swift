import Testing
@testable import OrderModel

/// How `orders list` and the console's `:` line read filter values (issue 16): one way, and every refusal names
/// the input and what is wrong with it.
@Suite struct ListFilterInputTests {
    let eur = Currency(code: "EUR")!, jpy = Currency(code: "JPY")!

    @Test func datesAndTimesAreReadAsUTCDaysOrRFC3339() throws {
        #expect(try ListFilterInput.time("2026-11-01") == Timestamp(rfc3339: "2026-11-01T00:00:00Z"))
        #expect(try ListFilterInput.time("2026-11-30", endOfDay: true) == Timestamp(rfc3339: "2026-12-01T00:00:00Z"))
        #expect(try ListFilterInput.time("2026-11-01T09:30:00+08:00") == Timestamp(rfc3339: "2026-11-01T01:30:00Z"))
        #expect(try ListFilterInput.currency("eur") == eur)
        #expect(try ListFilterInput.amount("12.50", in: eur) == Money(minorUnits: 1_250, currency: eur))
        #expect(try ListFilterInput.amount("1000", in: jpy) == Money(minorUnits: 1_000, currency: jpy))
    }

    @Test(arguments: [
        ("2026-13-01", "not a date (2026-11-01) or an RFC 3339 time"), ("yesterday", "not a date"), ("2026-11-1", "not a date"),
    ])
    func aBadTimeIsRefusedNamingIt(input: String, problem: String) {
        #expect(throws: ListFilterProblem.self) { try ListFilterInput.time(input) }
        do { _ = try ListFilterInput.time(input) } catch {
            #expect(error.input == input)
            #expect(error.problem.hasPrefix(problem))
        }
    }

    @Test func badCurrenciesAndAmountsAreRefusedNamingThem() {
        func problem(_ body: () throws(ListFilterProblem) -> Void) -> ListFilterProblem? {
            do { try body(); return nil } catch { return error }
        }
        #expect(problem { () throws(ListFilterProblem) in _ = try ListFilterInput.currency("EURO") }?.problem.hasPrefix("not a currency PayDesk knows (") == true)
        #expect(problem { () throws(ListFilterProblem) in _ = try ListFilterInput.amount("10", in: nil) }
                == ListFilterProblem(input: "10", problem: "needs a currency too: amounts are compared within one currency only"))
        #expect(problem { () throws(ListFilterProblem) in _ = try ListFilterInput.amount("10.5", in: jpy) }?.problem == "not an amount of JPY (no decimals, like 1250)")
        #expect(problem { () throws(ListFilterProblem) in _ = try ListFilterInput.amount("1,000", in: eur) }?.problem == "not an amount of EUR (at most 2 decimals, like 12.50)")
        #expect(problem { () throws(ListFilterProblem) in _ = try ListFilterInput.amount("-5", in: eur) } != nil)
        #expect(problem { () throws(ListFilterProblem) in try ListFilterInput.checkRange(since: Timestamp(rfc3339: "2026-11-02T00:00:00Z"),
                                                         until: Timestamp(rfc3339: "2026-11-01T00:00:00Z"), minimum: nil, maximum: nil) } != nil)
        #expect(problem { () throws(ListFilterProblem) in try ListFilterInput.checkRange(since: nil, until: nil, minimum: Money(minorUnits: 2, currency: eur),
                                                         maximum: Money(minorUnits: 1, currency: eur)) } != nil)
    }
}
