import Foundation
import GRDB
import OrderModel

/// An order made ready to store from one input line, outside the store's write lock and on any thread: its
/// row, fingerprinted by the line it came from, and what the merchant's keys made of its token, when there
/// were keys.
public struct NewOrder: Sendable {
    private(set) var record: OrderRecord
    /// What the order is found by, folded (`SearchText.document`): stored with the order, in its savepoint.
    let searchDocument: String
    /// What its token is checked against: the total, and when the merchant accepted the payment.
    public let total: Money
    public let createdAt: Timestamp

    /// `fingerprint` identifies the input line: the same line sent again is a duplicate, not a conflict. `actor`
    /// and `now` are the ingest's, for the order's audit entry.
    public init(_ order: Order, fingerprint: Data, actor: Actor, now: Timestamp) {
        details = order.details.jsonUTF8
        searchDocument = order.searchDocument
        total = order.total
        createdAt = order.createdAt
        self.actor = actor
        self.now = now
        // Last, so that the order moves into its record rather than being copied.
        record = OrderRecord(order: order, fingerprint: fingerprint, now: now)
        audit = Self.audit(of: record, actor: actor, now: now)
    }

    /// Records what the merchant's keys made of the token; the order is held unless it verified and matches.
    /// A verification that cannot be written down holds the order, saying so: nothing is charged on a check
    /// nobody can read back.
    public mutating func record(_ verification: TokenVerification) {
        do { try record.record(verification) } catch {
            record.status = .held
            record.holdReason = "the token's verification could not be recorded"
        }
        audit = Self.audit(of: record, actor: actor, now: now)
    }

    /// The entry that says the order was ingested, and how it stands.
    private static func audit(of record: OrderRecord, actor: Actor, now: Timestamp) -> UnchainedAuditRecord {
        let outcome = record.status == .held ? "held: \(record.holdReason ?? "a token check failed")" : record.status.rawValue
        return UnchainedAuditRecord(AuditEntry(at: now, actor: actor, action: "order_ingested", orderId: record.orderId, amount: record.total,
                                               currencyCode: record.currency, outcome: outcome, effect: record.effect()))
    }

    public var tokenOutcome: TokenVerification.Outcome? { record.tokenOutcome }
    public var tokenMismatch: Bool { record.tokenMismatch }
    public var isHeld: Bool { record.status == .held }
    /// The order's details as they are stored, JSON that `OrderDetails`' `Codable` conformance reads back: kept
    /// as UTF-8 beside the record, which holds details only as they are read back.
    let details: [UInt8]
    /// Its audit entry, made as the order is parsed: the writer only chains it.
    private(set) var audit: UnchainedAuditRecord
    private let actor: Actor
    private let now: Timestamp
}

/// Lines that each hold an order, each order read where it lies: the writer copying an order would retain each of
/// its strings, and release it again, in atomic counts. Such copies were a quarter of ingest's reference counting
/// (`scripts/ingest-instructions` counts it).
struct OrderLines {
    private let lines: ArraySlice<(line: Int, write: IngestWrite)>

    init(_ lines: ArraySlice<(line: Int, write: IngestWrite)>) { self.lines = lines }

    var count: Int { lines.count }
    var indices: Range<Int> { 0..<lines.count }

    subscript(index: Int) -> NewOrder {
        _read {
            guard case .order(let order) = lines[lines.startIndex + index].write else {
                preconditionFailure("line \(lines[lines.startIndex + index].line) holds no order")
            }
            yield order
        }
    }
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

    /// Stores lines from `start` on in one transaction, until the lines run out or the transaction has held the
    /// write lock for `nanoseconds`, so that a refused line is undone alone: the lines are written one after
    /// another, and only when one of them is refused is that transaction rolled back and the lines up to it
    /// written again, each in a savepoint of its own. A savepoint per line cost a third of the writer's time
    /// (SQLite journals every page a savepoint touches first, and each one is two statements more), a savepoint
    /// around all of them far more (SQLite's statement journals grow with it), and refused lines are rare.
    /// Returns the outcome of each line it got to, in order: the caller goes on from `start + outcomes.count`.
    /// A refusal names the line's field at fault; `amount` reads an event's amount in its order's currency.
    /// `actor` and `now` are for the events' audit entries: each order's was made with it (`NewOrder.audit`).
    public func store(_ lines: [(line: Int, write: IngestWrite)], from start: Int, actor: Actor, now: Timestamp, within nanoseconds: UInt64,
                      amount: (String, Currency) throws(FieldProblem) -> Int64)
        throws(StoreError) -> [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] {
        // The WAL is checkpointed beside the writer, which waits for a checkpoint only should they fall behind.
        checkpoints?.keepWALWithinBound()
        let written = try writeTransactions { db -> [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] in
            var run = Run.stored([])
            try db.inTransaction(.immediate) {
                let began = DispatchTime.now().uptimeNanoseconds
                let indexed = try SearchIndex.lastIndexed(db)
                run = try Self.storeAtOnce(lines, from: start, actor: actor, now: now, amount: amount, db) {
                    DispatchTime.now().uptimeNanoseconds - began < nanoseconds
                }
                guard case .stored = run else { return .rollback }
                try SearchIndex.index(after: indexed, db)
                return .commit
            }
            switch run {
            case .stored(let written):
                return written
            case .refused(let last):
                var written: [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] = []
                try db.inTransaction(.immediate) {
                    let indexed = try SearchIndex.lastIndexed(db)
                    written = try Self.storeLineByLine(lines[start...last], actor: actor, now: now, amount: amount, db)
                    try SearchIndex.index(after: indexed, db)
                    return .commit
                }
                return written
            }
        }
        checkpoints?.wrote(written.count)
        return written
    }

