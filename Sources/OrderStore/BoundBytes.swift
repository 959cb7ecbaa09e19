/// The text and blobs of one run of a statement, copied here and bound `SQLITE_STATIC`, where SQLite would
/// allocate and free a copy of each value (`SQLITE_TRANSIENT`; this system's SQLite is built without lookaside
/// memory): 22 values for every ingested order, a tenth of ingest's writer (callgrind). The bytes stay
/// where they are copied, in chunks that never move, until `deallocate()`, which comes only once the statement
/// holds no pointer to them (`Database.run`). Not copyable: two copies would write into the same chunk.
struct BoundBytes: ~Copyable {
    /// Chunks double from `firstChunkBytes` up to this: a statement of a few short values takes one small block
    /// from the thread's own cache, and ingest's statements of 64 rows a dozen chunks, each well below the
    /// 64 KiB whose free makes glibc consolidate its fast bins.
    static let firstChunkBytes = 512
    static let chunkBytes = 16 * 1024

    /// The chunk being filled, and `used` of its bytes; the chunks filled before it.
    private var current = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var used = 0
    private var filled: [UnsafeMutableRawBufferPointer] = []

    /// A copy of `bytes`, valid until `deallocate()`: never a null pointer, even for no bytes.
    mutating func copy(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawPointer {
        if current.baseAddress == nil || used + bytes.count > current.count {
            if current.baseAddress != nil { filled.append(current) }
            let size = current.baseAddress == nil ? Self.firstChunkBytes : min(2 * current.count, Self.chunkBytes)
            current = .allocate(byteCount: max(size, bytes.count), alignment: 1)
            used = 0
        }
        let destination = current.baseAddress! + used
        if let source = bytes.baseAddress { destination.copyMemory(from: source, byteCount: bytes.count) }
        used += bytes.count
        return UnsafeRawPointer(destination)
    }

    mutating func deallocate() {
        for chunk in filled { chunk.deallocate() }
        current.deallocate()
        (current, used, filled) = (UnsafeMutableRawBufferPointer(start: nil, count: 0), 0, [])
    }
}
