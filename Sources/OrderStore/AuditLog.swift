import Foundation
import GRDB
import OrderModel

/// The append-only, hash-chained audit log (docs/design.md §3).
enum AuditLog {
    /// Appends inside the caller's transaction, chaining from the newest entry.
    static func append(_ entry: AuditEntry, in db: Database) throws {
        var chain = AuditChain()
        try chain.append(entry, db)
    }

    /// The newest entry's hash, which the next one chains from.
    static func head(_ db: Database) throws -> Data {
        try Data.fetchOne(db.cachedStatement(sql: "SELECT last_hash FROM audit_head WHERE singleton = 1")) ?? AuditEntry.genesisHash
    }

    /// Inserts `entries` in order, the first after the entry whose hash is `previous`, each chained from the one
    /// before, many a statement; returns the last one's hash.
    static func insert(_ entries: [UnchainedAuditRecord], after previous: Data, _ db: Database) throws -> Data {
        var head = previous
        let records = entries.map { entry in
            let record = entry.chained(after: head)
            head = record.hash
            return record
        }
        try bulkInsert.run(records.count, db) { index, values in
            let record = records[index]
            values.add(record.at)
            values.add(record.actor)
            values.add(record.operatorLabel)
            values.add(record.sshClient)
            values.add(record.action)
            values.add(record.orderId)
            values.add(record.amount)
            values.add(record.currency)
            values.add(record.idempotencyKey)
            values.add(record.outcome)
            values.add(record.effect)
            values.add(record.prevHash)
            values.add(record.hash)
        }
        return head
    }

    private static let bulkInsert = BulkInsert("""
        INSERT INTO audit_log (at, actor, operator_label, ssh_client, action, order_id, amount, currency, idempotency_key, outcome,
                               effect, prev_hash, hash)
        """, row: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
}

/// Entries appended one after another inside one transaction: the log's head is read for the first only, and
/// each entry chains from the hash of the one before. Whoever else appends in between (through `AuditLog.append`)
/// must start a new chain, which reads the head again.
struct AuditChain {
    private var head: Data?

    mutating func append(_ entries: [UnchainedAuditRecord], _ db: Database) throws {
        guard !entries.isEmpty else { return }
        head = try AuditLog.insert(entries, after: head ?? AuditLog.head(db), db)
    }

    mutating func append(_ entry: AuditEntry, _ db: Database) throws {
        try append([UnchainedAuditRecord(entry)], db)
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
