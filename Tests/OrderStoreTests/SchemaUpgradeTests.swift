import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// Schema upgrades (issue 17): a read-write open of an older store says what each migration does and how far a
/// long one has got; a read-only open cannot upgrade and says so in one line, at once.
@Suite struct SchemaUpgradeTests {
    /// Collects what an upgrade reports, in order.
    final class Reported: @unchecked Sendable {
        private let lock = NSLock()
        private var collected: [UpgradeEvent] = []
        var events: [UpgradeEvent] { lock.withLock { collected } }
        var reporter: UpgradeReporter { { event in self.lock.withLock { self.collected.append(event) } } }
    }

    /// A file store with `count` orders, set back to schema v10: no search index, v11 and v13 not applied.
    func storeBeforeTheSearchIndex(orders count: Int) throws -> String {
        let store = try Fixture.fileStore()
        try Fixture.ingest((0..<count).map { Fixture.order(String(format: "UPG-%05d", $0)) }, into: store)
        try store.database.writeWithoutTransaction { db in
            try db.execute(sql: """
                DROP TABLE order_search; DROP TABLE order_search_text; DELETE FROM grdb_migrations WHERE identifier IN ('v11', 'v13')
                """)
        }
        return store.path
    }

    @Test func anUpgradeSaysWhatEachMigrationDoesAndHowFarItHasGot() throws {
        // Given a store of 2,100 orders from before the search index (schema v10, with v12 applied)
        let path = try storeBeforeTheSearchIndex(orders: 2_100)
        // When it is opened read-write with a reporter
        let reported = Reported()
        let store = try PayDeskStore(path: path, upgradeReporter: reported.reporter)
        // Then the upgrade is announced, v11 says what it does, its progress rises every 1,000 orders to all of
        // them, and it is reported done; then v13, which moves the documents ten thousand orders at a time
        #expect(reported.events == [
            .upgrading(from: 10, to: PayDeskStore.schemaVersion),
            .migrating(version: 11, what: "building the search index for every order"),
            .progress(version: 11, done: 1_000, total: 2_100),
            .progress(version: 11, done: 2_000, total: 2_100),
            .progress(version: 11, done: 2_100, total: 2_100),
            .migrated(version: 11),
            .migrating(version: 13, what: "moving the search documents beside the list's sort keys, and indexing them again"),
            .progress(version: 13, done: 2_100, total: 2_100),
            .migrated(version: 13),
        ])
        // And the orders it walked are found by the index it built
        #expect(try store.orders(OrderQuery(search: "UPG-02099", limit: 5)).map(\.orderId) == ["UPG-02099"])
    }

    @Test func aStoreThatIsUpToDateOrNewSaysNothing() throws {
        // Given a new store (its creation is not an upgrade)
        let store = try Fixture.fileStore()
        // When it is opened again with a reporter
        let reported = Reported()
        _ = try PayDeskStore(path: store.path, upgradeReporter: reported.reporter)
        // Then there was nothing to say
        #expect(reported.events.isEmpty)
    }

    @Test func aReadOnlyOpenOfAnOlderStoreFailsAtOnceInOneLineNamingBothVersions() throws {
        // Given a store at schema v10
        let path = try storeBeforeTheSearchIndex(orders: 3)
        // When a monitor opens it read-only
        // Then it is refused with the versions, and nothing was migrated
        let error = #expect(throws: StoreError.self) { try PayDeskStore(path: path, mode: .readOnly) }
        #expect(error == .needsMigration(path: path, version: 10, needed: PayDeskStore.schemaVersion))
        let line = error?.description ?? ""
        #expect(!line.contains("\n") && line.contains("schema v10") && line.contains("read-only"), "\(line)")
        if let error { #expect(throws: error) { try PayDeskStore(path: path, mode: .readOnly) } }
    }

    @Test func theLinesGiveOneLinePerMigrationAndProgressAtMostEveryInterval() {
        // Given the lines an upgrade prints, on a clock the test moves (seconds)
        final class Clock: @unchecked Sendable { var seconds = 0.0 }
        final class Lines: @unchecked Sendable { var written: [String] = [] }
        let clock = Clock(), lines = Lines()
        let upgrade = UpgradeLines(store: "shop.sqlite", interval: 5, clock: { UInt64(clock.seconds * 1e9) }) { lines.written.append($0) }
        func at(_ seconds: Double, _ event: UpgradeEvent) {
            clock.seconds = seconds
            upgrade.report(event)
        }
        // When a long migration reports progress often and a short one follows
        at(0, .upgrading(from: 10, to: 12))
        at(0, .migrating(version: 11, what: "building the search index for every order"))
        at(1, .progress(version: 11, done: 1_000, total: 10_000))
        at(5, .progress(version: 11, done: 5_000, total: 10_000))
        at(6, .progress(version: 11, done: 6_000, total: 10_000))
        at(10.2, .progress(version: 11, done: 10_000, total: 10_000))
        at(10.25, .migrated(version: 11))
        at(11, .migrating(version: 12, what: "adding the operator's label to the audit log"))
        at(11.1, .migrated(version: 12))
        // Then each migration has its line, the long one its percentage once in five seconds and how long it took
        #expect(lines.written == [
            "paydesk: upgrading shop.sqlite from schema v10 to v12; read-only sessions cannot open it until this is done",
            "paydesk: v11: building the search index for every order",
            "paydesk: v11: 50% (5000 of 10000 orders)",
            "paydesk: v11: done in 10.2 s",
            "paydesk: v12: adding the operator's label to the audit log",
        ])
    }

    @Test func aMigrationKeepsForeignKeysOnRatherThanCheckingTheWholeStoreAfterIt() throws {
        // Given a store with an order, opened with every statement traced
        let store = try Fixture.fileStore()
        try Fixture.ingest([Fixture.order("FK-1")], into: store)
        final class Statements: @unchecked Sendable { var sql: [String] = [] }
        let statements = Statements()
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.trace { statements.sql.append("\($0)") } }
        let queue = try DatabaseQueue(path: store.path, configuration: configuration)
        // When one migration changes nothing and another schedules a poll for an order that does not exist
        let harmless = SchemaStep("v90", "changing nothing") { db in try db.execute(sql: "SELECT 1") }
        let breaking = SchemaStep("v91", "breaking a foreign key") { db in
            try db.execute(sql: "INSERT INTO charge_polls (order_ref, next_poll_at, poll_interval) VALUES (999999, 0, 1)")
        }
        try Schema.migrator(reporting: nil, only: [harmless]).migrate(queue)
        // Then no step is followed by a check of every foreign key in the store (seconds on a million orders)
        #expect(statements.sql.contains { $0.contains("SELECT 1") })
        #expect(!statements.sql.contains { $0.localizedCaseInsensitiveContains("foreign_key_check") }, "\(statements.sql)")
        // And a step that breaks a foreign key still fails, and is not recorded as applied
        #expect(throws: DatabaseError.self) { try Schema.migrator(reporting: nil, only: [breaking]).migrate(queue) }
        let applied = try queue.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        #expect(applied.contains("v90") && !applied.contains("v91"))
    }
}
