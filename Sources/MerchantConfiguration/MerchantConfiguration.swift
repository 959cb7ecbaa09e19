import ApplePayToken
import Foundation
import OrderModel
import SettingsFile
import TOMLKit
import X509

/// The merchant's side of Apple Pay, read from `config.toml`: the Payment Processing keys tokens are decrypted
/// with (several at once while certificates rotate) and, for sandbox tokens only, extra trust roots.
///
/// ```toml
/// [[merchant_keys]]
/// private_key = "keys/processing-2026.key.pem"   # relative to this file's folder; mode 600
/// certificate = "keys/processing-2026.cert.pem"  # or: merchant_identifier = "merchant.com.example"
///
/// [sandbox]
/// trust_roots = ["sandbox-root.pem"]             # never in production
/// ```
///
/// Like ssh, it refuses a private key others can read and a configuration others can write (it decides which
/// roots are trusted). No message ever quotes key material.
public struct MerchantConfiguration: Sendable {
    /// One configured key, as `paydesk info` describes it.
    public struct Key: Sendable {
        public var privateKeyFile: String
        /// "certificate <path>" or "merchant identifier <id>".
        public var identitySource: String
        public var key: MerchantKey
    }

    public struct TrustRoot: Sendable {
        public var file: String
        public var certificate: Certificate
    }

    public var file: String
    public var keys: [Key]
    public var sandboxTrustRoots: [TrustRoot]

    /// Checks every token with these keys and roots.
    public var inspector: TokenInspector {
        TokenInspector(keys: keys.map(\.key), extraRoots: sandboxTrustRoots.map(\.certificate))
    }

    /// Reads and checks the file. A missing file is nil: tokens are then stored unchecked.
    public static func load(_ file: String) throws(ConfigurationError) -> MerchantConfiguration? {
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        let text: String
        do { text = try SecretFile.read(file, secret: false, writableByOthersRefused: true) } catch {
            throw ConfigurationError(file: file, line: nil, key: nil, problem: error.problem.dropPrefix(file + ": "))
        }
        let settings = try SettingsDocument(parsing: text, file: file, exampleHeader: "[[merchant_keys]]", showsParserMessage: true)
        let (document, lines) = (settings.table, settings.lines)
        let folder = (file as NSString).deletingLastPathComponent
        func resolved(_ path: String) -> String { path.hasPrefix("/") ? path : folder + "/" + path }
        for key in document.keys where !["merchant_keys", "sandbox"].contains(key) {
            throw ConfigurationError(file: file, line: lines.line(of: key), key: key, problem: "unknown setting; expected [[merchant_keys]] or [sandbox]")
        }

        var keys: [Key] = []
        if let entries = document["merchant_keys"] {
            guard let array = entries.array else {
                throw ConfigurationError(file: file, line: lines.line(of: "merchant_keys"), key: "merchant_keys", problem: "must be [[merchant_keys]] tables")
            }
            for (index, entry) in array.enumerated() {
                let name = "merchant_keys[\(index + 1)]"
                func problem(_ key: String?, _ what: String) -> ConfigurationError {
                    ConfigurationError(file: file, line: lines.line(of: key, inTable: "merchant_keys", occurrence: index),
                                       key: key.map { "\(name).\($0)" } ?? name, problem: what)
                }
                guard let table = entry.table else { throw problem(nil, "must be a table") }
                for key in table.keys where !["private_key", "certificate", "merchant_identifier"].contains(key) {
                    throw problem(key, "unknown setting; expected private_key and one of certificate or merchant_identifier")
                }
                guard let keyPath = table["private_key"]?.string, !keyPath.isEmpty else { throw problem("private_key", "missing: the PEM file of the private key") }
                let certificate = table["certificate"]?.string, identifier = table["merchant_identifier"]?.string
                guard (certificate == nil) != (identifier == nil) else {
                    throw problem(nil, "give exactly one of certificate and merchant_identifier")
                }
                let keyFile = resolved(keyPath)
                let identity: MerchantKey.Identity
                let source: String
                if let certificate {
                    let certificateFile = resolved(certificate)
                    do { identity = .certificate(try SecretFile.read(certificateFile, secret: false, writableByOthersRefused: false)) }
                    catch { throw problem("certificate", error.problem) }
                    source = "certificate \(certificateFile)"
                } else {
                    identity = .merchantIdentifier(identifier ?? "")
                    source = "merchant identifier \(identifier ?? "")"
                }
                let pem: String
                do { pem = try SecretFile.read(keyFile, secret: true, writableByOthersRefused: false) } catch { throw problem("private_key", error.problem) }
                do { keys.append(Key(privateKeyFile: keyFile, identitySource: source, key: try MerchantKey(privateKeyPEM: pem, identity: identity))) }
                catch {
                    if case .merchantCertificate = error { throw problem("certificate", "\(certificate ?? ""): \(error)") }
                    throw problem("private_key", "\(keyPath): \(error)")
                }
            }
        }

        var roots: [TrustRoot] = []
        if let sandbox = document["sandbox"] {
            guard let table = sandbox.table else { throw ConfigurationError(file: file, line: lines.line(of: "sandbox"), key: "sandbox", problem: "must be a table") }
            for key in table.keys where key != "trust_roots" {
                throw ConfigurationError(file: file, line: lines.line(of: key, inTable: "sandbox"), key: "sandbox.\(key)", problem: "unknown setting; expected trust_roots")
            }
            let line = lines.line(of: "trust_roots", inTable: "sandbox")
            let values = table["trust_roots"]?.array
            let list = values?.compactMap(\.string) ?? []
            guard let values, list.count == values.count else {
                throw ConfigurationError(file: file, line: line, key: "sandbox.trust_roots", problem: "must be a list of PEM certificate files")
            }
            for path in list {
                let rootFile = resolved(path)
                do {
                    let pem = try SecretFile.read(rootFile, secret: false, writableByOthersRefused: true)
                    guard let certificate = try? Certificate(pemEncoded: pem) else {
                        throw ConfigurationError(file: rootFile, line: nil, key: nil, problem: "not a PEM certificate")
                    }
                    roots.append(TrustRoot(file: rootFile, certificate: certificate))
                } catch {
                    throw ConfigurationError(file: file, line: line, key: "sandbox.trust_roots", problem: error.problem)
                }
            }
        }
        return MerchantConfiguration(file: file, keys: keys, sandboxTrustRoots: roots)
    }
}

/// A configuration that cannot be used: `config.toml:4: merchant_keys[1].private_key: keys/a.pem: …`.
public typealias ConfigurationError = SettingsFileError

extension String {
    func dropPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
