import Crypto
import Foundation
import GRDB
import OrderModel
import TerminalCore

/// One rejected input line: `line 12: summaryItems[2].amount: "12.345" has more than 2 decimal places for CNY`.
public struct IngestProblem: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var problem: FieldProblem
    public var description: String { "line \(line): \(problem)" }
}

/// How an ingest run went: every non-blank line is counted exactly once.
public struct IngestSummary: Sendable, Equatable, CustomStringConvertible {
    public var ingested: Int
    public var duplicates: Int
    public var rejected: Int
    /// What the merchant's keys made of the tokens of the orders ingested, when keys were configured.
    public var tokens: [TokenVerification.Outcome: Int] = [:]
    public var tokenMismatches = 0
    /// Orders stored held for an operator: a token check failed, or the token does not match the order.
    public var held = 0

    public init(ingested: Int = 0, duplicates: Int = 0, rejected: Int = 0) {
        self.ingested = ingested
        self.duplicates = duplicates
        self.rejected = rejected
    }

    public var lines: Int { ingested + duplicates + rejected }

    public var description: String {
        var text = "\(ingested) ingested, \(duplicates) duplicates, \(rejected) rejected"
        if !tokens.isEmpty {
            text += "; tokens: \(tokens[.verified, default: 0]) verified, \(tokens[.failed, default: 0]) failed a check, "
                + "\(tokens[.noKey, default: 0]) with no matching key, \(tokenMismatches) not matching the order's total; "
                + "\(held) held for an operator"
        }
        return text
    }
}

/// Reads JSON Lines (docs/design.md §2) into the store, in batches: up to 2,000 lines, or whatever arrived before the
/// input paused, so lines piped in slowly are stored as they arrive. A batch is parsed and validated outside
/// the write lock (on another core while the previous batch is written), then written in transactions of at
/// most 0.2 s, with a savepoint per line, so that a refused line is undone alone and nobody else waits long for
/// the store. Problems are reported in line order.
///
/// With the merchant's keys (`verifier`), every order's token is verified and decrypted while its batch is
/// parsed, on every core; the order is stored with the outcome and the masked data, whatever the outcome.
public final class Ingester {
    /// A longer line is rejected without being parsed.
    public static let maximumLineBytes = 256 * 1024
    static let batchLines = 2_000

