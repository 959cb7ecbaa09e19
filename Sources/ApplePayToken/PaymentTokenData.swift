import Foundation
import OrderModel

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
        func text(_ value: Any?, _ field: String) throws(TokenError) -> String {
            guard let text = value as? String else { throw .format(field: field, reason: "missing") }
            guard text.utf8.count <= Self.maximumFieldBytes * 4 / 3 + 4 else {
                throw .format(field: field, reason: "larger than \(Self.maximumFieldBytes) bytes")
            }
            return text
        }
        // In the order a reader would check: what it is, what it carries, then the header.
        let versionText = try text(object["version"], "version")
        guard Version(rawValue: versionText) != nil else { throw .unsupportedVersion(versionText) }
        let data = try text(object["data"], "data"), signature = try text(object["signature"], "signature")
        guard let header = object["header"] as? [String: Any] else { throw .format(field: "header", reason: "missing") }
        try self.init(fields: PaymentTokenFields(
            version: versionText, data: data,
            signature: signature, ephemeralPublicKey: header["ephemeralPublicKey"] as? String,
            wrappedKey: header["wrappedKey"] as? String, publicKeyHash: try text(header["publicKeyHash"], "header.publicKeyHash"),
            transactionId: try text(header["transactionId"], "header.transactionId"),
            applicationData: header["applicationData"] as? String))
    }

    /// Decodes the fields as ingest read them from an order line.
    public init(fields: PaymentTokenFields) throws(TokenError) {
        func bounded(_ text: String, _ field: String) throws(TokenError) -> String {
            guard text.utf8.count <= Self.maximumFieldBytes * 4 / 3 + 4 else {
                throw .format(field: field, reason: "larger than \(Self.maximumFieldBytes) bytes")
            }
            return text
        }
        func base64(_ value: String?, _ field: String) throws(TokenError) -> Data {
            guard let value else { throw .format(field: field, reason: "missing") }
            guard let bytes = Data(base64Encoded: try bounded(value, field)) else { throw .format(field: field, reason: "not valid base64") }
            return bytes
        }
        guard let version = Version(rawValue: try bounded(fields.version, "version")) else { throw .unsupportedVersion(fields.version) }
        self.version = version
        data = try base64(fields.data, "data")
        guard data.count > 16 else { throw .format(field: "data", reason: "too short to hold a GCM tag") }
        signature = try base64(fields.signature, "signature")
        publicKeyHash = try bounded(fields.publicKeyHash, "header.publicKeyHash")
        transactionId = try bounded(fields.transactionId, "header.transactionId")
        applicationData = try fields.applicationData.map { (value: String) throws(TokenError) in try bounded(value, "header.applicationData") }
        switch version {
        case .ecV1:
            ephemeralPublicKey = try base64(fields.ephemeralPublicKey, "header.ephemeralPublicKey")
            wrappedKey = nil
        case .rsaV1:
            wrappedKey = try base64(fields.wrappedKey, "header.wrappedKey")
            ephemeralPublicKey = nil
        }
    }
}
