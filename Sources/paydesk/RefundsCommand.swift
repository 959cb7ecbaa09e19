import ArgumentParser
import Foundation
import MerchantConfiguration
import OrderModel
import OrderStore

struct RefundsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refunds", abstract: "List refunds, or withdraw a pending one.", subcommands: [List.self, Withdraw.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List refunds, pending first.")

        @Option(help: "Only refunds in this status.")
        var status: RefundStatus?

        @Flag(help: "Print a JSON array (docs/json-output.md).")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try self.store.openForReading()
            let refunds: [RefundView]
            do { refunds = try store.refunds(status: status) } catch { throw CommandFailure(error) }
            print(json ? try JSONContract.text(refunds.map(JSONContract.Refund.init), pretty: true) : TextReport.refundTable(refunds))
        }
    }

    struct Withdraw: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Withdraw a refund that was requested but not yet submitted.")

        @Argument(help: "The refund id (re_…).")
        var refundId: String

        @Flag(help: "Do not ask for confirmation.")
        var yes = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let store = try self.store.openForWriting("withdraw a refund")
            do {
                let refund = try store.refund(refundId)
                try Confirmation.require("Withdraw refund \(refundId) of \(refund.amount) on order \(refund.orderId): the customer will not get this money back.",
                                         action: "withdraw refund \(refundId)", assumeYes: yes)
                let withdrawn = try store.withdrawRefund(refundId: refundId, actor: .current)
                print("\(withdrawn.orderId): refund \(refundId) of \(withdrawn.amount) withdrawn")
            } catch let error as StoreError {
                throw CommandFailure(error)
            }
        }
    }
}

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit", abstract: "Show the audit log, newest first, or verify its hash chain.")

    @Flag(help: "Check every entry's hash; exit non-zero if any entry was edited, removed or cut off.")
    var verify = false

    @Option(help: "Only entries about this order.")
    var order: String?

    @Option(help: "At most this many entries.")
    var limit = 100

    @Flag(help: "Print a JSON array.")
    var json = false

    @OptionGroup var store: StoreOptions

    func validate() throws {
        try ListLimit.check(limit)
    }

    func run() throws {
        let store = try self.store.openForReading()
        do {
            if verify {
                let result = try store.verifyAudit()
                guard result.isIntact else { throw CommandFailure(result.description, exitCode: 2) }
                print(result)
                return
            }
            let entries = try store.auditEntries(orderId: order, limit: limit)
            print(json ? try JSONContract.text(entries.map(JSONContract.Audit.init), pretty: true) : TextReport.auditTable(entries))
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}

struct OutboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "Print the operator intents the processor integration still owes an answer to, as JSON Lines.",
        discussion: "Reversals and refunds, oldest first. Answer each with a payment event through `paydesk ingest`.")

    @OptionGroup var store: StoreOptions

    func run() throws {
        let store = try self.store.openForReading()
        do {
            for intent in try store.outbox() { print(try JSONContract.text(JSONContract.Intent(intent))) }
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "info", abstract: "Show the paths PayDesk uses and the store's state.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var merchant: ConfigOptions

    func run() throws {
        let environment = store.environment
        print("store:    \(store.path)")
        print("mode:     \(store.isReadOnly ? "read-only" : "read-write")\(Paths.readOnlyForced(environment) ? " (PAYDESK_READ_ONLY)" : "")")
        print("config:   \(merchant.file)")
        do {
            if let configuration = try MerchantConfiguration.load(merchant.file) {
                if configuration.keys.isEmpty { print("  no merchant keys: tokens are stored unchecked") }
                for key in configuration.keys {
                    print("  key \(key.privateKeyFile)  (\(key.key.algorithm), public key hash \(key.key.publicKeyHash))")
                    print("      merchant identifier hash from \(key.identitySource)")
                }
                for root in configuration.sandboxTrustRoots {
                    print("  SANDBOX trust root \(root.file): tokens it signs are accepted as Apple's; never in production")
                }
            } else {
                print("  does not exist: tokens are stored unchecked")
            }
        } catch {
            print("  unusable: \(error.description)")
        }
        print("themes:   \(Paths.configHome(environment))/paydesk/themes")
        print("operator: \(Actor.current)")
        do {
            let opened = try PayDeskStore(path: store.path, mode: .readOnly)
            let totals = try opened.statusTotals()
            print("orders:   \(totals.reduce(0) { $0 + $1.orders })")
        } catch {
            print("orders:   \(error.description)")
        }
    }
}
