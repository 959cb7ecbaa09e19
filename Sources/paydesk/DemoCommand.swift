import ArgumentParser
import Foundation
import OrderModel
import OrderStore
import PayDeskSandbox
import PaymentProcessing

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Build a demo store with realistic orders in every payment state.",
        discussion: """
            The demo store is rebuilt from scratch each time, by default at \
            $XDG_DATA_HOME/paydesk/demo.sqlite, never over your real store. The same --seed gives the same orders.

            Every order carries a real Apple Pay token from a sandbox PKI made for the demo, verified and \
            decrypted as it is ingested. The demo merchant's keys and configuration are written beside the \
            store (demo-merchant/config.toml), for `paydesk ingest --config` and `paydesk decrypt` to try.
            """)

    @Option(help: ArgumentHelp("Where to build the demo store.", valueName: "path"), completion: .store)
    var db: String?

    @Option(help: "How many orders to create.")
    var orders = DemoStore.defaultOrders

    @Option(help: "The seed: the same seed gives the same store.")
    var seed: UInt64 = 1

    @Flag(help: "Only build the store; do not open the console.")
    var noConsole = false

    @Option(help: ArgumentHelp("The console's theme: a name or a theme file.", valueName: "name|path"), completion: .theme)
    var theme: String?

    func validate() throws {
        guard (1...2_000_000).contains(orders) else { throw ValidationError("--orders must be between 1 and 2000000") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = db ?? Paths.dataHome(environment) + "/paydesk/demo.sqlite"
        if let reason = ReadOnlySetting(environment).reason { throw CommandFailure("cannot build a demo store: read-only mode (\(reason))") }
        let sandboxPath = SandboxProcessor.statePath(forStore: path)
        try Self.removeEarlierDemo(at: path, sandbox: sandboxPath)
        try build(at: path, sandbox: sandboxPath)
        guard !noConsole else { return }
        try LiveConsoleCommand.open(try StoreOptions.parse(["--db", path]), theme: theme)
    }

    /// Builds the demo store and says what is in it. Its writer, and the pages it cached, are released as this
    /// returns, before the console opens the store, which then holds the store's only connections.
    private func build(at path: String, sandbox sandboxPath: String) throws {
        let now = Timestamp.now()
        let clock = VirtualClock(now)
        let merchantFolder = (path as NSString).deletingLastPathComponent + "/demo-merchant"
        let store: PayDeskStore
        do { store = try PayDeskStore.create(at: path, kind: .demo, clock: clock.now) } catch { throw CommandFailure(error) }
        let merchant = try DemoMerchant(folder: merchantFolder, now: now)
        do {
            try DemoStore(orders: orders, seed: seed, now: now, tokens: merchant.tokens).build(into: store, clock: clock, actor: Actor(login: "demo"))
            let totals = try store.statusTotals()
            try Output.line("Demo store with \(orders) orders: \(path)")
            try Output.line("Demo merchant keys: \(merchantFolder)/config.toml")
            // The sandbox processor takes over the demo's charges, so `paydesk process --processor sandbox` finishes them.
            try SandboxProcessor(path: sandboxPath, clock: Timestamp.now).adopt(try store.acceptedCharges())
            for status in PaymentStatus.allCases {
                let rows = totals.filter { $0.status == status }
                guard !rows.isEmpty else { continue }
                let amounts = rows.map(\.amount.description).joined(separator: ", ")
                try Output.line("  \(status.rawValue.padding(toLength: 19, withPad: " ", startingAt: 0)) \(String(rows.reduce(0) { $0 + $1.orders }).leftPadded(to: 6))  \(amounts)")
            }
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// A demo is rebuilt from scratch, but only over a demo: a store `paydesk demo` marked as its own, and the
    /// sandbox's state beside it. Anything else at the path (a shop's store, any other file) is left alone.
    static func removeEarlierDemo(at path: String, sandbox: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let isDemo = (try? PayDeskStore(path: path, mode: .readOnly).kind()) == .demo
        guard isDemo else { throw CommandFailure(StoreError.notADemoStore(path: path)) }
        do { try SandboxProcessor.removeState(at: sandbox) } catch { throw CommandFailure("\(sandbox): \(error)") }
        for file in [path] + StoreFiles.companions(of: path) where unlink(file) != 0 && errno != ENOENT {
            throw CommandFailure("\(file): cannot remove the earlier demo: \(String(cString: strerror(errno)))")
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
