import Foundation
import OrderModel
import StrictJSON

/// `PKPaymentToken.paymentData`: what Apple encrypted and signed for the merchant.
public struct PaymentTokenData: Sendable, Equatable {
    public typealias Version = PaymentTokenVersion

    public var version: Version
    // Bytes as the shape check decoded them, as the signature check and decryption read them: no copy into `Data`.
    public var data: [UInt8]
    public var signature: [UInt8]
    public var ephemeralPublicKey: [UInt8]?
    public var wrappedKey: [UInt8]?
    public var publicKeyHash: String
    public var transactionId: String
    public var applicationData: String?

    /// A token file is a few kilobytes; a larger one is refused before it is parsed.
    public static let maximumFileBytes = 4 * PaymentTokenFields.maximumFieldBytes

    /// Reads a token file: the `paymentData` object, or a whole PKPaymentToken that carries one as its
    /// `paymentData` member. Fields are named as ingest names them (`token.paymentData.header.publicKeyHash`).
    public init(json: Data) throws(TokenError) {
        let place = "token.paymentData"
        guard json.count <= Self.maximumFileBytes else { throw .format(field: place, reason: "larger than \(Self.maximumFileBytes) bytes") }
        let root: JSONValue
        do { root = try JSONDocument(parsing: [UInt8](json)).root } catch {
            throw .format(field: place, reason: "not valid JSON (\(error))")
        }
        var paymentData = root
        if let inner = root.member("paymentData"), inner.kind == .object { paymentData = inner }
        guard paymentData.kind == .object else { throw .format(field: place, reason: "expected an object") }
        let header = try Self.member(paymentData, "header", of: place, .object)
        func text(_ object: JSONValue, _ name: String, of path: String) throws(TokenError) -> String {
            try Self.member(object, name, of: path, .string).string ?? ""
        }
        func optionalText(_ name: String) throws(TokenError) -> String? {
            guard header.member(name).map({ !$0.isNull }) ?? false else { return nil }
            return try text(header, name, of: "\(place).header")
        }
        try self.init(fields: PaymentTokenFields(
            version: text(paymentData, "version", of: place), data: text(paymentData, "data", of: place),
            signature: text(paymentData, "signature", of: place), ephemeralPublicKey: optionalText("ephemeralPublicKey"),
            wrappedKey: optionalText("wrappedKey"), publicKeyHash: text(header, "publicKeyHash", of: "\(place).header"),
            transactionId: text(header, "transactionId", of: "\(place).header"), applicationData: optionalText("applicationData")))
    }

    /// A member that must be there, of the kind given; `null` counts as absent, as ingest counts it.
    static func member(_ object: JSONValue, _ name: String, of path: String, _ kind: JSONValue.Kind) throws(TokenError) -> JSONValue {
        guard let value = object.member(name), !value.isNull else { throw .format(field: "\(path).\(name)", reason: "missing") }
        guard value.kind == kind else {
            throw .format(field: "\(path).\(name)", reason: kind == .object ? "expected an object" : "expected a string")
        }
        return value
    }

    /// Decodes the fields as ingest read them from an order line, after the shape checks ingest makes too.
    public init(fields: PaymentTokenFields) throws(TokenError) {
        let decoded: DecodedPaymentToken
        do { decoded = try fields.decoded() } catch { throw .format(field: error.field, reason: error.reason) }
        version = decoded.version
        data = decoded.data
        signature = decoded.signature
        ephemeralPublicKey = decoded.ephemeralPublicKey
        wrappedKey = decoded.wrappedKey
        publicKeyHash = fields.publicKeyHash
        transactionId = fields.transactionId
        applicationData = fields.applicationData
    }
}
