/// `paymentData.version`: how the payment data is encrypted.
public enum PaymentTokenVersion: String, Sendable {
    case ecV1 = "EC_v1"
    case rsaV1 = "RSA_v1"
}

/// A token's fields decoded, once its shape is known to be right: everything that can be checked without keys.
public struct DecodedPaymentToken: Sendable, Equatable {
    public var version: PaymentTokenVersion
    public var data: [UInt8]
    public var signature: [UInt8]
    public var ephemeralPublicKey: [UInt8]?
    public var wrappedKey: [UInt8]?
    public var publicKeyHash: [UInt8]
    public var transactionId: [UInt8]
    public var applicationDataHash: [UInt8]?
}

extension PaymentTokenFields {
    /// A real token is a few kilobytes; a field past this is refused before anything is decoded from it.
    public static let maximumFieldBytes = 64 * 1024
    /// A transaction id is 32 bytes in every token seen; allow some room, not unlimited room.
    static let maximumTransactionIdBytes = 64

    /// The shape of docs/ingest-format.md's token: the version, base64 fields in strict base64 (`Base64`), the
    /// public key hash 32 bytes, data longer than the 16-byte GCM tag, the transaction id hex, the header's
    /// `applicationData` a hex SHA-256, no field over 64 KiB. The first field that is wrong is named.
    public func decoded() throws(FieldProblem) -> DecodedPaymentToken {
        let paymentData = "token.paymentData", header = "token.paymentData.header"
        guard let version = PaymentTokenVersion(rawValue: version) else {
            throw FieldProblem("\(paymentData).version", "\(quoted(version)) is not EC_v1 or RSA_v1")
        }
        let data = try Self.base64(data, field: "\(paymentData).data")
        guard data.count > 16 else { throw FieldProblem("\(paymentData).data", "too short to hold a GCM tag") }
        let signature = try Self.base64(signature, field: "\(paymentData).signature", nonEmpty: true)
        var ephemeral: [UInt8]?, wrapped: [UInt8]?
        switch version {
        case .ecV1:
            guard let key = ephemeralPublicKey else { throw FieldProblem("\(header).ephemeralPublicKey", "missing (EC_v1)") }
            ephemeral = try Self.base64(key, field: "\(header).ephemeralPublicKey", nonEmpty: true)
        case .rsaV1:
            guard let key = wrappedKey else { throw FieldProblem("\(header).wrappedKey", "missing (RSA_v1)") }
            wrapped = try Self.base64(key, field: "\(header).wrappedKey", nonEmpty: true)
        }
        let keyHash = try Self.base64(publicKeyHash, field: "\(header).publicKeyHash")
        guard keyHash.count == 32 else { throw FieldProblem("\(header).publicKeyHash", "is not a SHA-256 hash (32 bytes)") }
        guard let transaction = Self.hex(transactionId), (1...Self.maximumTransactionIdBytes).contains(transaction.count) else {
            throw FieldProblem("\(header).transactionId", "is not 1 to \(Self.maximumTransactionIdBytes) bytes in hex")
        }
        let applicationDataHash = try applicationData.map { (text: String) throws(FieldProblem) -> [UInt8] in
            guard let hash = Self.hex(text), hash.count == 32 else {
                throw FieldProblem("\(header).applicationData", "is not a SHA-256 hash in hex (64 hex digits)")
            }
            return hash
        }
        return DecodedPaymentToken(version: version, data: data, signature: signature, ephemeralPublicKey: ephemeral,
                                   wrappedKey: wrapped, publicKeyHash: keyHash, transactionId: transaction,
                                   applicationDataHash: applicationDataHash)
    }

    static func base64(_ text: String, field: String, nonEmpty: Bool = false) throws(FieldProblem) -> [UInt8] {
        guard text.utf8.count <= maximumFieldBytes / 3 * 4 + 4 else {
            throw FieldProblem(field, "larger than \(maximumFieldBytes) bytes")
        }
        let bytes: [UInt8]
        do { bytes = try Base64.decode(text) } catch { throw FieldProblem(field, "is not valid base64: \(error)") }
        if nonEmpty, bytes.isEmpty { throw FieldProblem(field, "is empty") }
        return bytes
    }

    /// Hex of at most 64 KiB, or nil.
    static func hex(_ text: String) -> [UInt8]? {
        text.utf8.count <= maximumFieldBytes * 2 ? text.utf8.hexDecoded : nil
    }
}
