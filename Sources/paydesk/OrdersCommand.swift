import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct OrdersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "orders", abstract: "List orders, or show one.", subcommands: [List.self, Show.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List orders, newest first unless sorted otherwise.")

        @Option(help: "Only orders in this status.")
        var status: PaymentStatus?

        @Option(help: "Find text anywhere in the order id, names, email, city, card last 4 or shipping label, ignoring case and accents; a phone number by its digits.")
        var search: String?

        @Option(help: "Order of the list; largest and smallest compare amounts within each currency.")
        var sort: OrderQuery.ListOrder = .newestFirst

        @Option(help: "At most this many orders.")
        var limit = 50

        @Flag(help: "Print a JSON array (docs/json-output.md).")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try ListLimit.check(limit)
        }

        func run() throws {
            let store = try self.store.openForReading()
            var orders: [OrderSummary]
            let query = OrderQuery(status: status, search: search, limit: limit + 1, order: sort)
            let reach: SearchReach
            do {
                orders = try store.orders(query)
                reach = try store.searchReach(query)
            } catch { throw CommandFailure(error) }
            let more = orders.count > limit
            orders = Array(orders.prefix(limit))
            if json {
                try Output.json(try JSONContract.text(orders.map(JSONContract.OrderListItem.init), pretty: true))
            } else {
                try Output.line(TextReport.orderTable(orders))
            }
            if more { try ListLimit.sayMoreExist("orders", shown: limit, json: json) }
            if !reach.isComplete {
                if json { Output.error("paydesk: search: \(reach)") } else { try Output.line("… search: \(reach)") }
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one order: items, shipping, contacts, payment, refunds, audit.")

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
