import GRDB

/// An INSERT that writes many rows a statement. SQLite pays for each statement it runs (its program started, a
/// cursor opened on the table and on every index, a statement journal of every page the statement touches), so
/// ingest's rows one statement each cost it a third more than the same rows written by `INSERT … SELECT`;
/// 64 rows a statement cost what the rows alone cost. Rows beyond the last full statement go one a statement,
/// so that only two statements are ever prepared and cached.
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

    /// Inserts `rows`, each the values of a row's placeholders in order, and returns the rows RETURNING gave.
    func run(_ rows: [[(any DatabaseValueConvertible)?]], _ db: Database) throws -> [Row] {
        var returned: [Row] = []
        var start = rows.startIndex
        while start < rows.endIndex {
            let count = rows.endIndex - start >= Self.rowsPerStatement ? Self.rowsPerStatement : 1
            var values: [(any DatabaseValueConvertible)?] = []
            values.reserveCapacity(count * rows[start].count)
            for row in rows[start..<start + count] { values += row }
            returned += try Row.fetchAll(db.cachedStatement(sql: count == 1 ? single : many), arguments: StatementArguments(values))
            start += count
        }
        return returned
    }
}
