import ArgumentParser
import Foundation
import MerchantConfiguration

/// `--config`: the merchant's keys for verifying and decrypting tokens (docs/design.md §4).
struct ConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration with the merchant's keys (default: $XDG_CONFIG_HOME/paydesk/config.toml).",
                               valueName: "path"), completion: .configuration)
    var config: String?

    var file: String { config ?? Paths.merchantConfiguration(ProcessInfo.processInfo.environment) }

    /// The configuration, or nil when the default file does not exist. A file named by --config must exist.
    func load() throws -> MerchantConfiguration? {
        do {
            guard let loaded = try MerchantConfiguration.load(file) else {
                if let config { throw CommandFailure("\(config): no such file") }
                return nil
            }
            return loaded
        } catch let error as ConfigurationError {
            throw CommandFailure(error)
        }
    }
}
