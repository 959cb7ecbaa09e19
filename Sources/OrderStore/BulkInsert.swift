import GRDB

/// An INSERT that writes many rows a statement. SQLite pays for each statement it runs (its program started, a
/// cursor opened on the table and on every index, a statement journal of every page the statement touches), so
/// ingest's rows one statement each cost it a third more than the same rows written by `INSERT … SELECT`;
/// 64 rows a statement cost what the rows alone cost. Rows beyond the last full statement go one a statement,
/// so that only two statements are ever prepared and cached.
///
/// Values are bound straight to SQLite, and rows RETURNING gives read straight from it (`Database.run`): GRDB's
/// arguments cost ingest more than a tenth of its writer (callgrind).
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
    func run(_ count: Int, _ db: Database, bind: (_ index: Int, inout StatementValues) -> Void,
             returned: (StatementRow) -> Void = { _ in }) throws {
        var start = 0
        while start < count {
            let rows = count - start >= Self.rowsPerStatement ? Self.rowsPerStatement : 1
            try db.run(rows == 1 ? single : many, bind: { values in
                for index in start..<start + rows { bind(index, &values) }
            }, eachRow: returned)
            start += rows
        }
    }
}
