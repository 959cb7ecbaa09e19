import Foundation
import GRDB
import Testing
@testable import OrderStore

/// `BulkInsert` binds values straight to SQLite and reads RETURNING itself: every kind of value it binds comes
/// back as it went in, whether its row went in a statement of many or of one.
@Suite struct BulkInsertTests {
    struct Row: Equatable {
        var number: Int64?
        var text: String?
        var bytes: Data
        var flag: Bool
    }

    let insert = BulkInsert("INSERT INTO things (number, text, bytes, flag)", row: "(?, ?, ?, ?)", suffix: "RETURNING id, text")

    func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE things (id INTEGER PRIMARY KEY, number INTEGER, text TEXT, bytes BLOB NOT NULL, flag INTEGER NOT NULL)
                """)
        }
        return queue
    }

    @Test func everyValueComesBackAsItWentInAndRETURNINGIsReadForEveryRow() throws {
        // Given rows enough for two statements of many and some of one: absent values, empty text and bytes, text
        // beyond ASCII and text of many kilobytes
        let rows = (0..<(2 * BulkInsert.rowsPerStatement + 3)).map { (index: Int) -> Row in
            let number: Int64? = index % 5 == 0 ? nil : Int64(index) * -1_000_000_007
            let text: String? = switch index % 7 {
            case 0: nil
            case 1: ""
            default: "王伟 Zoë \(index)" + (index == 9 ? String(repeating: "x", count: 70_000) : "")
            }
            return Row(number: number, text: text, bytes: Data((0..<index % 4).map { UInt8($0 * 85) }), flag: index % 2 == 0)
        }
        let queue = try database()
        // When they are inserted
        var returned: [(Int64, String)] = []
        try queue.write { db in
            try insert.run(rows.count, db, bind: { index, values in
                values.add(rows[index].number)
                values.add(rows[index].text)
                values.add(rows[index].bytes)
                values.add(rows[index].flag)
            }) { returned.append(($0.int64(0), $0.string(1))) }
        }
        // Then the table holds them as given, and RETURNING gave each row's id and text, in order
        let stored = try queue.read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT number, text, bytes, flag FROM things ORDER BY id").map {
                Row(number: $0["number"], text: $0["text"], bytes: $0["bytes"], flag: $0["flag"])
            }
        }
        #expect(stored == rows)
        #expect(returned.map(\.0) == (1...Int64(rows.count)).map { $0 })
        #expect(returned.map(\.1) == rows.map { $0.text ?? "" })
    }

    @Test func aRowSQLiteRefusesThrowsNamingTheStatementAndTheNextRunStillWorks() throws {
        // Given a table whose flag may not be absent
        let queue = try database()
        let refusing = BulkInsert("INSERT INTO things (number, text, bytes, flag)", row: "(?, ?, ?, NULL)")
        // When a row breaks that
        #expect {
            try queue.write { db in try refusing.run(1, db) { _, values in values.add(Int64(1)); values.add("a"); values.add(Data([1])) } }
        } throws: { error in
            // Then SQLite's refusal is thrown with the statement, and a later run on the same cached statement stores
            (error as? DatabaseError)?.resultCode == .SQLITE_CONSTRAINT && (error as? DatabaseError)?.sql?.contains("INSERT INTO things") == true
        }
        try queue.write { db in
            try insert.run(1, db, bind: { _, values in values.add(Int64(2)); values.add("b"); values.add(Data([2])); values.add(true) })
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM things") } == 1)
    }
}
