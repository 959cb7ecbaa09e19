import GRDB
import GRDBSQLite

extension Database {
    /// Runs `sql` through the connection's statement cache, its values bound and its rows read straight from
    /// SQLite (`StatementValues`, `StatementRow`): the statements a payment event or an ingested line runs many
    /// times over. The statement is reset and its bindings cleared however it ends, so the cached one can run again.
    func run(_ sql: String, bind: (inout StatementValues) -> Void, eachRow: (StatementRow) throws -> Void = { _ in }) throws {
        let statement = try cachedStatement(sql: sql)
        let sqlite = statement.sqliteStatement
        var values = StatementValues(statement: sqlite)
        defer {
            sqlite3_reset(sqlite)
            // The values' bytes are bound by pointer: none may stay bound once they are deallocated.
            sqlite3_clear_bindings(sqlite)
            values.deallocateBytes()
        }
        bind(&values)
        guard values.failure == SQLITE_OK else { throw Self.error(values.failure, statement) }
        while true {
            switch sqlite3_step(sqlite) {
            case SQLITE_ROW: try eachRow(StatementRow(statement: sqlite))
            case SQLITE_DONE: return
            case let code: throw Self.error(code, statement)
            }
        }
    }

    private static func error(_ code: Int32, _ statement: Statement) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(sqlite3_db_handle(statement.sqliteStatement))),
                      sql: statement.sql)
    }
}
