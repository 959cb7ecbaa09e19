import Foundation
import OrderStore
import Testing

/// The command line behaves as tools people know: `--version`, and a mistyped command named as such.
@Suite struct CommandLineTests {
    @Test func versionNamesTheBuildTheSchemaItWritesAndTheSQLiteItRunsWith() throws {
        let paydesk = try PayDeskBinary()
        let absent = paydesk.folder.appendingPathComponent("absent")
        let result = try paydesk.run(["--version"], environment: ["PAYDESK_DB": absent.appendingPathComponent("store.sqlite").path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.wholeMatch(of: /paydesk \d+\.\d+\.\d+/) != nil, "\(lines)")
        #expect(lines.dropFirst().first == "store schema \(PayDeskStore.schemaVersion)")
        #expect(lines.last == "SQLite \(PayDeskStore.sqliteVersion)")
        // Any command answers --version the same way, and it never touches a store.
        #expect(try paydesk.run(["orders", "list", "--version", "--db", absent.path]).stdout == result.stdout)
        #expect(!FileManager.default.fileExists(atPath: absent.path))
    }
}
