import Crypto
import Foundation
import OrderModel
import OrderStore

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

/// Reads JSON Lines (docs/design.md §2) into the store, in batches: whole reads of the input until they hold 2,000
/// lines, or whatever arrived before the input paused, so lines piped in slowly are stored as they arrive. A
/// batch is parsed and validated outside the write lock (`BatchParse`: on the other cores while the previous
/// batch is written), then written in transactions of at most 0.2 s, with a savepoint per line, so that a refused
/// line is undone alone and nobody else waits long for the store. Problems are reported in line order.
///
/// With the merchant's keys (`verifier`), every order's token is verified and decrypted while its batch is
/// parsed, on every core; the order is stored with the outcome and the masked data, whatever the outcome.
public final class Ingester {
    /// A longer line is rejected without being parsed.
    public static let maximumLineBytes = 256 * 1024
    static let batchLines = 2_000

    /// Read-first: an ingest that stores nothing (an empty file, blank or rejected lines) writes nothing, where a
    /// store opened for writing is written to and synced at once (`ReadFirstStore`).
    private let store: ReadFirstStore
    let actor: Actor
    let verifier: (any TokenVerifying)?
    private let onProblem: (IngestProblem) -> Void
    private let onProgress: (IngestSummary) -> Void
    public private(set) var summary = IngestSummary()

    public init(store: ReadFirstStore, actor: Actor, verifier: (any TokenVerifying)? = nil,
                onProblem: @escaping (IngestProblem) -> Void, onProgress: @escaping (IngestSummary) -> Void = { _ in }) {
        self.store = store
        self.actor = actor
        self.verifier = verifier
        self.onProblem = onProblem
        self.onProgress = onProgress
    }

    /// Ingests into a store already open for writing.
    public convenience init(store: PayDeskStore, actor: Actor, verifier: (any TokenVerifying)? = nil,
                            onProblem: @escaping (IngestProblem) -> Void, onProgress: @escaping (IngestSummary) -> Void = { _ in }) {
        self.init(store: ReadFirstStore(store), actor: actor, verifier: verifier, onProblem: onProblem, onProgress: onProgress)
    }

    /// Ingests everything readable from `fileDescriptor` until end of input.
    ///
    /// The writer sets ingest's pace, so it does nothing else that can be done beside it. One helper thread works
    /// beside it, in this order: it reads ahead the input already there, parses the next batch (with the writer,
    /// should the writer finish first), and frees what it parsed of the batch just written (the writer frees what it
    /// parsed itself, `BatchParse`). On more cores, more threads parse.
    public func ingest(fileDescriptor: Int32) throws(StoreError) {
        let input = InputBatches(fileDescriptor: fileDescriptor)
        let helper = DispatchQueue(label: "paydesk.ingest.helper")
        var parsing: BatchParse?
        // Ending on an error, nobody wants the batch still being parsed; and the helper, which may be reading the
        // input, is done before the caller closes it.
        defer {
            parsing?.abandon()
            helper.sync {}
        }
        while true {
            // Commit when input pauses or the batch is large: a fast producer gets big transactions, and a
            // slow one (tail -f | paydesk ingest) sees each line stored as soon as it arrives. While one batch
            // is written, the next is parsed on the other cores. The next starts only once the one before it
            // is parsed, so that the two never share the cores.
            let written = parsing
            var ready = written?.result()
            let batch = try input.next()
            input.readAhead(on: helper)
            parsing = BatchParse(batch.lines, now: store.reading.now(), actor: actor, verifier: verifier, firstHelper: helper)
            // In place: a copy of the batch would make freeing its documents copy the rest of them first.
            if ready != nil {
                try write(ready!)
                ready!.freeDocumentsParsedByAsker()
            }
            let rest = ready
            helper.async { withExtendedLifetime((written, rest)) {} }
            if batch.paused, let last = parsing {
                try write(last.result())
                parsing = nil
            }
            onProgress(summary)
            if batch.ended { return }
        }
    }

    /// Ingests lines already in memory, numbered from 1: the demo and tests use this.
    public func ingest(lines: [String]) throws(StoreError) {
        try write(prepare(lines, now: store.reading.now()))
    }

