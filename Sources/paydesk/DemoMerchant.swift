import ApplePayToken
import Foundation
import MerchantConfiguration
import OrderModel
import OrderStore

/// The demo's merchant: a sandbox PKI, its keys written beside the demo store as a merchant would keep them
/// (a config.toml, keys readable by their owner only, the sandbox root trusted explicitly), and tokens that
/// verify and decrypt for real through that configuration.
struct DemoMerchant {
    let pki: SandboxPKI
    let configuration: MerchantConfiguration

    static let identifier = "merchant.com.example.teahouse"

    /// Writes `folder/config.toml` and its key files, replacing an earlier demo's.
    init(folder: String, now: Timestamp) throws {
        pki = try SandboxPKI(merchantIdentifier: Self.identifier, now: now.date)
        let files = FileManager.default
        try? files.removeItem(atPath: folder)
        do {
            try files.createDirectory(atPath: folder + "/keys", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure("\(folder): cannot create the demo merchant's folder")
        }
        let config = """
            # The PayDesk demo's merchant (a sandbox PKI made by `paydesk demo`): never use these keys for real.
            [[merchant_keys]]
            private_key = "keys/processing-ec.key.pem"
            certificate = "keys/processing-ec.cert.pem"

            [[merchant_keys]]
            private_key = "keys/processing-rsa.key.pem"
            merchant_identifier = "\(Self.identifier)"

            [sandbox]
            trust_roots = ["keys/sandbox-root.pem"]

            """
        for (name, text) in [("config.toml", config), ("keys/processing-ec.key.pem", pki.merchantECKeyPEM),
                             ("keys/processing-ec.cert.pem", pki.merchantCertificatePEM),
                             ("keys/processing-rsa.key.pem", pki.merchantRSAKeyPEM), ("keys/sandbox-root.pem", pki.rootPEM)] {
            guard files.createFile(atPath: "\(folder)/\(name)", contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw CommandFailure("\(folder)/\(name): cannot write it")
            }
        }
        do {
            guard let loaded = try MerchantConfiguration.load(folder + "/config.toml") else { throw CommandFailure("\(folder)/config.toml: missing") }
            configuration = loaded
        } catch let error as ConfigurationError {
            throw CommandFailure(error)
        }
    }

    /// Tokens for the demo's orders, checked at ingest with the configuration just written.
    var tokens: DemoTokens {
        let pki = pki
        return DemoTokens(verifier: configuration.inspector) { request in
            let payment = SandboxPKI.Payment(accountNumber: request.accountNumber, expiration: request.expiration,
                                             currencyNumericCode: request.amount.currency.numericCode, amount: request.amount.minorUnits)
            return try pki.token(payment, version: request.isRSA ? .rsaV1 : .ecV1, signedAt: request.signedAt.date,
                                 applicationData: request.applicationData, forRetiredKey: request.forRetiredKey,
                                 transactionId: request.transactionId)
        }
    }
}
