import Foundation
import GRDB
import OrderModel

/// A row of `audit_log`. Rows are only ever inserted, through `AuditLog`.
struct AuditRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "audit_log"

    var id: Int64?
    var at: Int64
    var actor: String
    var operatorLabel: String?
    var sshClient: String?
    var action: String
    var orderId: String?
    var amount: Int64?
    var currency: String?
    var idempotencyKey: String?
    var outcome: String
    /// `AuditEffect.text`, for entries that changed an order.
    var effect: String?
    var prevHash: Data
    var hash: Data

    enum Columns {
        static let id = Column("id")
        static let orderId = Column("order_id")
    }

    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension AuditRecord {
    /// Read column by column. GRDB's `Codable` decoding converted every column's name from snake case again for
    /// every row: 35% of `paydesk audit --verify`, which reads every entry.
    init(row: Row) throws {
        let place = { "audit entry \(row.shown("id"))" }
        id = try row.checked("id", in: place())
        at = try row.checked("at", in: place())
        actor = try row.checked("actor", in: place())
        operatorLabel = try row.checked("operator_label", in: place())
        sshClient = try row.checked("ssh_client", in: place())
        action = try row.checked("action", in: place())
        orderId = try row.checked("order_id", in: place())
        amount = try row.checked("amount", in: place())
        currency = try row.checked("currency", in: place())
        idempotencyKey = try row.checked("idempotency_key", in: place())
        outcome = try row.checked("outcome", in: place())
        effect = try row.checked("effect", in: place())
        prevHash = try row.checked("prev_hash", in: place())
        hash = try row.checked("hash", in: place())
    }

    var entry: AuditEntry {
        AuditEntry(at: Timestamp(millisecondsSinceEpoch: at), actor: Actor(login: actor, operatorLabel: operatorLabel, sshClient: sshClient),
                   action: action, orderId: orderId, amount: amount, currencyCode: currency,
                   idempotencyKey: idempotencyKey, outcome: outcome, effect: effect.flatMap(AuditEffect.init(text:)))
    }
}

/// An audit entry as its row, all but its place in the chain: the previous entry's hash and its own. Ingest makes
/// one for every order while it parses, so that its writer, which sets ingest's pace, only chains them.
struct UnchainedAuditRecord: Sendable {
    /// The row, but for `prevHash` and `hash`.
    let row: AuditRecord
    /// The entry's fields as its hash covers them (`AuditEntry.hashedFields`).
    private let hashedFields: [UInt8]

    init(_ entry: AuditEntry) {
        let effect = entry.effect?.text
        row = AuditRecord(id: nil, at: entry.at.millisecondsSinceEpoch, actor: entry.actor.login, operatorLabel: entry.actor.operatorLabel,
                          sshClient: entry.actor.sshClient, action: entry.action, orderId: entry.orderId, amount: entry.amount,
                          currency: entry.currencyCode, idempotencyKey: entry.idempotencyKey, outcome: entry.outcome, effect: effect,
                          prevHash: Data(), hash: Data())
        hashedFields = entry.hashedFields(effectText: effect)
    }

    /// The entry's hash, chained after the entry whose hash is `previous`.
    func hash(after previous: Data) -> Data {
        AuditEntry.chainHash(previous: previous, fields: hashedFields)
    }
}
