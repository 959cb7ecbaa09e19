import Crypto
import Foundation
import OrderModel
import _CryptoExtras

/// Decrypts Apple Pay payment data (docs/design.md §4) with whichever configured merchant key the token names, and
/// returns only its masked form.
public struct TokenDecryptor: Sendable {
    public let keys: [MerchantKey]

    public init(keys: [MerchantKey]) { self.keys = keys }

    public func decrypt(_ token: PaymentTokenData) throws(TokenError) -> MaskedPaymentData {
        guard let key = keys.first(where: { $0.publicKeyHash == token.publicKeyHash }) else {
            throw .keyNotFound(publicKeyHash: token.publicKeyHash)
        }
        let symmetricKey: SymmetricKey
        switch (token.version, key.secret) {
        case (.ecV1, .ec(let privateKey)):
            symmetricKey = try Self.ecSymmetricKey(privateKey, ephemeralPublicKey: token.ephemeralPublicKey ?? [],
                                                   merchantIdHash: key.merchantIdHash)
        case (.rsaV1, .rsa(let privateKey)):
            guard let wrapped = token.wrappedKey,
                  let unwrapped = try? privateKey.decrypt(wrapped, padding: .PKCS1_OAEP_SHA256), unwrapped.count == 16
            else { throw .keyUnwrap }
            symmetricKey = SymmetricKey(data: unwrapped)
        default:
            throw .merchantKey("a \(token.version.rawValue) token needs an \(token.version == .ecV1 ? "EC P-256" : "RSA") key")
        }
        // The plaintext holds the device account number and cryptogram or EMV data: it is read for the masked
        // fields and wiped as it goes, whether they are found or not.
        return try MaskedPaymentData(plaintext: Self.open(token.data, with: symmetricKey))
    }

    /// ECDH, then the NIST SP 800-56A concatenation KDF (one SHA-256 round):
    /// SHA-256(00000001 ‖ Z ‖ 0x0D ‖ "id-aes256-GCM" ‖ "Apple" ‖ merchantIdHash).
    /// Public for the sandbox PKI (PayDeskSandbox), which encrypts its tokens with the same key.
    public static func ecSymmetricKey(_ privateKey: P256.KeyAgreement.PrivateKey, ephemeralPublicKey: [UInt8],
                                      merchantIdHash: [UInt8]) throws(TokenError) -> SymmetricKey {
        guard let ephemeral = p256PublicKey(ephemeralPublicKey), let shared = try? privateKey.sharedSecretFromKeyAgreement(with: ephemeral)
        else { throw .keyAgreement }
        var hasher = SHA256()
        hasher.update(data: [0, 0, 0, 1])
        // Z is the fixed 32-byte x-coordinate: leading zero bytes stay.
        shared.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.update(data: algorithmAndPartyU)
        hasher.update(data: merchantIdHash)
        return SymmetricKey(data: hasher.finalize())
    }

    /// The KDF's algorithm identifier, length first, and party U info: 0x0D ‖ "id-aes256-GCM" ‖ "Apple".
    static let algorithmAndPartyU: [UInt8] = [0x0D] + Array("id-aes256-GCM".utf8) + Array("Apple".utf8)

    /// The DER SubjectPublicKeyInfo of an uncompressed P-256 key up to its point, as every ephemeral key of Apple's begins.
    static let p256KeyInfoPrefix: [UInt8] = [0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01,
                                             0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00]

    /// A key that begins so is read from its point alone; swift-crypto would parse the same prefix with its general
    /// ASN.1 reader first, which cost half as much again as reading the point. Any other goes to that reader.
    static func p256PublicKey(_ der: [UInt8]) -> P256.KeyAgreement.PublicKey? {
        if der.count == p256KeyInfoPrefix.count + 65, der.starts(with: p256KeyInfoPrefix) {
            return try? P256.KeyAgreement.PublicKey(x963Representation: der.dropFirst(p256KeyInfoPrefix.count))
        }
        return try? P256.KeyAgreement.PublicKey(derRepresentation: der)
    }

    /// AES-GCM with a 16-byte zero IV, the tag being the last 16 bytes of `data`, no additional data.
    static func open(_ data: [UInt8], with key: SymmetricKey) throws(TokenError) -> Data {
        guard let nonce = try? AES.GCM.Nonce(data: Data(repeating: 0, count: 16)),
              let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: data.dropLast(16), tag: data.suffix(16)),
              let plaintext = try? AES.GCM.open(box, using: key) else { throw .authenticationTag }
        return plaintext
    }
}
