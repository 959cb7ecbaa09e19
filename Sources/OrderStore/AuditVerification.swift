import Foundation
import GRDB
import OrderModel

/// The anchor of the audit log: how many entries it holds and the hash of the last. A hash chain cannot show
/// that its tail was cut or the whole log rewritten; a head kept somewhere else can (docs/design.md §3).
public struct AuditHead: Sendable, Equatable, CustomStringConvertible {
    public var entries: Int64
    public var hash: Data

    public init(entries: Int64, hash: Data) {
        self.entries = entries
        self.hash = hash
    }

    /// `ENTRIES:HEX`, the form `audit --head` prints and `--expect-head` takes.
    public var description: String { "\(entries):\(hash.hexEncoded)" }

    /// `ENTRIES:HEX`; or only `HEX`, which is then looked for anywhere in the log (`entries` is 0). `0:` is the
    /// empty log's head, which `audit --head` prints for a new store, and only with its hash.
    public init?(text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let hash = (parts.last ?? "").utf8.hexDecoded, hash.count == 32 else { return nil }
        guard parts.count == 1 || Int64(parts[0]).map({ $0 > 0 || ($0 == 0 && Data(hash) == AuditEntry.genesisHash) }) == true else { return nil }
        self.init(entries: parts.count == 2 ? Int64(parts[0]) ?? 0 : 0, hash: Data(hash))
    }
}

/// What `paydesk audit --verify` found.
public struct AuditVerification: Sendable, Equatable, CustomStringConvertible {
    public var entriesChecked: Int
    /// Orders and refunds held to the replayed log.
    public var ordersReconciled: Int
    public var head: AuditHead
    /// The first problem, naming the entry or the order; nil when the log is whole and the store agrees with it.
    public var problem: String?

    public var isIntact: Bool { problem == nil }

    public var description: String {
        if let problem { return "audit log damaged: \(problem)" }
        return "audit log intact: \(entriesChecked) entries, every hash chains, \(ordersReconciled) orders agree with it; head \(head)"
    }
}

