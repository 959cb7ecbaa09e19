import Crypto
import Foundation
import GRDB
import OrderModel

/// A row of `refunds`: one request to give money back and how far it got.
struct RefundRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "refunds"

    var id: Int64?
    var refundId: String
    var orderRef: Int64
    var amount: Int64
    var status: RefundStatus
    var reason: RefundReason
    var note: String?
    var requestedAt: Int64
    var requestedBy: String
    var idempotencyKey: String
    var failureReason: String?
    var updatedAt: Int64

    enum Columns {
        static let refundId = Column("refund_id")
        static let orderRef = Column("order_ref")
        static let status = Column("status")
        static let requestedAt = Column("requested_at")
        static let idempotencyKey = Column("idempotency_key")
    }

    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// A refund's public id follows from its idempotency key, so a replayed request names the same refund.
    static func refundId(forKey key: String) -> String {
        "re_" + SHA256.hash(data: Data(key.utf8)).prefix(8).hexEncoded
    }
}

extension PayDeskStore {
    /// The id of the refund an idempotency key requests, before it is stored: what a processor reports it by.
    public static func refundId(forKey key: String) -> String { RefundRecord.refundId(forKey: key) }
}
