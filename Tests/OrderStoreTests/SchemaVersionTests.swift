import GRDB
import Testing
@testable import OrderStore

/// `paydesk --version` reports `PayDeskStore.schemaVersion`; it must be the version a new store is at.
@Suite struct SchemaVersionTests {
    @Test func aNewStoreIsAtTheSchemaVersionThisBuildReports() throws {
        // Given a store this build created
        let store = try Fixture.store()
        // When its applied migrations are read back from the file
        let applied = try store.database.read { try Schema.migrator.appliedMigrations($0) }
        // Then there is one per version, named v1 to vN, N being the version reported
        #expect(PayDeskStore.schemaVersion >= 5)
        #expect(applied == (1...PayDeskStore.schemaVersion).map { "v\($0)" })
    }

    @Test func theSQLiteVersionIsTheLibraryInUse() throws {
        let store = try Fixture.store()
        let reported = try store.database.read { try String.fetchOne($0, sql: "SELECT sqlite_version()") }
        #expect(PayDeskStore.sqliteVersion == reported)
    }
}
