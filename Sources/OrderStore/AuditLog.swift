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
        // Each entry's hash, after the one before's; entries are bound where they lie (a copy retains every string).
        var hashes: [Data] = []
        hashes.reserveCapacity(entries.count + 1)
        hashes.append(previous)
        for index in entries.indices { hashes.append(entries[index].hash(after: hashes[index])) }
        try bulkInsert.run(entries.count, db) { index, values in
            values.add(entries[index].row.at)
            values.add(entries[index].row.actor)
            values.add(entries[index].row.operatorLabel)
            values.add(entries[index].row.sshClient)
            values.add(entries[index].row.action)
            values.add(entries[index].row.orderId)
            values.add(entries[index].row.amount)
            values.add(entries[index].row.currency)
            values.add(entries[index].row.idempotencyKey)
            values.add(entries[index].row.outcome)
            values.add(entries[index].row.effect)
            values.add(hashes[index])
            values.add(hashes[index + 1])
        }
        return hashes[entries.count]
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