    /// Whether more input arrives within 10 ms: always for a file; for a pipe, unless its writer has paused.
    /// (A pipe is briefly empty between a fast writer's writes; that is not a pause.)
    static func moreInputReady(_ fileDescriptor: Int32) -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 10) > 0
    }

    private let store: PayDeskStore
    private let actor: Actor
    private let verifier: (any TokenVerifying)?
    private let onProblem: (IngestProblem) -> Void
    private let onProgress: (IngestSummary) -> Void
    public private(set) var summary = IngestSummary()

    public init(store: PayDeskStore, actor: Actor, verifier: (any TokenVerifying)? = nil,
                onProblem: @escaping (IngestProblem) -> Void, onProgress: @escaping (IngestSummary) -> Void = { _ in }) {
        self.store = store
        self.actor = actor
        self.verifier = verifier
        self.onProblem = onProblem
        self.onProgress = onProgress
    }

    /// Ingests everything readable from `fileDescriptor` until end of input.
    public func ingest(fileDescriptor: Int32) throws(StoreError) {
        var reader = LineReader(fileDescriptor: fileDescriptor, maximumLineBytes: Self.maximumLineBytes)
        var batch: [Line] = []
        var parsing: BackgroundParse?
        while true {
            let (lines, ended) = try reader.next()
            batch += lines
            // Commit when input pauses or the batch is large: a fast producer gets big transactions, and a
            // slow one (tail -f | paydesk ingest) sees each line stored as soon as it arrives. While one batch
            // is written, the next is parsed on another core.
            let paused = ended || !Self.moreInputReady(fileDescriptor)
            if paused || batch.count >= Self.batchLines {
                let next = BackgroundParse(batch, now: store.clock(), verifier: verifier)
                batch.removeAll(keepingCapacity: true)
                if let previous = parsing { try write(previous.result()) }
                parsing = next
                if paused {
                    try write(next.result())
                    parsing = nil
                }
                onProgress(summary)
            }
            if ended { return }
        }
    }

    /// Ingests lines already in memory, numbered from 1: the demo and tests use this.
    public func ingest(lines: [String]) throws(StoreError) {
        try write(Self.parse(lines.enumerated().map { Line(number: $0.offset + 1, bytes: ArraySlice(Array($0.element.utf8))) },
                             now: store.clock(), verifier: verifier))
    }

    /// A line made ready to write: everything that does not need the store is done before taking its lock.
    enum Parsed: Sendable {
        case order(OrderRecord, token: PaymentTokenFields)
        case event(IncomingEvent, amountText: String?, fingerprint: Data)
    }

    /// A batch of lines, parsed: the documents to write and the lines already rejected.
    struct ParsedBatch: Sendable {
        var documents: [(line: Int, document: Parsed)] = []
        var rejected: [(line: Int, problem: FieldProblem)] = []
        var now: Timestamp
    }

    static func parse(_ lines: [Line], now: Timestamp, verifier: (any TokenVerifying)?) -> ParsedBatch {
        var batch = ParsedBatch(now: now)
        for line in lines {
            guard var bytes = line.bytes else {
                batch.rejected.append((line.number, FieldProblem("line", "longer than \(maximumLineBytes) bytes")))
                continue
            }
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
            // A byte-order mark may start the input (editors on Windows write one), so line 1 may start with it.
            if line.number == 1, bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(byteOrderMark.count) }
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { continue }
            do { batch.documents.append((line.number, try parse(bytes, now: now))) } catch { batch.rejected.append((line.number, error)) }
        }
        if let verifier { verifyTokens(&batch.documents, with: verifier) }
        return batch
    }

    /// Verification costs far more than parsing (ECDSA, ECDH or RSA per token), so it is spread over every core.
    static func verifyTokens(_ documents: inout [(line: Int, document: Parsed)], with verifier: any TokenVerifying) {
        documents.withUnsafeMutableBufferPointer { buffer in
            // Each iteration touches only its own element.
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: slots.count) { index in
                guard case .order(var record, let token) = slots[index].document, let currency = Currency(code: record.currency) else { return }
                let verification = verifier.verify(token, orderTotal: Money(minorUnits: record.total, currency: currency),
                                                   acceptedAt: Timestamp(millisecondsSinceEpoch: record.createdAt))
                do { try record.record(verification) } catch {
                    // Never charged on a verification nobody can read back: held, saying why.
                    record.status = .held
                    record.holdReason = "the token's verification could not be recorded"
                }
                slots[index].document = .order(record, token: token)
            }
        }
    }

    /// How long one transaction of ingest may hold the store's write lock: operators' cancels and refunds, and
    /// `paydesk process`, wait at most this long (their busy timeout is 5 s). Between two transactions ingest
    /// leaves the lock free for `lockGap`, longer than a waiter's 1 ms retry.
    static let transactionNanoseconds: UInt64 = 200_000_000
    static let lockGap: useconds_t = 2_000

    /// Writes a parsed batch in transactions of at most `transactionNanoseconds` each, each line in a savepoint
    /// of its own, then reports every rejected line of the batch in line order.
    private func write(_ batch: ParsedBatch) throws(StoreError) {
        let actor = self.actor
        var outcomes: [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] = batch.rejected.map { ($0.line, .failure($0.problem)) }
        var next = batch.documents.startIndex
        while next < batch.documents.endIndex {
            if next > batch.documents.startIndex { usleep(Self.lockGap) }
            outcomes += try store.write { db -> [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] in
                let start = DispatchTime.now().uptimeNanoseconds
                var written: [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] = []
                repeat {
                    let (number, document) = batch.documents[next]
                    var outcome: Result<ApplyOutcome, FieldProblem> = .success(.applied)
                    try db.inSavepoint {
                        do {
                            outcome = .success(try Self.write(document, actor: actor, now: batch.now, db))
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
                } while next < batch.documents.endIndex && DispatchTime.now().uptimeNanoseconds - start < Self.transactionNanoseconds
                return written
            }
        }
        var tokens: [Int: (TokenVerification.Outcome, mismatch: Bool, held: Bool)] = [:]
        for (line, document) in batch.documents {
            if case .order(let record, _) = document, let outcome = record.tokenOutcome {
                tokens[line] = (outcome, record.tokenMismatch, record.status == .held)
            }
        }
        for (number, outcome) in outcomes.sorted(by: { $0.line < $1.line }) {
            switch outcome {
            case .success(.applied):
                summary.ingested += 1
                if let (token, mismatch, held) = tokens[number] {
                    summary.tokens[token, default: 0] += 1
                    if mismatch { summary.tokenMismatches += 1 }
                    if held { summary.held += 1 }
                }
            case .success(.duplicate): summary.duplicates += 1
            case .failure(let problem): reject(number, problem)
            }
        }
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func parse(_ line: ArraySlice<UInt8>, now: Timestamp) throws(FieldProblem) -> Parsed {
        let document = try IngestDocument(line: line)
        let fingerprint = line.withUnsafeBufferPointer { Data(SHA256.hash(data: $0)) }
        switch document {
        case .order(let document):
            let order = try document.validated()
            return .order(OrderRecord(order: order, fingerprint: fingerprint, details: order.details.json, now: now),
                          token: document.token.fields)
        case .event(let event):
            let (incoming, amountText) = try event.validated()
            return .event(incoming, amountText: amountText, fingerprint: fingerprint)
        }
    }

    private static func write(_ document: Parsed, actor: Actor, now: Timestamp, _ db: Database) throws -> ApplyOutcome {
        switch document {
        case .order(let record, _):
            return try PayDeskStore.insert(record, actor: actor, now: now, db)
        case .event(var event, let amountText, let fingerprint):
            if let amountText {
                let code = try String.fetchOne(db, sql: "SELECT currency FROM orders WHERE order_id = ?", arguments: [event.orderId])
                guard let currency = code.flatMap(Currency.init(code:)) else { throw StoreError.unknownOrder(event.orderId) }
                event.amount = try OrderDocument.amount(amountText, currency, field: "amount")
            }
            return try PayDeskStore.apply(event, fingerprint: fingerprint, actor: actor, now: now, db)
        }
    }

    private static func field(for error: StoreError) -> String {
        switch error {
        case .unknownOrder: "orderId"
        case .refused, .unknownRefund: "event"
        default: "line"
        }
    }

    private func reject(_ line: Int, _ problem: FieldProblem) {
        summary.rejected += 1
        onProblem(IngestProblem(line: line, problem: problem))
    }
}

extension PayDeskStore {
    /// Stores a new order, or recognises one already stored. The same order id with other content is refused:
    /// the stored order stays as it was.
    static func insert(_ record: OrderRecord, actor: Actor, now: Timestamp, _ db: Database) throws -> ApplyOutcome {
        let stored = try db.cachedStatement(sql: "SELECT fingerprint FROM orders WHERE order_id = ?")
        if let existing = try Data.fetchOne(stored, arguments: [record.orderId]) {
            guard existing == record.fingerprint else {
                throw FieldProblem("orderId", "\(quoted(record.orderId)) already exists with different content; the stored order was kept")
            }
            return .duplicate
        }
        try record.insertNew(db)
        let outcome = record.status == .held ? "held: \(record.holdReason ?? "a token check failed")" : record.status.rawValue
        try AuditLog.append(AuditEntry(at: now, actor: actor, action: "order_ingested", orderId: record.orderId,
                                       amount: record.total, currencyCode: record.currency, outcome: outcome, effect: record.effect()), in: db)
        return .applied
    }
}

/// Parses a batch on another thread; `result()` waits for it.
private final class BackgroundParse: @unchecked Sendable {
    private let done = DispatchGroup()
    // Written once on the background thread before `done` is left, read only after waiting on `done`.
    private var batch: Ingester.ParsedBatch

    init(_ lines: [Line], now: Timestamp, verifier: (any TokenVerifying)?) {
        batch = Ingester.ParsedBatch(now: now)
        done.enter()
        DispatchQueue.global().async {
            self.batch = Ingester.parse(lines, now: now, verifier: verifier)
            self.done.leave()
        }
    }

    func result() -> Ingester.ParsedBatch {
        done.wait()
        return batch
    }
}
