import ApplePayToken
import Foundation
import MerchantConfiguration
import OrderModel
import OrderStore
import PayDeskSandbox

/// The demo's merchant: a sandbox PKI, its keys written beside the demo store as a merchant would keep them
/// (a config.toml, keys readable by their owner only, the sandbox root trusted explicitly), and tokens that
/// verify and decrypt for real through that configuration.
struct DemoMerchant {
    let pki: SandboxPKI
    let configuration: MerchantConfiguration

    static let identifier = "merchant.com.example.teahouse"

    /// The first line of the demo's config.toml: what marks a folder as the demo merchant's.
    static let marker = "# The PayDesk demo's merchant (a sandbox PKI made by `paydesk demo`): never use these keys for real."
    static let files = ["config.toml", "keys/processing-ec.key.pem", "keys/processing-ec.cert.pem", "keys/processing-rsa.key.pem",
                        "keys/sandbox-root.pem"]

    /// Writes `folder/config.toml` and its key files, replacing an earlier demo's.
    init(folder: String, now: Timestamp) throws {
        pki = try SandboxPKI(merchantIdentifier: Self.identifier, now: now.date)
        let fileManager = FileManager.default
        try Self.removeEarlier(folder)
        do {
            try fileManager.createDirectory(atPath: folder + "/keys", withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure("\(folder): cannot create the demo merchant's folder")
        }
        let config = """
            \(Self.marker)
            [[merchant_keys]]
            private_key = "keys/processing-ec.key.pem"
            certificate = "keys/processing-ec.cert.pem"

            [[merchant_keys]]
            private_key = "keys/processing-rsa.key.pem"
            merchant_identifier = "\(Self.identifier)"

            [sandbox]
            trust_roots = ["keys/sandbox-root.pem"]

            """
        for (name, text) in zip(Self.files, [config, pki.merchantECKeyPEM, pki.merchantCertificatePEM, pki.merchantRSAKeyPEM, pki.rootPEM]) {
            guard fileManager.createFile(atPath: "\(folder)/\(name)", contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]) else {
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

    /// Removes an earlier demo's files, and the folders if nothing else is left in them; a folder whose
    /// config.toml is not the demo's is refused, and nothing in it is touched.
    static func removeEarlier(_ folder: String) throws {
        guard FileManager.default.fileExists(atPath: folder) else { return }
        let config = (try? String(contentsOfFile: folder + "/config.toml", encoding: .utf8)) ?? ""
        guard config.hasPrefix(marker) else {
            throw CommandFailure("\(folder) exists and is not the demo merchant's; it was left as it is (move it, or choose another --db)")
        }
        for name in files { unlink("\(folder)/\(name)") }
        rmdir(folder + "/keys")
        rmdir(folder)
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
