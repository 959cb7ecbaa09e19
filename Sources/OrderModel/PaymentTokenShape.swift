/// `paymentData.version`: how the payment data is encrypted.
public enum PaymentTokenVersion: String, Sendable {
    case ecV1 = "EC_v1"
    case rsaV1 = "RSA_v1"
}

/// A token whose shape is known to be right: everything that can be checked without keys, and what ties the
/// token to its order. Its base64 fields were checked but not decoded (`decoded()` decodes them).
public struct CheckedPaymentToken: Sendable, Equatable {
    public var version: PaymentTokenVersion
    public var transactionId: [UInt8]
    public var applicationDataHash: [UInt8]?
}

/// A token's fields decoded, once its shape is known to be right.
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
    /// `applicationData` a hex SHA-256, no field over 64 KiB. The first field that is wrong is named. Ingest
    /// checks every line's token so, without decoding its kilobytes.
    public func checked() throws(FieldProblem) -> CheckedPaymentToken {
        guard let version = PaymentTokenVersion(rawValue: version) else {
            throw FieldProblem("token.paymentData.version", "\(quoted(version)) is not EC_v1 or RSA_v1")
        }
        guard try Self.base64Count(data, field: "token.paymentData.data") > 16 else {
            throw FieldProblem("token.paymentData.data", "too short to hold a GCM tag")
        }
        try Self.base64Count(signature, field: "token.paymentData.signature", nonEmpty: true)
        switch version {
        case .ecV1:
            guard let key = ephemeralPublicKey else { throw FieldProblem("token.paymentData.header.ephemeralPublicKey", "missing (EC_v1)") }
            try Self.base64Count(key, field: "token.paymentData.header.ephemeralPublicKey", nonEmpty: true)
        case .rsaV1:
            guard let key = wrappedKey else { throw FieldProblem("token.paymentData.header.wrappedKey", "missing (RSA_v1)") }
            try Self.base64Count(key, field: "token.paymentData.header.wrappedKey", nonEmpty: true)
        }
        guard try Self.base64Count(publicKeyHash, field: "token.paymentData.header.publicKeyHash") == 32 else {
            throw FieldProblem("token.paymentData.header.publicKeyHash", "is not a SHA-256 hash (32 bytes)")
        }
        guard let transaction = Self.hex(transactionId), (1...Self.maximumTransactionIdBytes).contains(transaction.count) else {
            throw FieldProblem("token.paymentData.header.transactionId", "is not 1 to \(Self.maximumTransactionIdBytes) bytes in hex")
        }
        let applicationDataHash = try applicationData.map { (text: String) throws(FieldProblem) -> [UInt8] in
            guard let hash = Self.hex(text), hash.count == 32 else {
                throw FieldProblem("token.paymentData.header.applicationData", "is not a SHA-256 hash in hex (64 hex digits)")
            }
            return hash
        }
        return CheckedPaymentToken(version: version, transactionId: transaction, applicationDataHash: applicationDataHash)
    }

    /// The token checked (`checked()`), then its base64 fields decoded: what `paydesk decrypt` and the merchant's
    /// keys work on.
    public func decoded() throws(FieldProblem) -> DecodedPaymentToken {
        let checked = try checked()
        // Every field decoded here has passed `checked()`, so none can fail.
        func bytes(_ text: String) -> [UInt8] { (try? Base64.decode(text)) ?? [] }
        return DecodedPaymentToken(version: checked.version, data: bytes(data), signature: bytes(signature),
                                   ephemeralPublicKey: checked.version == .ecV1 ? ephemeralPublicKey.map(bytes) : nil,
                                   wrappedKey: checked.version == .rsaV1 ? wrappedKey.map(bytes) : nil,
                                   publicKeyHash: bytes(publicKeyHash), transactionId: checked.transactionId,
                                   applicationDataHash: checked.applicationDataHash)
    }

    /// How many bytes a base64 field stands for, once it is known to be strict base64 of at most 64 KiB.
    @discardableResult
    static func base64Count(_ text: String, field: String, nonEmpty: Bool = false) throws(FieldProblem) -> Int {
        guard text.utf8.count <= maximumFieldBytes / 3 * 4 + 4 else {
            throw FieldProblem(field, "larger than \(maximumFieldBytes) bytes")
        }
        let count: Int
        do { count = try Base64.decodedCount(text) } catch { throw FieldProblem(field, "is not valid base64: \(error)") }
        if nonEmpty, count == 0 { throw FieldProblem(field, "is empty") }
        return count
    }

    /// Hex of at most 64 KiB, or nil.
    static func hex(_ text: String) -> [UInt8]? {
        text.utf8.count <= maximumFieldBytes * 2 ? text.utf8.hexDecoded : nil
    }
}
