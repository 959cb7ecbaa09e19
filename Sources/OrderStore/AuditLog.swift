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
            INSERT INTO audit_log (at, actor, ssh_client, action, order_id, amount, currency, idempotency_key, outcome, prev_hash, hash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [record.at, record.actor, record.sshClient, record.action, record.orderId, record.amount,
                                     record.currency, record.idempotencyKey, record.outcome, record.prevHash, record.hash])
    }
}

/// What `paydesk audit --verify` found.
public struct AuditVerification: Sendable, Equatable, CustomStringConvertible {
    public var entriesChecked: Int
    /// The first problem, naming the entry; nil when the whole chain holds.
    public var problem: String?

    public var isIntact: Bool { problem == nil }

    public var description: String {
        if let problem { return "audit log damaged: \(problem)" }
        return "audit log intact: \(entriesChecked) entries, every hash chains"
    }
}

extension PayDeskStore {
    /// Walks the whole chain: each entry's stored hash must be recomputable from its fields and the previous
    /// hash, and the head must name the last entry, so edits, deletions and truncation all show.
    public func verifyAudit() throws(StoreError) -> AuditVerification {
        try read { db in
            var previousHash = AuditEntry.genesisHash
            var checked = 0
            var lastID: Int64 = 0
            let cursor = try AuditRecord.order(AuditRecord.Columns.id).fetchCursor(db)
            while let record = try cursor.next() {
                let id = record.id ?? 0
                if record.prevHash != previousHash {
                    return AuditVerification(entriesChecked: checked,
                                             problem: "entry \(id) does not follow entry \(lastID): an entry was removed or changed")
                }
                if record.entry.chainHash(previous: previousHash) != record.hash {
                    return AuditVerification(entriesChecked: checked, problem: "entry \(id) was edited after it was written")
                }
                previousHash = record.hash
                lastID = id
                checked += 1
            }
            let head = try Row.fetchOne(db, sql: "SELECT last_id, last_hash FROM audit_head WHERE singleton = 1")
            let headID: Int64 = head?["last_id"] ?? 0
            let headHash: Data = head?["last_hash"] ?? AuditEntry.genesisHash
            if headID != lastID || headHash != previousHash {
                return AuditVerification(entriesChecked: checked,
                                         problem: "the log ends at entry \(lastID) but its head names entry \(headID): entries were cut off the end")
            }
            return AuditVerification(entriesChecked: checked, problem: nil)
        }
    }

    /// The newest audit entries first, optionally for one order.
    public func auditEntries(orderId: String? = nil, limit: Int = 100) throws(StoreError) -> [AuditEntry] {
        try read { db in
            var request = AuditRecord.order(AuditRecord.Columns.id.desc).limit(limit)
            if let orderId { request = request.filter(AuditRecord.Columns.orderId == orderId) }
            return try request.fetchAll(db).map(\.entry)
        }
    }
}
