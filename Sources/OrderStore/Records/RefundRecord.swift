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

extension RefundRecord {
    /// Read column by column, as `AuditRecord` is: GRDB's `Codable` decoding converted every column's name from snake
    /// case again for every row of the refunds screen and of its export.
    init(row: Row) throws {
        let place = { "refund \(row.shown("refund_id"))" }
        func value<Value: RawRepresentable<String>>(_ column: String, as type: Value.Type) throws -> Value {
            let text = try row.checked(column, in: place(), as: String.self)
            guard let value = Value(rawValue: text) else {
                throw StoreError.database("\(place()): \(column) holds \(quoted(text)), which this PayDesk does not know")
            }
            return value
        }
        id = try row.checked("id", in: place())
        refundId = try row.checked("refund_id", in: place())
        orderRef = try row.checked("order_ref", in: place())
        amount = try row.checked("amount", in: place())
        status = try value("status", as: RefundStatus.self)
        reason = try value("reason", as: RefundReason.self)
        note = try row.checked("note", in: place())
        requestedAt = try row.checked("requested_at", in: place())
        requestedBy = try row.checked("requested_by", in: place())
        idempotencyKey = try row.checked("idempotency_key", in: place())
        failureReason = try row.checked("failure_reason", in: place())
        updatedAt = try row.checked("updated_at", in: place())
    }
}

extension PayDeskStore {
    /// The id of the refund an idempotency key requests, before it is stored: what a processor reports it by.
    public static func refundId(forKey key: String) -> String { RefundRecord.refundId(forKey: key) }
}
