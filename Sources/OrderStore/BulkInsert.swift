import Foundation
import GRDB
import GRDBSQLite

/// An INSERT that writes many rows a statement. SQLite pays for each statement it runs (its program started, a
/// cursor opened on the table and on every index, a statement journal of every page the statement touches), so
/// ingest's rows one statement each cost it a third more than the same rows written by `INSERT … SELECT`;
/// 64 rows a statement cost what the rows alone cost. Rows beyond the last full statement go one a statement,
/// so that only two statements are ever prepared and cached.
///
/// Values are bound straight to SQLite (`Values`), and rows RETURNING gives read straight from it: GRDB's
/// arguments take every value as an existential and walk them through generic code it cannot specialise for
/// us, which cost ingest more than a tenth of its writer (callgrind).
struct BulkInsert {
    static let rowsPerStatement = 64

    /// One row a statement, and `rowsPerStatement` rows a statement.
    private let single: String
    private let many: String

    /// `insert` is the statement up to VALUES, `row` a row's parenthesised placeholders (constants may stand
    /// among them), `suffix` whatever follows the rows (ON CONFLICT, RETURNING).
    init(_ insert: String, row: String, suffix: String = "") {
        single = "\(insert) VALUES \(row) \(suffix)"
        many = "\(insert) VALUES \(repeatElement(row, count: Self.rowsPerStatement).joined(separator: ", ")) \(suffix)"
    }

    /// Inserts `count` rows, `bind` adding the values of row `index`'s placeholders in order; `returned` reads each
    /// row RETURNING gives.
    func run(_ count: Int, _ db: Database, bind: (_ index: Int, inout Values) -> Void,
             returned: (ReturnedRow) -> Void = { _ in }) throws {
        var start = 0
        while start < count {
            let rows = count - start >= Self.rowsPerStatement ? Self.rowsPerStatement : 1
            let statement = try db.cachedStatement(sql: rows == 1 ? single : many)
            let sqlite = statement.sqliteStatement
            defer { sqlite3_reset(sqlite) }
            var values = Values(statement: sqlite)
            for index in start..<start + rows { bind(index, &values) }
            guard values.failure == SQLITE_OK else { throw Self.error(values.failure, statement) }
            stepping: while true {
                switch sqlite3_step(sqlite) {
                case SQLITE_ROW: returned(ReturnedRow(statement: sqlite))
                case SQLITE_DONE: break stepping
                case let code: throw Self.error(code, statement)
                }
            }
            start += rows
        }
    }

    private static func error(_ code: Int32, _ statement: Statement) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement))),
                      sql: statement.sql)
    }

    /// The values of a statement's placeholders, bound in order as they are added. The first failure is kept
    /// for `run` to throw.
    struct Values {
        fileprivate let statement: OpaquePointer
        private var next: Int32 = 1
        fileprivate private(set) var failure = SQLITE_OK

        fileprivate init(statement: OpaquePointer) { self.statement = statement }

        mutating func add(_ value: Int64) { record(sqlite3_bind_int64(statement, next, value)) }

        mutating func add(_ value: Bool) { add(Int64(value ? 1 : 0)) }

        mutating func add(_ value: Int64?) {
            guard let value else { return addNull() }
            add(value)
        }

        mutating func add(_ value: String?) {
            guard var value else { return addNull() }
            let statement = statement, index = next
            record(value.withUTF8 { text in
                text.withMemoryRebound(to: CChar.self) { text in
                    guard let start = text.baseAddress, !text.isEmpty else { return sqlite3_bind_text(statement, index, "", 0, transient) }
                    return sqlite3_bind_text64(statement, index, start, UInt64(text.count), transient, UInt8(SQLITE_UTF8))
                }
            })
        }

        mutating func add(_ value: Data) {
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

    /// A row RETURNING gave, read by column position.
    struct ReturnedRow {
        fileprivate let statement: OpaquePointer

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

        func string(_ column: Int32) -> String {
            guard let text = sqlite3_column_text(statement, column) else { return "" }
            return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
        }
    }
}

/// SQLite copies what it is given before the bind returns, so the Swift value may go.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
