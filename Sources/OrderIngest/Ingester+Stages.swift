import OrderModel
import OrderStore

extension Ingester {
    /// Lines parsed and validated as one batch of ingest, ready to store.
    public struct PreparedLines: Sendable {
        let batch: ParsedBatch
        public var count: Int { batch.documents.count + batch.rejected.count }
    }

    /// What ingest does to a batch before it takes the store's lock, on every core: each line parsed, validated
    /// and, with a verifier, its token checked. Lines are numbered from `firstLine`. With `write(_:)`, the
    /// benchmarks time the two stages of ingest apart.
    public func prepare(_ lines: [String], firstLine: Int = 1, now: Timestamp) -> PreparedLines {
        let numbered = lines.enumerated().map { Line(number: firstLine + $0.offset, bytes: ArraySlice(Array($0.element.utf8))) }
        return PreparedLines(batch: BatchParse(numbered, now: now, actor: actor, verifier: verifier).result())
    }

    /// Stores prepared lines as ingest does, reporting each refused one and counting into `summary`.
    public func write(_ prepared: PreparedLines) throws(StoreError) {
        try write(prepared.batch)
    }
}
