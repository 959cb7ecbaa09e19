import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct RefundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refunds", abstract: "List refunds, or withdraw a pending one.", subcommands: [List.self, Withdraw.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List refunds, pending first.")

        @Option(help: "Only refunds in this status.")
        var status: RefundStatus?

        @Option(help: "At most this many refunds.")
        var limit = 500

        @OptionGroup var format: ListFormat

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try ListLimit.check(limit)
        }

        func run() throws {
            let store = try self.store.openForReading()
            var refunds: [RefundView]
            do { refunds = try store.refunds(status: status, limit: limit + 1) } catch { throw CommandFailure(error) }
            let more = refunds.count > limit
            refunds = Array(refunds.prefix(limit))
            try format.print(table: { TextReport.refundTable(refunds) },
                             json: { try JSONContract.text(refunds.map(JSONContract.Refund.init), pretty: true) },
                             csv: { CSVTable(refunds: refunds) })
            if more { try format.note(ListLimit.moreExist("refunds", shown: limit)) }
        }
    }

    struct Withdraw: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "withdraw", abstract: "Withdraw a refund that was requested but not yet submitted.")

        @Argument(help: "The refund id (re_…).")
        var refundId: String

        @Flag(help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try self.store.openForChange("withdraw a refund")
            let actor = try Actor.current()
            do {
                let refund = try store.reading.refund(refundId)
                try Confirmation.require("Withdraw refund \(refundId) of \(refund.amount) on order \(refund.orderId): the customer will not get this money back.",
                                         action: "withdraw refund \(refundId)", assumeYes: yes)
                let withdrawn = try store.changing().withdrawRefund(refundId: refundId, actor: actor)
                try Output.line("\(withdrawn.orderId): refund \(refundId) of \(withdrawn.amount) withdrawn")
            } catch let error as StoreError {
                throw CommandFailure(error)
            }
        }
    }
}
