import Crypto
import Foundation
import OrderModel
import OrderStore
import SwiftASN1

/// A signed statement of the audit log's head: "this store's log had N entries ending in hash H at time T",
/// signed with an Ed25519 key the shop keeps apart from the store, so that a second host or an auditor can hold
/// the shop to its history (as Certificate Transparency's signed tree heads do for a log of certificates).
///
/// ```
/// paydesk audit checkpoint
/// store /srv/paydesk/paydesk.sqlite
/// entries 12345
/// head 3f2a…
/// time 2026-11-23T10:00:00Z
/// key ed25519 BASE64-PUBLIC-KEY
/// signature BASE64-SIGNATURE
/// ```
/// The signature covers every line before it, each ended by a newline.
struct AuditCheckpoint {
    var store: String
    var head: AuditHead
    var time: Timestamp
    var publicKey: Curve25519.Signing.PublicKey
    var signature: Data

    static let title = "paydesk audit checkpoint"

    var signedText: String {
        [Self.title, "store \(store)", "entries \(head.entries)", "head \(head.hash.hexEncoded)", "time \(time.rfc3339)",
         "key ed25519 \(publicKey.rawRepresentation.base64EncodedString())"].map { $0 + "\n" }.joined()
    }

    var text: String { signedText + "signature \(signature.base64EncodedString())\n" }

    /// The key's own name for people comparing keys: base64 of its 32 bytes.
    var keyName: String { publicKey.rawRepresentation.base64EncodedString() }

    static func sign(store: String, head: AuditHead, time: Timestamp, key: Curve25519.Signing.PrivateKey) throws -> AuditCheckpoint {
        var checkpoint = AuditCheckpoint(store: store, head: head, time: time, publicKey: key.publicKey, signature: Data())
        checkpoint.signature = try key.signature(for: Data(checkpoint.signedText.utf8))
        return checkpoint
    }

    var isSignedByItsKey: Bool { publicKey.isValidSignature(signature, for: Data(signedText.utf8)) }

    /// Reads a checkpoint file; any line out of place is named.
    init(text: String, file: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        func field(_ index: Int, _ name: String) throws -> String {
            guard index < lines.count, lines[index].hasPrefix(name + " ") else {
                throw CommandFailure("\(file): line \(index + 1) should start with \"\(name) \"; this is not a PayDesk audit checkpoint")
            }
            return String(lines[index].dropFirst(name.count + 1))
        }
        guard lines.first == Self.title, lines.count == 7 else { throw CommandFailure("\(file): not a PayDesk audit checkpoint") }
        guard let entries = Int64(try field(2, "entries")), let head = AuditHead(text: "\(entries):\(try field(3, "head"))"),
              let time = Timestamp(rfc3339: try field(4, "time")) else { throw CommandFailure("\(file): its entries, head or time cannot be read") }
        let key = try field(5, "key")
        // Base64 has one spelling (OrderModel's Base64), so a checkpoint has one file: a lenient decoder would take
        // a respelled key or signature as the same one.
        guard key.hasPrefix("ed25519 "), let keyBytes = try? Base64.decode(String(key.dropFirst(8))),
              let publicKey = try? Curve25519.Signing.PublicKey(rawRepresentation: keyBytes) else {
            throw CommandFailure("\(file): its key is not an Ed25519 public key")
        }
        let signatureText = try field(6, "signature")
        guard let signature = try? Base64.decode(signatureText) else { throw CommandFailure("\(file): its signature is not base64") }
        self.init(store: try field(1, "store"), head: head, time: time, publicKey: publicKey, signature: Data(signature))
    }

    private init(store: String, head: AuditHead, time: Timestamp, publicKey: Curve25519.Signing.PublicKey, signature: Data) {
        self.store = store
        self.head = head
        self.time = time
        self.publicKey = publicKey
        self.signature = signature
    }
}

/// Ed25519 keys as OpenSSL writes them (`openssl genpkey -algorithm ed25519`): PKCS#8 and SubjectPublicKeyInfo
/// in PEM (RFC 8410), read with swift-asn1.
enum Ed25519PEM {
    static let algorithm: ASN1ObjectIdentifier = [1, 3, 101, 112]

    static func privateKey(_ pem: String, file: String) throws -> Curve25519.Signing.PrivateKey {
        do {
            let document = try PEMDocument(pemString: pem)
            guard document.discriminator == "PRIVATE KEY", case .constructed(let fields) = try DER.parse(document.derBytes).content else {
                throw CommandFailure("\(file): not a PEM private key (PKCS#8)")
            }
            let parts = Array(fields)
            guard parts.count >= 3, case .constructed(let identifier) = parts[1].content, let oid = Array(identifier).first,
                  try ASN1ObjectIdentifier(derEncoded: oid) == algorithm else { throw CommandFailure("\(file): not an Ed25519 private key") }
            let wrapped = try ASN1OctetString(derEncoded: parts[2])
            let seed = try ASN1OctetString(derEncoded: Array(wrapped.bytes))
            return try Curve25519.Signing.PrivateKey(rawRepresentation: seed.bytes)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(file): not an Ed25519 private key in PEM")
        }
    }

    static func publicKey(_ pem: String, file: String) throws -> Curve25519.Signing.PublicKey {
        do {
            let document = try PEMDocument(pemString: pem)
            guard document.discriminator == "PUBLIC KEY", case .constructed(let fields) = try DER.parse(document.derBytes).content else {
                throw CommandFailure("\(file): not a PEM public key")
            }
            let parts = Array(fields)
            guard parts.count == 2, case .constructed(let identifier) = parts[0].content, let oid = Array(identifier).first,
                  try ASN1ObjectIdentifier(derEncoded: oid) == algorithm else { throw CommandFailure("\(file): not an Ed25519 public key") }
            return try Curve25519.Signing.PublicKey(rawRepresentation: try ASN1BitString(derEncoded: parts[1]).bytes)
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure("\(file): not an Ed25519 public key in PEM")
        }
    }
}
