import ArgumentParser
import Foundation
import MerchantConfiguration
import OrderModel
import OrderStore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info", abstract: "Show the paths PayDesk uses, the store's state, and what is unsafe about its files.")

    @OptionGroup var store: StoreOptions
    @OptionGroup var merchant: ConfigOptions

    func run() throws {
        let environment = store.environment
        try Output.line("store:    \(store.path)")
        try storeState()
        try Output.line("config:   \(merchant.file)")
        do {
            if let configuration = try MerchantConfiguration.load(merchant.file) {
                if configuration.keys.isEmpty { try Output.line("  no merchant keys: tokens are stored unchecked") }
                for key in configuration.keys {
                    try Output.line("  key \(key.privateKeyFile)  (\(key.key.algorithm), public key hash \(key.key.publicKeyHash))")
                    try Output.line("      merchant identifier hash from \(key.identitySource)")
                }
                for root in configuration.sandboxTrustRoots {
                    try Output.line("  SANDBOX trust root \(root.file): tokens it signs are accepted as Apple's; never in production")
                }
            } else {
                try Output.line("  does not exist: tokens are stored unchecked")
            }
        } catch let error as ConfigurationError {
            try Output.line("  unusable: \(error.description)")
        }
        try Output.line("themes:   \(Paths.userThemes(environment))")
        try Output.line("operator: \(try Actor.current())")
    }

    /// Whether the store exists, whether this user may change it, and, as ssh does, what others could read.
    private func storeState() throws {
        var info = stat()
        guard lstat(store.path, &info) == 0 else {
            try Output.line("          missing: create it with paydesk init")
            return
        }
        let reason = store.readOnlyReason ?? store.storeReadOnlyReason
        try Output.line("mode:     " + (reason.map { "read-only: \($0)" } ?? "read-write"))
        for file in [store.path] + StoreFiles.companions(of: store.path) {
            var fileInfo = stat()
            guard lstat(file, &fileInfo) == 0, fileInfo.st_mode & 0o004 != 0 else { continue }
            try Output.line("warning:  \(file) is readable by every user on this host (mode \(String(fileInfo.st_mode & 0o777, radix: 8))): "
                            + "customers' names, addresses and phone numbers; chmod o-r it")
        }
        do {
            let opened = try PayDeskStore(path: store.path, mode: .readOnly)
            let totals = try opened.statusTotals()
            try Output.line("orders:   \(totals.reduce(0) { $0 + $1.orders })" + (try opened.kind() == .demo ? " (a demo store)" : ""))
        } catch let error as StoreError {
            try Output.line("unusable: \(error.description)")
        }
    }
}
