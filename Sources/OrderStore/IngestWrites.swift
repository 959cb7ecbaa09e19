import Foundation
import GRDB
import OrderModel

/// An order made ready to store from one input line, outside the store's write lock and on any thread: its
/// row, fingerprinted by the line it came from, and what the merchant's keys made of its token, when there
/// were keys.
public struct NewOrder: Sendable {
    var record: OrderRecord
    /// What the order is found by, folded (`SearchText.document`): stored with the order, in its savepoint.
    let searchDocument: String
    /// What its token is checked against: the total, and when the merchant accepted the payment.
    public let total: Money
    public let createdAt: Timestamp

    /// `fingerprint` identifies the input line: the same line sent again is a duplicate, not a conflict.
    public init(_ order: Order, fingerprint: Data, now: Timestamp) {
        detailsJSON = order.details.json
        record = OrderRecord(order: order, fingerprint: fingerprint, details: detailsJSON, now: now)
        searchDocument = order.searchDocument
        total = order.total
        createdAt = order.createdAt
    }

    /// Records what the merchant's keys made of the token; the order is held unless it verified and matches.
    /// A verification that cannot be written down holds the order, saying so: nothing is charged on a check
    /// nobody can read back.
    public mutating func record(_ verification: TokenVerification) {
        do { try record.record(verification) } catch {
            record.status = .held
            record.holdReason = "the token's verification could not be recorded"
        }
    }

    public var tokenOutcome: TokenVerification.Outcome? { record.tokenOutcome }
    public var tokenMismatch: Bool { record.tokenMismatch }
    public var isHeld: Bool { record.status == .held }
    /// The order's details as they are stored: JSON that `OrderDetails`' `Codable` conformance reads back.
    public let detailsJSON: String
}

/// One input line, ready to store.
public enum IngestWrite: Sendable {
    case order(NewOrder)
    /// A payment event. An amount it names (`amountText`) is read in its order's currency, known only once the
    /// order is in the store.
    case event(IncomingEvent, amountText: String?, fingerprint: Data)
}

extension PayDeskStore {
    /// When "now" is, by the clock the store was opened with.
    public func now() -> Timestamp { clock() }

    /// Stores lines from `start` on in one transaction, each in a savepoint of its own so that a refused line is
    /// undone alone, until the lines run out or the transaction has held the write lock for `nanoseconds`.
    /// Returns the outcome of each line it got to, in order: the caller goes on from `start + outcomes.count`.
    /// A refusal names the line's field at fault; `amount` reads an event's amount in its order's currency.
    public func store(_ lines: [(line: Int, write: IngestWrite)], from start: Int, actor: Actor, now: Timestamp, within nanoseconds: UInt64,
                      amount: (String, Currency) throws(FieldProblem) -> Int64)
        throws(StoreError) -> [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] {
        try write { db -> [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] in
            let began = DispatchTime.now().uptimeNanoseconds
            let indexed = try SearchIndex.lastIndexed(db)
            var next = start
            var written: [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] = []
            repeat {
                let (number, line) = lines[next]
                var outcome: Result<ApplyOutcome, FieldProblem> = .success(.applied)
                try db.inSavepoint {
                    do {
                        outcome = .success(try Self.store(line, actor: actor, now: now, amount: amount, db))
                        return .commit
                    } catch let problem as FieldProblem {
                        outcome = .failure(problem)
                    } catch let error as StoreError {
                        outcome = .failure(FieldProblem(Self.field(for: error), error.description))
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                        // The schema's own guard refused this line; the others go on.
                        outcome = .failure(FieldProblem("line", error.message ?? "refused by the store"))
                    }
                    return .rollback
                }
                written.append((number, outcome))
                next += 1
            } while next < lines.endIndex && DispatchTime.now().uptimeNanoseconds - began < nanoseconds
            try SearchIndex.index(after: indexed, db)
            return written
        }
    }

    private static func store(_ line: IngestWrite, actor: Actor, now: Timestamp, amount: (String, Currency) throws(FieldProblem) -> Int64,
                              _ db: Database) throws -> ApplyOutcome {
        switch line {
        case .order(let order):
            return try insert(order, actor: actor, now: now, db)
        case .event(var event, let amountText, let fingerprint):
            if let amountText {
                let code = try String.fetchOne(db, sql: "SELECT currency FROM orders WHERE order_id = ?", arguments: [event.orderId])
                guard let currency = code.flatMap(Currency.init(code:)) else { throw StoreError.unknownOrder(event.orderId) }
                event.amount = try amount(amountText, currency)
            }
            return try apply(event, fingerprint: fingerprint, actor: actor, now: now, db)
        }
    }

    /// The field of an input line a refusal is about.
    private static func field(for error: StoreError) -> String {
        switch error {
        case .unknownOrder: "orderId"
        case .refused, .unknownRefund: "event"
        default: "line"
        }
    }

    /// Stores a new order, or recognises one already stored. The same order id with other content is refused:
    /// the stored order stays as it was.
    private static func insert(_ order: NewOrder, actor: Actor, now: Timestamp, _ db: Database) throws -> ApplyOutcome {
        let record = order.record
        let stored = try db.cachedStatement(sql: "SELECT fingerprint FROM orders WHERE order_id = ?")
        if let existing = try Data.fetchOne(stored, arguments: [record.orderId]) {
            guard existing == record.fingerprint else {
                throw FieldProblem("orderId", "\(quoted(record.orderId)) already exists with different content; the stored order was kept")
            }
            return .duplicate
        }
        try record.insertNew(db)
        try SearchIndex.add(rowID: db.lastInsertedRowID, record, document: order.searchDocument, db)
        let outcome = record.status == .held ? "held: \(record.holdReason ?? "a token check failed")" : record.status.rawValue
        try AuditLog.append(AuditEntry(at: now, actor: actor, action: "order_ingested", orderId: record.orderId,
                                       amount: record.total, currencyCode: record.currency, outcome: outcome, effect: record.effect()), in: db)
        return .applied
    }
}