    /// A batch of lines, parsed: what to write (everything that does not need the store done before taking its
    /// lock), and the lines already rejected.
    struct ParsedBatch: Sendable {
        var documents: [(line: Int, write: IngestWrite)] = []
        var rejected: [(line: Int, problem: FieldProblem)] = []
        var now: Timestamp
        /// The documents from here on were parsed by the thread that asked for the batch (`BatchParse`): nil when
        /// it parsed no line, `documents.count` when it parsed no document.
        var firstParsedByAsker: Int?

        /// Frees, on the thread that asked for the batch, the documents it parsed itself: freed on the helper, they
        /// took the lock of the malloc arena the writer was allocating from.
        mutating func freeDocumentsParsedByAsker() {
            if let first = firstParsedByAsker { documents.removeSubrange(first...) }
        }
    }

    /// What one line came to: nothing to store (blank), a document, or a rejection.
    enum ParsedLine {
        case blank
        case document(IngestWrite)
        case rejected(FieldProblem)
    }

    /// One line parsed and, with a verifier, its token verified (ECDSA, ECDH or RSA, far more than the parse).
    /// Lines do not depend on each other, so any thread may take any line (`BatchParse`).
    static func parse(_ line: Line, now: Timestamp, actor: Actor, verifier: (any TokenVerifying)?) -> ParsedLine {
        guard var bytes = line.bytes else { return .rejected(FieldProblem("line", "longer than \(maximumLineBytes) bytes")) }
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        // A byte-order mark may start the input (editors on Windows write one), so line 1 may start with it.
        if line.number == 1, bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(byteOrderMark.count) }
        if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return .blank }
        do {
            var (write, token) = try parse(bytes, now: now, actor: actor)
            if let verifier, case .order(var order) = write, let token {
                order.record(verifier.verify(token, orderTotal: order.total, acceptedAt: order.createdAt))
                write = .order(order)
            }
            return .document(write)
        } catch { return .rejected(error) }
    }

    /// How long one transaction of ingest may hold the store's write lock: operators' cancels and refunds, and
    /// `paydesk process`, wait at most this long (their busy timeout is 5 s). Between two transactions ingest
    /// leaves the lock free for `lockGap`, longer than a waiter's 1 ms retry.
    static let transactionNanoseconds: UInt64 = 200_000_000
    static let lockGap: useconds_t = 2_000

    /// Writes a parsed batch in transactions of at most `transactionNanoseconds` each, each line in a savepoint
    /// of its own, then reports every rejected line of the batch in line order.
    func write(_ batch: ParsedBatch) throws(StoreError) {
        var outcomes: [(line: Int, outcome: Result<ApplyOutcome, FieldProblem>)] = batch.rejected.map { ($0.line, .failure($0.problem)) }
        var next = batch.documents.startIndex
        while next < batch.documents.endIndex {
            if next > batch.documents.startIndex { usleep(Self.lockGap) }
            let written = try store.changing().store(batch.documents, from: next, actor: actor, now: batch.now, within: Self.transactionNanoseconds) {
                (text, currency) throws(FieldProblem) in try OrderLineDocument.amount(text, currency, field: "amount")
            }
            outcomes += written
            next += written.count
        }
        var tokens: [Int: (TokenVerification.Outcome, mismatch: Bool, held: Bool)] = [:]
        for (line, document) in batch.documents {
            if case .order(let order) = document, let outcome = order.tokenOutcome {
                tokens[line] = (outcome, order.tokenMismatch, order.isHeld)
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

    /// One line parsed and validated, with its order's token when it is an order.
    private static func parse(_ line: ArraySlice<UInt8>, now: Timestamp, actor: Actor) throws(FieldProblem) -> (IngestWrite, PaymentTokenFields?) {
        let document = try IngestDocument(line: line)
        let fingerprint = line.withUnsafeBufferPointer { Data(SHA256.hash(data: $0)) }
        switch consume document {
        case .order(let document):
            let token = document.token.fields
            return (.order(NewOrder(try document.validated(), fingerprint: fingerprint, actor: actor, now: now)), token)
        case .event(let event):
            let (incoming, amountText) = try event.validated()
            return (.event(incoming, amountText: amountText, fingerprint: fingerprint), nil)
        }
    }

    private func reject(_ line: Int, _ problem: FieldProblem) {
        summary.rejected += 1
        onProblem(IngestProblem(line: line, problem: problem))
    }
}
