import Foundation
import GRDBSQLite

/// The values of a statement's placeholders, bound straight to SQLite in order as they are added. GRDB's
/// arguments take every value as an existential and walk it through generic code it cannot specialise for us:
/// for a row of a few values that cost more than SQLite's own work on it. The first failure is kept for
/// `Database.run` to throw.
struct StatementValues {
    private let statement: OpaquePointer
    private var next: Int32 = 1
    private(set) var failure = SQLITE_OK

    init(statement: OpaquePointer) { self.statement = statement }

    mutating func add(_ value: Int64) { record(sqlite3_bind_int64(statement, next, value)) }

    mutating func add(_ value: Bool) { add(Int64(value ? 1 : 0)) }

    mutating func add(_ value: Int64?) {
        guard let value else { return addNull() }
        add(value)
    }

    mutating func add(_ value: String?) {
        guard var value else { return addNull() }
        let statement = statement, index = next
        record(value.withUTF8 { Self.bindText($0, to: statement, at: index) })
    }

    /// Text given as UTF-8 that is known to be valid (written from Strings): bound as text, not as a blob.
    mutating func add(utf8 text: [UInt8]) {
        let statement = statement, index = next
        record(text.withUnsafeBufferPointer { Self.bindText($0, to: statement, at: index) })
    }

    private static func bindText(_ text: UnsafeBufferPointer<UInt8>, to statement: OpaquePointer, at index: Int32) -> Int32 {
        text.withMemoryRebound(to: CChar.self) { text in
            guard let start = text.baseAddress, !text.isEmpty else { return sqlite3_bind_text(statement, index, "", 0, transient) }
            return sqlite3_bind_text64(statement, index, start, UInt64(text.count), transient, UInt8(SQLITE_UTF8))
        }
    }

    mutating func add(_ value: Data?) {
        guard let value else { return addNull() }
        let statement = statement, index = next
        record(value.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else { return sqlite3_bind_zeroblob(statement, index, 0) }
            return sqlite3_bind_blob64(statement, index, start, UInt64(bytes.count), transient)
        })
    }

    private mutating func addNull() { record(sqlite3_bind_null(statement, next)) }

    private mutating func record(_ code: Int32) {
        if failure == SQLITE_OK, code != SQLITE_OK { failure = code }
        next += 1
    }
}

/// SQLite copies what it is given before the bind returns, so the Swift value may go.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
