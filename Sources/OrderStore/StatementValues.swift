import Foundation
import GRDBSQLite

/// The values of a statement's placeholders, bound straight to SQLite in order as they are added. GRDB's
/// arguments take every value as an existential and walk it through generic code it cannot specialise for us:
/// for a row of a few values that cost more than SQLite's own work on it. Text and blobs are copied into
/// `bytes` and bound without SQLite copying them again. The first failure is kept for `Database.run` to throw.
struct StatementValues: ~Copyable {
    private let statement: OpaquePointer
    private var next: Int32 = 1
    private(set) var failure = SQLITE_OK
    /// Bound to `statement` by pointer: `Database.run` clears the bindings before it deallocates them.
    private var bytes = BoundBytes()

    init(statement: OpaquePointer) { self.statement = statement }

    mutating func add(_ value: Int64) { record(sqlite3_bind_int64(statement, next, value)) }

    mutating func add(_ value: Bool) { add(Int64(value ? 1 : 0)) }

    mutating func add(_ value: Int64?) {
        guard let value else { return addNull() }
        add(value)
    }

    mutating func add(_ value: String?) {
        guard var value else { return addNull() }
        value.withUTF8 { addText(UnsafeRawBufferPointer($0)) }
    }

    /// Text given as UTF-8 that is known to be valid (written from Strings): bound as text, not as a blob.
    mutating func add(utf8 text: [UInt8]) {
        text.withUnsafeBytes { addText($0) }
    }

    mutating func add(_ value: Data?) {
        guard let value else { return addNull() }
        value.withUnsafeBytes { blob in
            let copy = bytes.copy(blob)
            record(sqlite3_bind_blob64(statement, next, copy, UInt64(blob.count), nil))
        }
    }

    /// The destructor `nil` is SQLITE_STATIC: SQLite keeps the pointer rather than a copy of the bytes.
    private mutating func addText(_ text: UnsafeRawBufferPointer) {
        let copy = bytes.copy(text).assumingMemoryBound(to: CChar.self)
        record(sqlite3_bind_text64(statement, next, copy, UInt64(text.count), nil, UInt8(SQLITE_UTF8)))
    }

    private mutating func addNull() { record(sqlite3_bind_null(statement, next)) }

    /// Frees the values' bytes: only once no binding points to them.
    mutating func deallocateBytes() { bytes.deallocate() }

    private mutating func record(_ code: Int32) {
        if failure == SQLITE_OK, code != SQLITE_OK { failure = code }
        next += 1
    }
}
