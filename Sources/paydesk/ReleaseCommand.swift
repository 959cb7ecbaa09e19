import ArgumentParser
import Foundation
import OrderModel
import OrderStore

struct ReleaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Let a held order go ahead to be charged, with a reason for the audit log.",
        discussion: """
            An order is held when, with the merchant's keys configured, its Apple Pay token failed a check \
            (signature, chain, replay window, key, tag) or authorises another amount or currency than the order. \
            `paydesk process` never charges a held order. Release one only when you know why the check failed \
            and that the payment is genuine; the confirmation restates the check, and the audit log keeps your \
            reason. Or cancel it: `paydesk cancel`.
            """)

    @Argument(help: "The order id.")
    var orderId: String

    @Option(help: "Why it may go ahead, for the audit log.")
    var reason: String

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        let store = try self.store.openForChange("release a held order")
        // What can be refused without the store is refused before anything opens it for writing.
        let actor = try Actor.current()
        do { _ = try PayDeskStore.releaseReason(reason) } catch { throw CommandFailure(error) }
        do {
            let summary = try store.reading.order(orderId).summary
            guard summary.status == .held else {
                throw CommandFailure("\(orderId) is \(summary.status.rawValue); only a held order can be released; nothing was changed")
            }
            try Confirmation.require(
                "Order \(orderId) (\(summary.total)) is held: \(summary.holdReason ?? "a token check failed"). "
                    + "Released, it will be charged by paydesk process. Your reason: \(reason)",
                action: "release order \(orderId)", assumeYes: yes)
            try store.changing().releaseHold(orderId: orderId, reason: reason, actor: actor)
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
        try Output.line("\(orderId): released; paydesk process will charge it")
    }
}
