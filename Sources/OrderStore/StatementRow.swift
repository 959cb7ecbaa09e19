import Foundation
import GRDBSQLite

/// The row a statement stands on, read by column position where it lies: GRDB's rows name their columns
/// first (a dictionary of every column's name, lowercased, for each row read), which cost the driver a twentieth
/// of its time for the one order each payment event reads. Valid only until the statement steps again.
struct StatementRow {
    private let statement: OpaquePointer

    init(statement: OpaquePointer) { self.statement = statement }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func bool(_ column: Int32) -> Bool { int64(column) != 0 }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }

    func data(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }
}
