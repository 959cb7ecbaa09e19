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
            symmetricKey = try Self.ecSymmetricKey(privateKey, ephemeralPublicKey: token.ephemeralPublicKey ?? Data(),
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
    public static func ecSymmetricKey(_ privateKey: P256.KeyAgreement.PrivateKey, ephemeralPublicKey: Data,
                                      merchantIdHash: [UInt8]) throws(TokenError) -> SymmetricKey {
        guard let ephemeral = try? P256.KeyAgreement.PublicKey(derRepresentation: ephemeralPublicKey),
              let shared = try? privateKey.sharedSecretFromKeyAgreement(with: ephemeral) else { throw .keyAgreement }
        var hasher = SHA256()
        hasher.update(data: [0, 0, 0, 1])
        // Z is the fixed 32-byte x-coordinate: leading zero bytes stay.
        shared.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        hasher.update(data: [0x0D])
        hasher.update(data: Array("id-aes256-GCM".utf8))
        hasher.update(data: Array("Apple".utf8))
        hasher.update(data: merchantIdHash)
        return SymmetricKey(data: Data(hasher.finalize()))
    }

    /// AES-GCM with a 16-byte zero IV, the tag being the last 16 bytes of `data`, no additional data.
    static func open(_ data: Data, with key: SymmetricKey) throws(TokenError) -> Data {
        guard let nonce = try? AES.GCM.Nonce(data: Data(repeating: 0, count: 16)),
              let box = try? AES.GCM.SealedBox(nonce: nonce, ciphertext: data.dropLast(16), tag: data.suffix(16)),
              let plaintext = try? AES.GCM.open(box, using: key) else { throw .authenticationTag }
        return plaintext
    }
}