    /// How far lines written without a savepoint each got.
    private enum Run {
        /// Every line got to was stored (or found already stored).
        case stored([(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)])
        /// The line at this index was refused: the transaction must be undone.
        case refused(at: Int)
    }

    /// Writes lines from `start` on while `goOn` says so: orders that follow one another many a statement
    /// (`BulkInsert`), their audit entries chained in memory rather than each reading the log's head. Stops at
    /// the first refusal, naming the last line of the orders written together with the refused one.
    private static func storeAtOnce(_ lines: [(line: Int, write: IngestWrite)], from start: Int, actor: Actor, now: Timestamp,
                                    amount: (String, Currency) throws(FieldProblem) -> Int64, _ db: Database,
                                    goOn: () -> Bool) throws -> Run {
        var written: [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] = []
        written.reserveCapacity(lines.count - start)
        var chain = AuditChain()
        var next = start
        repeat {
            var orders = 0
            while orders < BulkInsert.rowsPerStatement, next + orders < lines.endIndex, case .order = lines[next + orders].write {
                orders += 1
            }
            let taken = max(1, orders)
            do {
                let outcomes = orders == 0
                    ? [try store(lines[...], at: next, actor: actor, now: now, amount: amount, chain: &chain, db)]
                    : try insert(OrderLines(lines[next..<next + orders]), chain: &chain, db)
                for (offset, outcome) in outcomes.enumerated() { written.append((lines[next + offset].line, .success(outcome))) }
            } catch {
                guard refusal(error) != nil else { throw error }
                return .refused(at: next + taken - 1)
            }
            next += taken
        } while next < lines.endIndex && goOn()
        return .stored(written)
    }

    /// Writes each line in a savepoint of its own, so that a refused one is undone alone.
    private static func storeLineByLine(_ lines: ArraySlice<(line: Int, write: IngestWrite)>, actor: Actor, now: Timestamp,
                                        amount: (String, Currency) throws(FieldProblem) -> Int64,
                                        _ db: Database) throws -> [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] {
        try lines.indices.map { index in
            var outcome = ApplyOutcome.applied
            // A line undone takes its audit entry with it: each line reads the log's head afresh.
            var chain = AuditChain()
            let problem = try db.refusedAlone({ outcome = try store(lines, at: index, actor: actor, now: now, amount: amount, chain: &chain, db) },
                                              refusal: refusal)
            return (lines[index].line, problem.map { .failure($0) } ?? .success(outcome))
        }
    }

    /// What refuses a line, as the problem to report; nil for an error that ends the whole ingest.
    private static func refusal(_ error: any Error) -> FieldProblem? {
        switch error {
        case let problem as FieldProblem: problem
        case let error as StoreError: FieldProblem(field(for: error), error.description)
        // The schema's own guard refused this line; the others go on.
        case let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT: FieldProblem("line", error.message ?? "refused by the store")
        default: nil
        }
    }

    /// Stores the line at `index`, which an order is read from where it lies (`OrderLines`).
    private static func store(_ lines: ArraySlice<(line: Int, write: IngestWrite)>, at index: Int, actor: Actor, now: Timestamp,
                              amount: (String, Currency) throws(FieldProblem) -> Int64, chain: inout AuditChain,
                              _ db: Database) throws -> ApplyOutcome {
        switch lines[index].write {
        case .order:
            return try insert(OrderLines(lines[index...index]), chain: &chain, db)[0]
        case .event(var event, let amountText, let fingerprint):
            if let amountText {
                let code = try String.fetchOne(db, sql: "SELECT currency FROM orders WHERE order_id = ?", arguments: [event.orderId])
                guard let currency = code.flatMap(Currency.init(code:)) else { throw StoreError.unknownOrder(event.orderId) }
                event.amount = try amount(amountText, currency)
            }
            // An event appends to the log by itself: the next order reads the head again.
            chain = AuditChain()
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

    /// Stores new orders, or recognises those already stored. An order whose id is stored with other content is
    /// refused: the stored order stays as it was.
    private static func insert(_ orders: OrderLines, chain: inout AuditChain, _ db: Database) throws -> [ApplyOutcome] {
        var inserted = try OrderRecord.insertNew(orders, db)
        var documents: [SearchIndex.Document] = []
        var entries: [UnchainedAuditRecord] = []
        documents.reserveCapacity(orders.count)
        entries.reserveCapacity(orders.count)
        // By index, and field by field: a copy of an order would retain each of its strings, and release it again.
        let outcomes = try orders.indices.map { index throws -> ApplyOutcome in
            // The first of several lines with one id is the one inserted; the others are the same order again, or not.
            if let rowID = inserted.removeValue(forKey: orders[index].record.orderId) {
                documents.append(SearchIndex.Document(rowID: rowID, createdAt: orders[index].record.createdAt,
                                                      currency: orders[index].record.currency, total: orders[index].record.total,
                                                      text: orders[index].searchDocument))
                entries.append(orders[index].audit)
                return .applied
            }
            let orderId = orders[index].record.orderId
            let stored = try db.cachedStatement(sql: "SELECT fingerprint FROM orders WHERE order_id = ?")
            guard try Data.fetchOne(stored, arguments: [orderId]) == orders[index].record.fingerprint else {
                throw FieldProblem("orderId", "\(quoted(orderId)) already exists with different content; the stored order was kept")
            }
            return .duplicate
        }
        try SearchIndex.add(documents, db)
        try chain.append(entries, db)
        return outcomes
    }
}
