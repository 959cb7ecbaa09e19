import Foundation
import GRDB
import OrderModel

/// The append-only, hash-chained audit log (docs/design.md §3).
enum AuditLog {
    /// Appends inside the caller's transaction, chaining from the newest entry.
    static func append(_ entry: AuditEntry, in db: Database) throws {
        let previous = try Data.fetchOne(db.cachedStatement(sql: "SELECT last_hash FROM audit_head WHERE singleton = 1"))
        let record = AuditRecord(entry, previousHash: previous ?? AuditEntry.genesisHash)
        // A cached statement, not Codable persistence: every ingested order and event appends here.
        try db.cachedStatement(sql: """
            INSERT INTO audit_log (at, actor, operator_label, ssh_client, action, order_id, amount, currency, idempotency_key, outcome,
                                   effect, prev_hash, hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [record.at, record.actor, record.operatorLabel, record.sshClient, record.action, record.orderId,
                                     record.amount, record.currency, record.idempotencyKey, record.outcome, record.effect,
                                     record.prevHash, record.hash])
    }
}

extension PayDeskStore {
    /// The newest audit entries first, optionally for one order.
    public func auditEntries(orderId: String? = nil, limit: Int = 100) throws(StoreError) -> [AuditEntry] {
        try read { db in
            var request = AuditRecord.order(AuditRecord.Columns.id.desc).limit(limit)
            if let orderId { request = request.filter(AuditRecord.Columns.orderId == orderId) }
            return try request.fetchAll(db).map(\.entry)
        }
    }
}