extension PayDeskStore {
    /// The log's head as it stands: its last entry's id (ids run from 1 without a gap in a whole log) and hash.
    public func auditHead() throws(StoreError) -> AuditHead {
        try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT last_id, last_hash FROM audit_head WHERE singleton = 1")
            return AuditHead(entries: row?["last_id"] ?? 0, hash: row?["last_hash"] ?? AuditEntry.genesisHash)
        }
    }

    /// Walks the whole chain (each entry's hash recomputed from its fields and the previous hash, ids without a
    /// gap, the stored head naming the last entry), holds the log to a head kept elsewhere (`expecting`), then
    /// replays every order's history and reconciles the orders and refunds in the store with it. The first
    /// problem found is named.
    public func verifyAudit(expecting kept: AuditHead? = nil) throws(StoreError) -> AuditVerification {
        try read { db in
            var result = AuditVerification(entriesChecked: 0, ordersReconciled: 0, head: AuditHead(entries: 0, hash: AuditEntry.genesisHash))
            func damaged(_ problem: String) -> AuditVerification {
                result.problem = problem
                return result
            }
            var replay = AuditReplay(orders: try Int.fetchOne(db, sql: "SELECT count(*) FROM orders") ?? 0)
            // Every log extends the empty log's head: its first entry chains from that hash, as the walk checks.
            var keptFound = kept.map { $0.entries == 0 && $0.hash == AuditEntry.genesisHash } ?? false
            let rows = try Row.fetchCursor(db, AuditRecord.order(AuditRecord.Columns.id))
            while let row = try rows.next() {
                let record: AuditRecord
                // A value not of its column's type was written behind PayDesk's back: damage to name, as any edit is.
                do { record = try AuditRecord(row: row) } catch let StoreError.database(problem) { return damaged(problem) }
                let id = record.id ?? 0, previous = result.head
                if id != previous.entries + 1 || record.prevHash != previous.hash {
                    return damaged("entry \(id) does not follow entry \(previous.entries): an entry was removed or changed")
                }
                let entry = record.entry
                if entry.chainHash(previous: previous.hash) != record.hash { return damaged("entry \(id) was edited after it was written") }
                if let kept, (kept.entries == id || kept.entries == 0), record.hash == kept.hash { keptFound = true }
                if let kept, kept.entries == id, record.hash != kept.hash {
                    return damaged("entry \(id) is not the entry whose head you kept (\(kept)): the log was rewritten at or before it")
                }
                if let problem = replay.apply(entry, id: id) { return damaged(problem) }
                result.head = AuditHead(entries: id, hash: record.hash)
                result.entriesChecked += 1
            }
            let stored = try Row.fetchOne(db, sql: "SELECT last_id, last_hash FROM audit_head WHERE singleton = 1")
            if (stored?["last_id"] ?? 0) != result.head.entries || (stored?["last_hash"] ?? AuditEntry.genesisHash) != result.head.hash {
                return damaged("the log ends at entry \(result.head.entries) but its head names entry \(stored?["last_id"] ?? 0 as Int64): "
                               + "entries were cut off the end")
            }
            if let kept, !keptFound {
                return damaged(kept.entries > result.head.entries
                    ? "the log has \(result.head.entries) entries, but the head you kept (\(kept)) names entry \(kept.entries): "
                        + (result.head.entries == 0 ? "the log was wiped" : "entries \(result.head.entries + 1) to \(kept.entries) were cut off")
                    : "no entry has the hash of the head you kept (\(kept)): the log was rewritten")
            }
            if let problem = try Self.reconcile(replay, db, reconciled: &result.ordersReconciled) { return damaged(problem) }
            return result
        }
    }

    /// Holds every order and refund in the store to the replayed log; the first that differs is named.
    private static func reconcile(_ replay: AuditReplay, _ db: Database, reconciled: inout Int) throws -> String? {
        var seen = Set<String>()
        let orders = try Row.fetchCursor(db, sql: "SELECT order_id, status, failure_reason, cancel_requested, paid, refunded FROM orders ORDER BY id")
        while let row = try orders.next() {
            let orderId: String = try row.checked("order_id", in: "orders")
            // Ids and values from the store, shown plainly: a line break in one would forge a line of the report.
            let shown = { orderId.plainlyShown }, place = { "order \(quoted(orderId))" }
            guard let history = replay.orders[orderId] else { return "order \(shown()) is in the store but has no history in the audit log" }
            seen.insert(orderId)
            let effect = history.effect
            let storedStatus: String = try row.checked("status", in: place()), storedFailure: String? = try row.checked("failure_reason", in: place())
            let storedPaid: Int64 = try row.checked("paid", in: place()), storedRefunded: Int64 = try row.checked("refunded", in: place())
            let storedCancel: Bool = try row.checked("cancel_requested", in: place())
            let differences = [
                storedStatus == effect.status.rawValue ? nil : "status is \(storedStatus.plainlyShown) in the store, \(effect.status.rawValue) by the audit log",
                storedFailure == effect.failureReason?.rawValue ? nil
                    : "failure reason is \(storedFailure?.plainlyShown ?? "none") in the store, \(effect.failureReason?.rawValue ?? "none") by the audit log",
                storedCancel == effect.cancelRequested ? nil : "a cancel is \(storedCancel ? "" : "not ")requested in the store, but "
                    + "\(effect.cancelRequested ? "is" : "not") by the audit log",
                storedPaid == effect.paid ? nil : "paid is \(history.money(storedPaid)) in the store, \(history.money(effect.paid)) by the audit log",
                storedRefunded == effect.refunded ? nil
                    : "refunded is \(history.money(storedRefunded)) in the store, \(history.money(effect.refunded)) by the audit log",
            ].compactMap { $0 }
            if let first = differences.first { return "order \(shown()): \(first)" }
            reconciled += 1
        }
        if let missing = replay.orders.keys.sorted().first(where: { !seen.contains($0) }) {
            return "order \(missing.plainlyShown) is in the audit log but not in the store"
        }
        let refunds = try Row.fetchCursor(db, sql: """
            SELECT refunds.refund_id, orders.order_id, refunds.amount, refunds.status FROM refunds JOIN orders ON orders.id = refunds.order_ref
            ORDER BY refunds.id
            """)
        while let row = try refunds.next() {
            let refundId: String = try row.checked("refund_id", in: "refunds"), orderId: String = try row.checked("order_id", in: "refunds")
            let shown = { "refund \(refundId.plainlyShown) of order \(orderId.plainlyShown)" }
            guard let logged = replay.orders[orderId]?.refunds[refundId] else { return "\(shown()) is in the store but not in the audit log" }
            let amount: Int64 = try row.checked("amount", in: "refund \(quoted(refundId))")
            let status: String = try row.checked("status", in: "refund \(quoted(refundId))")
            if amount != logged.amount || status != logged.status.rawValue {
                return "\(shown()) is \(status.plainlyShown), \(amount) minor units in the store, "
                    + "\(logged.status.rawValue), \(logged.amount) by the audit log"
            }
        }
        return nil
    }
}
