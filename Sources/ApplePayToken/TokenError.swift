/// Why a token was not accepted, in one line naming the check that failed. Never carries key material or
/// decrypted data.
public enum TokenError: Error, Equatable, CustomStringConvertible {
    case format(field: String, reason: String)
    case keyNotFound(publicKeyHash: String)
    case keyAgreement
    case keyUnwrap
    case authenticationTag
    case paymentData(String)
    case merchantKey(String)
    /// The Payment Processing certificate given with the key: its own case, so that the file at fault is named.
    case merchantCertificate(String)
    case signature(String)
    case certificateMarker(String)
    case chain(String)
    case replayWindow(String)

    public var description: String {
        switch self {
        case .format(let field, let reason): "format: \(field): \(reason)"
        case .keyNotFound(let hash): "key not found: no configured merchant key has public key hash \(hash)"
        case .keyAgreement: "key agreement: the ephemeral public key does not agree with the merchant key"
        case .keyUnwrap: "key unwrap: the wrapped key does not decrypt with the merchant's RSA key"
        case .authenticationTag: "authentication tag: the payment data does not decrypt with this key (tampered, or the wrong merchant identifier)"
        case .paymentData(let reason): "payment data: \(reason)"
        case .merchantKey(let reason): "merchant key: \(reason)"
        case .merchantCertificate(let reason): "merchant certificate: \(reason)"
        case .signature(let reason): "signature: \(reason)"
        case .certificateMarker(let reason): "certificate marker: \(reason)"
        case .chain(let reason): "chain: \(reason)"
        case .replayWindow(let reason): "replay window: \(reason)"
        }
    }
}
