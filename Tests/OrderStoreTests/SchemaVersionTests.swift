import GRDB
import Testing
@testable import OrderStore
import TestSupport

/// `paydesk --version` reports `PayDeskStore.schemaVersion`; it must be the version a new store is at.
@Suite struct SchemaVersionTests {
    @Test func theSchemaVersionIsTheNumberOfTheLastMigrationANewStoreHas() throws {
        // Given a store this build created
        let store = try Fixture.store()
        // When its applied migrations are read back from the file
        let applied = try store.database.read { try Schema.migrator.appliedMigrations($0) }
        // Then they are all of this build's, named v1, v2, … in rising order, and the last one's number is the version
        #expect(applied == Schema.migrator.migrations)
        let numbers = applied.map { $0.first == "v" ? Int($0.dropFirst()) : nil }
        #expect(!numbers.contains(nil), "\(applied)")
        #expect(numbers == numbers.sorted { ($0 ?? 0) < ($1 ?? 0) } && Set(numbers).count == numbers.count, "\(applied)")
        #expect(PayDeskStore.schemaVersion == numbers.last ?? nil)
        #expect(PayDeskStore.schemaVersion >= 9)
    }

    @Test func theSQLiteVersionIsTheLibraryInUse() throws {
        let store = try Fixture.store()
        let reported = try store.database.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }
        #expect(PayDeskStore.sqliteVersion == reported)
    }
}
