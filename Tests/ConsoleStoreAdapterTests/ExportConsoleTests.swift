import Foundation
import OrderModel
import Testing
@testable import ConsoleUI
@testable import OrderStore

/// `e` on the demo store through the adapter the app uses (issue 16): the file is the CSV of what the list matches.
@Suite struct ExportConsoleTests {
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func eWritesEveryMatchedOrderAsCSVInA0600FileAndNeverOverwrites() throws {
        // Given the demo store with more orders than the screen loads and the export reads at once, largest first
        var console = try ConsoleFixture(orders: 1_200)
        console.press(.character("o"))
        let query = OrderQuery(limit: 100_000, order: .largestFirst)
        let expected = try console.store.orders(query)
        try #require(expected.count > ExportRequest.pageSize, "the export must take more than one page and the loaded window")
        // When the operator presses e
        console.press(.character("e"))
        // Then the file holds exactly the CSV of those orders, is 0600 in a 0700 folder, and the status line names it
        let file = console.exports.path + "/orders-2026-11-21T12-00-00Z.csv"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == CSVTable(orders: expected).text)
        #expect(try Self.mode(file) == 0o600)
        #expect(try Self.mode(console.exports.path) == 0o700)
        let line = console.screen[Layout(console.state.size).statusRow].trimmingCharacters(in: .whitespaces)
        #expect(line.hasPrefix("wrote \(expected.count) orders to ") && line.hasSuffix("/orders-2026-11-21T12-00-00Z.csv"), "\(line)")
        // And a second export in the same second goes to a new name, the first file untouched
        console.press(.character("e"))
        let second = console.exports.path + "/orders-2026-11-21T12-00-00Z-2.csv"
        #expect(FileManager.default.fileExists(atPath: second))
        #expect(try FileManager.default.contentsOfDirectory(atPath: console.exports.path).sorted()
            == ["orders-2026-11-21T12-00-00Z-2.csv", "orders-2026-11-21T12-00-00Z.csv"])
    }

    @Test func eOnTheRefundsScreenWritesTheRefundsInAReadOnlySession() throws {
        // Given a read-only session on the demo store's refunds, more of them than the screen lists
        let writer = try ConsoleFixture(orders: 200)
        let paid = try #require(try writer.store.orders(OrderQuery(status: .paid, limit: 1)).first)
        for _ in 0...ConsoleState.refundsShown {
            try writer.store.requestRefund(orderId: paid.orderId, amount: Money(minorUnits: 1, currency: paid.total.currency),
                                           reason: .other, actor: ConsoleFixture.actor)
        }
        var console = try ConsoleFixture(sharing: writer, readOnly: true)
        console.press(.tab)
        let refunds = try console.store.refunds(limit: nil)
        try #require(refunds.count > ConsoleState.refundsShown)
        // (the screen says it lists only the first 500, and where the rest are)
        let listed = console.screen[Layout(console.state.size).statusRow]
        #expect(listed.contains("the first 500 refunds, pending then newest (e exports all)"), "\(listed)")
        // When the operator presses e
        console.press(.character("e"))
        // Then every refund is in the file, not only those the screen lists, and the status line counts them all
        let file = console.exports.path + "/refunds-2026-11-21T12-00-00Z.csv"
        #expect(try String(contentsOfFile: file, encoding: .utf8) == CSVTable(refunds: refunds).text)
        let line = console.screen[Layout(console.state.size).statusRow].trimmingCharacters(in: .whitespaces)
        #expect(line.hasPrefix("wrote \(refunds.count) refunds to "), "\(line)")
    }

    @Test func aFolderThatCannotBeMadeIsOneLineNamingItAndLeavesNoFile() throws {
        // Given an export folder whose parent is a file
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-blocker-\(UUID().uuidString)").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        defer { try? FileManager.default.removeItem(atPath: blocker) }
        let folder = ExportFolder(path: blocker + "/exports")
        // When a list is saved there
        #expect {
            _ = try folder.save("a\r\n", noun: "orders", at: ConsoleFixture.now)
        } throws: { error in
            // Then the failure names the folder and the reason
            guard let failure = error as? ExportFolder.Failure else { return false }
            return failure.path == blocker + "/exports" && failure.problem == "Not a directory"
        }
    }
}
