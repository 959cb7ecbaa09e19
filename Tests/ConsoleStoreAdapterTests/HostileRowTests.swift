import Foundation
import TerminalCore
import Testing
import OrderModel
import GRDB
@testable import ConsoleUI
@testable import OrderStore

/// Rows whose customer text is hostile or simply new: every cell must take, on the terminal, the columns the
/// console gave it, or everything after it on the row (the amount) moves.
@Suite struct HostileRowTests {
    static let names = [
        "ZWJ-1": String(repeating: "👩\u{200D}", count: 35_000),
        "MARKS-1": "Z" + String(repeating: "\u{0301}", count: 100_000),
        "EMOJI-1": "Ada 🫠🪐🩰",
    ]

    @Test func rowsWithHostileOrEmojiNamesKeepEveryColumnInPlace() throws {
        // Given orders whose customers are 245 KB of joined emoji, a letter under 100,000 marks, and a name with
        // emoji of U+1FA00–U+1FAFF, in the list. Ingest refuses the first two now (TextLimits), so they are
        // written as a store from before that rule, or edited by hand, would hold them.
        var console = try ConsoleFixture(size: Size(width: 132, height: 40))
        for (orderId, name) in Self.names {
            try ConsoleFixture.ingest(orderId: orderId, into: console.store)
            try console.store.database.write { db in
                try db.execute(sql: "UPDATE orders SET customer_name = ? WHERE order_id = ?", arguments: [name, orderId])
            }
        }
        console.send(.storeChecked(token: try console.store.changeToken(), at: ConsoleFixture.now))
        let buffer = console.state.view()
        let rows = buffer.lines.enumerated().filter { $0.element.contains("-1 ") }.map(\.offset)
        #expect(rows.count == 4)
        // Then each row takes the screen's width exactly, the emoji two columns each
        for y in rows {
            let columns = (0..<buffer.size.width).reduce(0) { sum, x in
                buffer[x: x, y: y].isContinuation ? sum : sum + buffer[x: x, y: y].text.unicodeScalars.reduce(0) { $0 + $1.columns }
            }
            #expect(columns == buffer.size.width)
        }
        let emoji = try #require(rows.first { buffer.lines[$0].contains("🫠") })
        let melting = try #require((0..<buffer.size.width).first { buffer[x: $0, y: emoji].text == "🫠" })
        #expect(buffer[x: melting + 1, y: emoji].isContinuation && buffer[x: melting + 2, y: emoji].text == "🪐")
        // And the status column, right of the amount, starts in the same column on every row of the list
        let glyphs = Set(Glyphs.unicode.status.values)
        let layout = Layout(buffer.size)
        let statusColumns = (layout.bodyTop + 1..<layout.bodyTop + 1 + layout.listRows).map { y in
            (0..<buffer.size.width).first { glyphs.contains(buffer[x: $0, y: y].text) }
        }
        #expect(Set(statusColumns).count == 1 && statusColumns.first != nil)
    }

    @Test func marksPastedIntoAFieldStopAtItsLimit() {
        // Given the filter field, and a paste of a letter under a thousand combining marks (one key each)
        var field = TextField("", limit: 100)
        _ = field.edit(.character("Z"))
        for _ in 0..<1_000 { _ = field.edit(.character("\u{0301}")) }
        // Then it holds no more scalars than its limit, although they make a single character
        #expect(field.text.unicodeScalars.count == 100)
        #expect(field.text.count == 1)
    }
}
