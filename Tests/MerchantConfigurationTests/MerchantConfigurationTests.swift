import ApplePayToken
import Foundation
import OrderModel
import PayDeskSandbox
import Testing
@testable import MerchantConfiguration

/// A merchant's config.toml as an operator writes it, and the ways it goes wrong.
@Suite struct MerchantConfigurationTests {
    static let now = Date(timeIntervalSince1970: 1_795_253_400)
    let folder: String
    let pki: SandboxPKI

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/keys", withIntermediateDirectories: true)
        pki = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now)
        try write("keys/ec.key.pem", pki.merchantECKeyPEM, mode: 0o600)
        try write("keys/ec.cert.pem", pki.merchantCertificatePEM, mode: 0o644)
        try write("keys/rsa.key.pem", pki.merchantRSAKeyPEM, mode: 0o600)
        try write("keys/root.pem", pki.rootPEM, mode: 0o644)
    }

    static let goodConfig = """
        [[merchant_keys]]
        private_key = "keys/ec.key.pem"
        certificate = "keys/ec.cert.pem"

        [[merchant_keys]]
        private_key = "keys/rsa.key.pem"
        merchant_identifier = "merchant.com.example.teahouse"

        [sandbox]
        trust_roots = ["keys/root.pem"]
        """

    func write(_ name: String, _ text: String, mode: Int) throws {
        let path = folder + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
    }

    func load(_ text: String, mode: Int = 0o600) throws -> MerchantConfiguration? {
        try write("config.toml", text, mode: mode)
        return try MerchantConfiguration.load(folder + "/config.toml")
    }

    func problem(_ text: String, mode: Int = 0o600) -> String? {
        do {
            _ = try load(text, mode: mode)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func readsKeysByCertificateAndByIdentifierWithPathsBesideTheFile() throws {
        // Given the merchant's EC key with its certificate and RSA key with its identifier
        let configuration = try #require(try load(Self.goodConfig))
        // Then both keys are there, named by their public key hash, and the sandbox root is trusted
        #expect(configuration.keys.map(\.key.algorithm) == ["EC P-256", "RSA 2048"])
        #expect(configuration.keys.map(\.privateKeyFile) == [folder + "/keys/ec.key.pem", folder + "/keys/rsa.key.pem"])
        #expect(configuration.sandboxTrustRoots.map(\.file) == [folder + "/keys/root.pem"])
        // And tokens for either key verify and decrypt through it
        for version in [PaymentTokenData.Version.ecV1, .rsaV1] {
            let json = try pki.token(SandboxPKI.Payment(accountNumber: "6258071234567890", expiration: "291231",
                                                        currencyNumericCode: "156", amount: 12_800),
                                     version: version, signedAt: Self.now.addingTimeInterval(-5))
            let fields = try Self.fields(json)
            let total = Money(minorUnits: 12_800, currency: try #require(Currency(code: "CNY")))
            let verification = configuration.inspector.verify(fields, orderTotal: total, acceptedAt: Timestamp(date: Self.now))
            #expect(verification.outcome == .verified && verification.payment?.accountLast4 == "7890" && verification.matchesOrder == true)
        }
    }

    @Test func aMissingFileMeansNoKeys() throws {
        #expect(try MerchantConfiguration.load(folder + "/nothing.toml") == nil)
    }

    @Test func refusesAPrivateKeyOthersCanRead() throws {
        // Given a key file readable by its group, as ssh would refuse it
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder + "/keys/ec.key.pem")
        // Then loading names the file, the setting and the fix
        #expect(problem(Self.goodConfig) == "\(folder)/config.toml:2: merchant_keys[1].private_key: \(folder)/keys/ec.key.pem: "
                + "private key is readable by group or others (mode 640); chmod 600 it")
    }

    @Test func refusesAConfigurationOthersCanWrite() {
        // It decides which roots are trusted.
        #expect(problem(Self.goodConfig, mode: 0o666) == "\(folder)/config.toml: writable by group or others (mode 666); chmod go-w it")
    }

    @Test func namesTheLineAndKeyOfEveryMistake() {
        #expect(problem("[[merchant_keys]]\ncertificate = \"keys/ec.cert.pem\"\n")
                == "\(folder)/config.toml: merchant_keys[1].private_key: missing: the PEM file of the private key")
        #expect(problem("[[merchant_keys]]\nprivate_key = \"keys/ec.key.pem\"\n")
                == "\(folder)/config.toml:1: merchant_keys[1]: give exactly one of certificate and merchant_identifier")
        #expect(problem("# keys\nmerchant_key = 1\n")
                == "\(folder)/config.toml:2: merchant_key: unknown setting; expected [[merchant_keys]] or [sandbox]")
        #expect(problem(Self.goodConfig + "\nextra = true\n")
                == "\(folder)/config.toml:11: sandbox.extra: unknown setting; expected trust_roots")
        #expect(problem("[[merchant_keys]]\nprivate_key = \"keys/missing.pem\"\nmerchant_identifier = \"m\"\n")
                == "\(folder)/config.toml:2: merchant_keys[1].private_key: \(folder)/keys/missing.pem: No such file or directory")
        #expect(problem("[sandbox]\ntrust_roots = [\"keys/ec.key.pem\"]\n")?.hasSuffix("not a PEM certificate") == true)
        #expect(problem("[[merchant_keys]\n")?.hasPrefix("\(folder)/config.toml:1: ") == true)
        // toml++ 3.4.0, inside TOMLKit, stopped the process on these instead of reporting them
        #expect(problem("# keys\n[[ =merchant_keys]]\n")
                == "\(folder)/config.toml:2: a table header must start with a name, as in [[merchant_keys]]")
        #expect(problem("[#sandbox]\n") == "\(folder)/config.toml:1: a table header must start with a name, as in [[merchant_keys]]")
    }

    @Test func keyMaterialNeverAppearsInAMessage() throws {
        // Given a "key" file that holds something other than a key
        let secret = pki.merchantECKeyPEM.split(separator: "\n")[1]
        try write("keys/ec.key.pem", "-----BEGIN PRIVATE KEY-----\n\(secret)X\n-----END PRIVATE KEY-----\n", mode: 0o600)
        let message = try #require(problem(Self.goodConfig))
        // Then the message says what is wrong without a byte of it
        #expect(message.contains("merchant_keys[1]") && message.contains("not a P-256 or RSA private key"))
        #expect(!message.contains(secret.prefix(16)))
    }

    @Test func aBadKeyOrCertificateIsNamedByItsOwnSettingAndFile() throws {
        // Given a key file that holds no key, beside a good certificate
        let goodKey = pki.merchantECKeyPEM
        try write("keys/ec.key.pem", pki.merchantCertificatePEM, mode: 0o600)
        // Then the private key's line, setting and file are named, not the certificate's
        #expect(problem(Self.goodConfig)?.hasPrefix("\(folder)/config.toml:2: merchant_keys[1].private_key: keys/ec.key.pem: merchant key: ") == true,
                "\(problem(Self.goodConfig) ?? "")")
        // And a certificate file that holds a key names the certificate's
        try write("keys/ec.key.pem", goodKey, mode: 0o600)
        try write("keys/ec.cert.pem", goodKey, mode: 0o600)
        #expect(problem(Self.goodConfig)
                == "\(folder)/config.toml:3: merchant_keys[1].certificate: keys/ec.cert.pem: merchant certificate: not a PEM X.509 certificate")
        // And a key encrypted with a passphrase is called that
        try write("keys/ec.cert.pem", pki.merchantCertificatePEM, mode: 0o600)
        try write("keys/ec.key.pem", "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIB\n-----END ENCRYPTED PRIVATE KEY-----\n", mode: 0o600)
        #expect(problem(Self.goodConfig)?.contains("private_key: keys/ec.key.pem: merchant key: encrypted with a passphrase") == true)
    }

    @Test func refusesKeysAndRootsInAFolderOthersCouldChange() throws {
        // Given keys in a folder anyone may write to (as OpenSSH checks, not only the files' modes)
        chmod(folder + "/keys", 0o777)
        // Then the configuration is refused, naming the folder and the fix
        let message = try #require(problem(Self.goodConfig))
        #expect(message.contains("its folder \(folder)/keys is writable by group or others (mode 777), who could replace it; chmod go-w it"))
        // And a sticky folder, where others cannot replace what is ours, is accepted
        chmod(folder + "/keys", 0o1777)
        #expect(problem(Self.goodConfig) == nil)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
    func refusesAKeyOwnedByAnotherUser() throws {
        let nobody = try #require(getpwnam("nobody")).pointee.pw_uid
        chown(folder + "/keys/rsa.key.pem", nobody, uid_t.max)
        let message = try #require(problem(Self.goodConfig))
        #expect(message.contains("keys/rsa.key.pem: owned by nobody; it must belong to root"))
    }

    static func fields(_ json: Data) throws -> PaymentTokenFields {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let header = try #require(object["header"] as? [String: String])
        return PaymentTokenFields(version: object["version"] as? String ?? "", data: object["data"] as? String ?? "",
                                  signature: object["signature"] as? String ?? "", ephemeralPublicKey: header["ephemeralPublicKey"],
                                  wrappedKey: header["wrappedKey"], publicKeyHash: header["publicKeyHash"] ?? "",
                                  transactionId: header["transactionId"] ?? "", applicationData: header["applicationData"])
    }
}
