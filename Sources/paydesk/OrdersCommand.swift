import ArgumentParser
import Foundation
import OrderModel
import OrderStore
import TerminalCore

struct OrdersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders", abstract: "List orders, or show one.", subcommands: [List.self, Show.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List orders, newest first unless sorted otherwise.")

        @Option(help: "Only orders in this status.")
        var status: PaymentStatus?

        @Option(help: "Find text anywhere in the order id, names, email, city, card last 4 or shipping label, ignoring case and accents; a phone number by its digits.")
        var search: String?

        @Option(help: "Only orders created at or after this: a date (2026-11-01, from midnight UTC) or an RFC 3339 time.")
        var since: String?

        @Option(help: "Only orders created before this: a date (2026-11-30, that whole day included) or an RFC 3339 time.")
        var until: String?

        @Option(help: "Only orders in this currency (ISO 4217 code, such as EUR).")
        var currency: String?

        @Option(help: "Only totals of at least this decimal amount, in --currency's units (needs --currency).")
        var min: String?

        @Option(help: "Only totals of at most this decimal amount, in --currency's units (needs --currency).")
        var max: String?

        @Option(help: "Order of the list; largest and smallest compare amounts within each currency.")
        var sort: OrderQuery.ListOrder = .newestFirst

        @Option(help: "At most this many orders.")
        var limit = 50

        @OptionGroup var format: ListFormat

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try ListLimit.check(limit)
            _ = try filteredQuery()
        }

        /// The query the options describe; a value that cannot be used is one line naming the option and the input.
        func filteredQuery() throws -> OrderQuery {
            func read<Value>(_ option: String, _ text: String?, _ parse: (String) throws(ListFilterProblem) -> Value) throws -> Value? {
                guard let text else { return nil }
                do { return try parse(text) } catch { throw ValidationError("--\(option) \(quoted(error.input)): \(error.problem)") }
            }
            let currency = try read("currency", currency) { text throws(ListFilterProblem) in try ListFilterInput.currency(text) }
            var query = OrderQuery(status: status, search: search, limit: limit + 1, order: sort)
            query.currency = currency
            query.since = try read("since", since) { text throws(ListFilterProblem) in try ListFilterInput.time(text) }
            query.until = try read("until", until) { text throws(ListFilterProblem) in try ListFilterInput.time(text, endOfDay: true) }
            query.minimum = try read("min", min) { text throws(ListFilterProblem) in try ListFilterInput.amount(text, in: currency) }
            query.maximum = try read("max", max) { text throws(ListFilterProblem) in try ListFilterInput.amount(text, in: currency) }
            do { try ListFilterInput.checkRange(since: query.since, until: query.until, minimum: query.minimum, maximum: query.maximum) }
            catch { throw ValidationError("\(quoted(error.input)): \(error.problem)") }
            return query
        }

        func run() throws {
            let store = try self.store.openForReading()
            var orders: [OrderSummary]
            let query = try filteredQuery()
            let reach: SearchReach
            do {
                orders = try store.orders(query)
                reach = try store.searchReach(query)
            } catch { throw CommandFailure(error) }
            let more = orders.count > limit
            orders = Array(orders.prefix(limit))
            try format.print(table: { TextReport.orderTable(orders) },
                             json: { try JSONContract.text(orders.map(JSONContract.OrderListItem.init), pretty: true) },
                             csv: { CSVTable(orders: orders) })
            if more { try format.note(ListLimit.moreExist("orders", shown: limit)) }
            if !reach.isComplete { try format.note(reach.description) }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show one order: items, shipping, contacts, payment, refunds, audit.")

        @Argument(help: "The order id.")
        var orderId: String

        @Flag(help: "Print one JSON object (docs/json-output.md).")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try self.store.openForReading()
            let detail: OrderDetail
            do { detail = try store.order(orderId) } catch { throw CommandFailure(error) }
            if json { try Output.json(try JSONContract.text(JSONContract.OrderShow(detail), pretty: true)) } else { try Output.line(TextReport.order(detail)) }
        }
    }
}
