import Foundation
import GRDB

/// A row of `payment_events`: what the processor said happened to an order's payment.
struct PaymentEventRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "payment_events"

    var id: Int64?
    var orderRef: Int64
    var event: String
    var at: Int64
    var processorReference: String?
    var reason: String?
    var refundId: String?
    var amount: Int64?
    /// The ingested line's hash, so the same line twice is recognised; nil for events PayDesk makes itself.
    var fingerprint: Data?

    enum Columns {
        static let orderRef = Column("order_ref")
        static let at = Column("at")
        static let fingerprint = Column("fingerprint")
    }

    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Inserts through one cached statement, its values bound straight to SQLite: the driver records two events
    /// per order, and GRDB's Codable persistence, or its arguments, cost more than the row's own insert.
    mutating func insertNew(_ db: Database) throws {
        try db.run("""
            INSERT INTO payment_events (order_ref, event, at, processor_reference, reason, refund_id, amount, fingerprint)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """) { values in
            values.add(orderRef)
            values.add(event)
            values.add(at)
            values.add(processorReference)
            values.add(reason)
            values.add(refundId)
            values.add(amount)
            values.add(fingerprint)
        }
        id = db.lastInsertedRowID
    }
}
