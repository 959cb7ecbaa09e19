import Crypto
import Foundation
import SwiftASN1
import X509
import _CryptoExtras

/// One of the merchant's Payment Processing keys, with the merchant identifier hash it decrypts for. Several
/// can be configured at once (certificate rotation); a token's `publicKeyHash` picks one.
public struct MerchantKey: Sendable {
    // The keys are never mutated after they are read, and BoringSSL's ECDH and RSA operations on a shared key
    // are thread-safe (it locks its own lazily built RSA state), so ingest's threads may share one.
    enum Secret: @unchecked Sendable {
        case ec(P256.KeyAgreement.PrivateKey)
        case rsa(_RSA.Encryption.PrivateKey)
    }

    let secret: Secret
    /// 32 bytes, leading zeros kept.
    let merchantIdHash: [UInt8]
    /// base64(SHA-256(DER SubjectPublicKeyInfo)): what tokens name the key by.
    public let publicKeyHash: String

    /// "EC P-256" or "RSA 2048", for people checking which key is which.
    public var algorithm: String {
        switch secret {
        case .ec: "EC P-256"
        case .rsa(let key): "RSA \(key.keySizeInBits)"
        }
    }

    /// Where the merchant identifier hash comes from.
    public enum Identity: Sendable {
        /// The Payment Processing certificate, PEM: the hash is in extension 1.2.840.113635.100.6.32.
        case certificate(String)
        /// Only the merchant identifier, such as "merchant.com.example": the hash is SHA-256 of it.
        case merchantIdentifier(String)
    }

    /// Reads a private key in PEM: PKCS#8 ("PRIVATE KEY"), SEC1 ("EC PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY"),
    /// whatever comes before it ("EC PARAMETERS", "Bag Attributes"). Errors never quote the key.
    public init(privateKeyPEM: String, identity: Identity) throws(TokenError) {
        // PKCS#8's encrypted form, and OpenSSL's older one in the headers of a SEC1 or PKCS#1 block.
        if privateKeyPEM.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || privateKeyPEM.contains("Proc-Type: 4,ENCRYPTED") {
            throw .merchantKey("encrypted with a passphrase, which PayDesk cannot ask for; write it unencrypted "
                               + "(openssl pkey -in KEY -out PLAIN), readable by its owner only")
        }
        let documents: [PEMDocument]
        do { documents = try PEMDocument.parseMultiple(pemString: privateKeyPEM) } catch {
            throw .merchantKey("not a P-256 or RSA private key: the PEM is malformed "
                               + "(base64 in lines of 64 characters between matching BEGIN and END lines)")
        }
        guard let document = documents.first(where: { $0.discriminator.hasSuffix("PRIVATE KEY") }) else {
            throw .merchantKey("no PEM private key block")
        }
        // swift-crypto's DER readers take PKCS#8 and SEC1 (EC) or PKCS#8 and PKCS#1 (RSA) alike.
        if document.discriminator != "RSA PRIVATE KEY", let ec = try? P256.KeyAgreement.PrivateKey(derRepresentation: document.derBytes) {
            secret = .ec(ec)
            publicKeyHash = Data(SHA256.hash(data: ec.publicKey.derRepresentation)).base64EncodedString()
        } else if let rsa = try? _RSA.Encryption.PrivateKey(derRepresentation: document.derBytes) {
            secret = .rsa(rsa)
            publicKeyHash = Data(SHA256.hash(data: rsa.publicKey.derRepresentation)).base64EncodedString()
        } else {
            throw .merchantKey("not a P-256 or RSA private key")
        }
        switch identity {
        case .merchantIdentifier(let identifier):
            merchantIdHash = Array(SHA256.hash(data: Data(identifier.utf8)))
        case .certificate(let pem):
            merchantIdHash = try Self.merchantIdHash(certificatePEM: pem)
        }
    }

    /// Apple's merchant identifier extension in a Payment Processing certificate (the sandbox PKI writes it too).
    public static let merchantIdentifierExtension: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 32]

    /// The extension's value is a UTF8String (`0C 40`) of 64 hex characters: the 32-byte hash.
    static func merchantIdHash(certificatePEM: String) throws(TokenError) -> [UInt8] {
        let certificate: Certificate
        do { certificate = try Certificate(pemEncoded: certificatePEM) } catch { throw .merchantCertificate("not a PEM X.509 certificate") }
        guard let value = certificate.extensions.first(where: { $0.oid == merchantIdentifierExtension })?.value else {
            throw .merchantCertificate("no merchant identifier extension (1.2.840.113635.100.6.32)")
        }
        let bytes = Array(value)
        guard bytes.count == 66, bytes[0] == 0x0C, bytes[1] == 0x40, let hash = bytes[2...].hexDecoded else {
            throw .merchantCertificate("the merchant identifier extension is not 64 hex characters")
        }
        return hash
    }
}
