import Foundation

/// `PKPaymentToken.paymentData`: what Apple encrypted and signed for the merchant.
public struct PaymentTokenData: Sendable, Equatable {
    public enum Version: String, Sendable { case ecV1 = "EC_v1", rsaV1 = "RSA_v1" }

    public var version: Version
    public var data: Data
    public var signature: Data
    public var ephemeralPublicKey: Data?
    public var wrappedKey: Data?
    public var publicKeyHash: String
    public var transactionId: String
    public var applicationData: String?

    /// A real token is a few kilobytes; a field past this is refused before anything is decoded from it.
    public static let maximumFieldBytes = 64 * 1024

    /// Parses the `paymentData` JSON object.
    public init(json: Data) throws(TokenError) {
        guard json.count <= 4 * Self.maximumFieldBytes,
              let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw .format(field: "paymentData", reason: "not a JSON object")
        }
        guard let header = object["header"] as? [String: Any] else { throw .format(field: "header", reason: "missing") }
        func text(_ value: Any?, _ field: String) throws(TokenError) -> String {
            guard let text = value as? String else { throw .format(field: field, reason: "missing") }
            guard text.utf8.count <= Self.maximumFieldBytes * 4 / 3 + 4 else {
                throw .format(field: field, reason: "larger than \(Self.maximumFieldBytes) bytes")
            }
            return text
        }
        func base64(_ value: Any?, _ field: String) throws(TokenError) -> Data {
            guard let bytes = Data(base64Encoded: try text(value, field)) else { throw .format(field: field, reason: "not valid base64") }
            return bytes
        }
        let versionText = try text(object["version"], "version")
        guard let version = Version(rawValue: versionText) else { throw .unsupportedVersion(versionText) }
        self.version = version
        data = try base64(object["data"], "data")
        guard data.count > 16 else { throw .format(field: "data", reason: "too short to hold a GCM tag") }
        signature = try base64(object["signature"], "signature")
        publicKeyHash = try text(header["publicKeyHash"], "header.publicKeyHash")
        transactionId = try text(header["transactionId"], "header.transactionId")
        applicationData = header["applicationData"] as? String
        switch version {
        case .ecV1:
            ephemeralPublicKey = try base64(header["ephemeralPublicKey"], "header.ephemeralPublicKey")
            wrappedKey = nil
        case .rsaV1:
            wrappedKey = try base64(header["wrappedKey"], "header.wrappedKey")
            ephemeralPublicKey = nil
        }
    }
}
