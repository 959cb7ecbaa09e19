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
        try checked { text, field throws(FieldProblem) in try Self.base64(text, field) { text throws(Base64.Problem) in try Base64.decodedCount(text) } }
    }

    /// The token checked (`checked()`), its base64 fields decoded as they are checked: what `paydesk decrypt` and
    /// the merchant's keys work on.
    public func decoded() throws(FieldProblem) -> DecodedPaymentToken {
        var fields = [[UInt8]](repeating: [], count: Base64Field.allCases.count)
        let checked = try checked { text, field throws(FieldProblem) in
            let bytes = try Self.base64(text, field) { text throws(Base64.Problem) in try Base64.decode(text) }
            fields[field.rawValue] = bytes
            return bytes.count
        }
        return DecodedPaymentToken(version: checked.version, data: fields[Base64Field.data.rawValue],
                                   signature: fields[Base64Field.signature.rawValue],
                                   ephemeralPublicKey: checked.version == .ecV1 ? fields[Base64Field.ephemeralPublicKey.rawValue] : nil,
                                   wrappedKey: checked.version == .rsaV1 ? fields[Base64Field.wrappedKey.rawValue] : nil,
                                   publicKeyHash: fields[Base64Field.publicKeyHash.rawValue], transactionId: checked.transactionId,
                                   applicationDataHash: checked.applicationDataHash)
    }

    /// The token's base64 fields, by their place in `decoded()`'s bytes.
    private enum Base64Field: Int, CaseIterable {
        case data, signature, ephemeralPublicKey, wrappedKey, publicKeyHash

        var name: String {
            switch self {
            case .data: "token.paymentData.data"
            case .signature: "token.paymentData.signature"
            case .ephemeralPublicKey: "token.paymentData.header.ephemeralPublicKey"
            case .wrappedKey: "token.paymentData.header.wrappedKey"
            case .publicKeyHash: "token.paymentData.header.publicKeyHash"
            }
        }
    }

    /// The checks, each base64 field through `base64`, which says how many bytes it stands for (or throws what is
    /// wrong with it): counting them when the token is only checked, decoding them when its bytes are wanted.
    private func checked(base64: (_ text: String, _ field: Base64Field) throws(FieldProblem) -> Int) throws(FieldProblem) -> CheckedPaymentToken {
        guard let version = PaymentTokenVersion(rawValue: version) else {
            throw FieldProblem("token.paymentData.version", "\(quoted(version)) is not EC_v1 or RSA_v1")
        }
        guard try base64(data, .data) > 16 else { throw FieldProblem(Base64Field.data.name, "too short to hold a GCM tag") }
        guard try base64(signature, .signature) > 0 else { throw FieldProblem(Base64Field.signature.name, "is empty") }
        switch version {
        case .ecV1:
            guard let key = ephemeralPublicKey else { throw FieldProblem(Base64Field.ephemeralPublicKey.name, "missing (EC_v1)") }
            guard try base64(key, .ephemeralPublicKey) > 0 else { throw FieldProblem(Base64Field.ephemeralPublicKey.name, "is empty") }
        case .rsaV1:
            guard let key = wrappedKey else { throw FieldProblem(Base64Field.wrappedKey.name, "missing (RSA_v1)") }
            guard try base64(key, .wrappedKey) > 0 else { throw FieldProblem(Base64Field.wrappedKey.name, "is empty") }
        }
        guard try base64(publicKeyHash, .publicKeyHash) == 32 else {
            throw FieldProblem(Base64Field.publicKeyHash.name, "is not a SHA-256 hash (32 bytes)")
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

    /// What `read` makes of a base64 field of at most 64 KiB, its problem named with the field.
    private static func base64<Read>(_ text: String, _ field: Base64Field, _ read: (String) throws(Base64.Problem) -> Read) throws(FieldProblem) -> Read {
        guard text.utf8.count <= maximumFieldBytes / 3 * 4 + 4 else {
            throw FieldProblem(field.name, "larger than \(maximumFieldBytes) bytes")
        }
        do { return try read(text) } catch { throw FieldProblem(field.name, "is not valid base64: \(error)") }
    }

    /// Hex of at most 64 KiB, or nil.
    static func hex(_ text: String) -> [UInt8]? {
        text.utf8.count <= maximumFieldBytes * 2 ? text.utf8.hexDecoded : nil
    }
}
