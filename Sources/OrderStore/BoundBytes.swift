/// The text and blobs of one run of a statement, copied here and bound `SQLITE_STATIC`, where SQLite would
/// allocate and free a copy of each value (`SQLITE_TRANSIENT`): a dozen of each for every ingested order, a
/// tenth of ingest's writer (callgrind). The bytes stay where they are copied, in chunks that never move, until
/// `deallocate()`, which comes only once the statement holds no pointer to them (`Database.run`).
struct BoundBytes {
    /// Below glibc's threshold for giving a block its own mapping, so that chunks are reused, not faulted in anew.
    static let chunkBytes = 64 * 1024

    private var chunks: [UnsafeMutableRawBufferPointer] = []
    private var used = 0

    /// A copy of `bytes`, valid until `deallocate()`: never a null pointer, even for no bytes.
    mutating func copy(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer {
        if chunks.isEmpty || used + bytes.count > chunks[chunks.count - 1].count {
            chunks.append(.allocate(byteCount: max(Self.chunkBytes, bytes.count), alignment: 1))
            used = 0
        }
        let destination = chunks[chunks.count - 1].baseAddress! + used
        if let source = bytes.baseAddress { destination.copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
        return UnsafeRawPointer(destination)
    }

    mutating func deallocate() {
        for chunk in chunks { chunk.deallocate() }
        chunks = []
    }
}
