import ConsoleStoreAdapter
import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore

/// How the console opens a store it may change: nothing is written before its first frame (issue 17).
@Suite struct ConsoleStoreOpeningTests {
    /// A store with one order, closed cleanly, as a shop's store is between two sessions: its WAL is empty.
    func closedStore() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-opening-\(UUID().uuidString)/shop.sqlite").path
        let store = try PayDeskStore.create(at: path, clock: { ConsoleFixture.now })
        try ConsoleFixture.ingest(orderId: "ORD-1", into: store)
        return store.path
    }

    /// The store's and its WAL's bytes (every reader writes its read mark into the -shm, SQLite's shared index).
    func bytes(_ path: String) throws -> [Data] {
        try [path, path + "-wal"].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    }

    @Test func aStoreItMayChangeIsWrittenToOnlyAtTheFirstChange() throws {
        // Given a store closed cleanly
        let path = try closedStore()
        let walSize = try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        try #require(walSize == 0, "the last close empties the WAL")
        let before = try bytes(path)
        // When the console opens it and reads its first page, the order and the refunds
        let console = PayDeskConsoleStore(try ReadFirstStore.open(path: path, upgradeReporter: nil))
        #expect(try console.orders(OrderQuery(limit: 10)).map(\.orderId) == ["ORD-1"])
        _ = try console.order("ORD-1")
        _ = try console.refunds(limit: nil)
        // Then not a byte of the store or its WAL changed
        #expect(try bytes(path) == before)
        // When the operator cancels the order
        let token = try console.changeToken()
        let outcome = try console.requestCancel(orderId: "ORD-1", expecting: .authorized, idempotencyKey: "ticket-1", actor: ConsoleFixture.actor)
        // Then it is canceled, and the console's reads see it at once
        #expect(outcome == .canceled)
        #expect(try console.order("ORD-1").summary.status == .canceled)
        #expect(try console.changeToken() != token)
    }

    @Test func aStoreWithoutItsWALIsOpenedForWritingAtOnce() throws {
        // Given a store whose -wal and -shm were removed after a clean close (copied without them)
        let path = try closedStore()
        for companion in StoreFiles.companions(of: path) { try FileManager.default.removeItem(atPath: companion) }
        // When the console opens it
        let console = PayDeskConsoleStore(try ReadFirstStore.open(path: path, upgradeReporter: nil))
        // Then a writer opened it at once: PayDesk made the files (privately, in the store's group), and the
        // writer's open wrote to the new WAL. A read-only open would have left both to SQLite, the WAL empty.
        #expect(StoreFiles.missingCompanions(of: path).isEmpty)
        let walSize = try #require(try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int)
        #expect(walSize > 0)
        // And a change goes through
        #expect(try console.requestCancel(orderId: "ORD-1", expecting: .authorized, idempotencyKey: "ticket-2", actor: ConsoleFixture.actor) == .canceled)
    }

    @Test func aChangeThatCannotOpenTheStoreForWritingSaysSoChangesNothingAndCanBeTriedAgain() throws {
        // Given a console whose first opening for writing fails, as a full disk or a lock might make it
        let path = try closedStore()
        final class Attempts: @unchecked Sendable { var count = 0 }
        let attempts = Attempts()
        let console = PayDeskConsoleStore(ReadFirstStore(reading: try PayDeskStore(path: path, mode: .readOnly), openForChanges: { () throws(StoreError) in
            attempts.count += 1
            if attempts.count == 1 { throw .cannotOpen(path: path, reason: "disk full") }
            return try PayDeskStore(path: path, mode: .readWrite)
        }))
        // When the operator cancels the order
        // Then the store's one-line error is what they read, and the order is as it was
        #expect(throws: StoreError.cannotOpen(path: path, reason: "disk full")) {
            try console.requestCancel(orderId: "ORD-1", expecting: .authorized, idempotencyKey: "ticket-3", actor: ConsoleFixture.actor)
        }
        #expect(try console.order("ORD-1").summary.status == .authorized)
        // And trying again opens the store and cancels it
        #expect(try console.requestCancel(orderId: "ORD-1", expecting: .authorized, idempotencyKey: "ticket-3", actor: ConsoleFixture.actor) == .canceled)
        #expect(attempts.count == 2)
    }

    @Test func aChangeIsRefusedWhenAnotherFileHasTakenTheStoresPlace() throws {
        // Given a console reading a store, and another store with the same order put in its place (a restore by mv)
        let path = try closedStore(), other = try closedStore()
        let console = PayDeskConsoleStore(try ReadFirstStore.open(path: path, upgradeReporter: nil))
        _ = try console.order("ORD-1")
        for (from, to) in zip([other] + StoreFiles.companions(of: other), [path] + StoreFiles.companions(of: path)) {
            #expect(rename(from, to) == 0)
        }
        // When the operator cancels the order they read
        // Then the change is refused, naming why, and the store now at the path is as it was
        #expect(throws: StoreError.cannotOpen(path: path, reason: "another file has taken its place since it was opened; open it again")) {
            try console.requestCancel(orderId: "ORD-1", expecting: .authorized, idempotencyKey: "ticket-4", actor: ConsoleFixture.actor)
        }
        #expect(try PayDeskStore(path: path, mode: .readOnly).order("ORD-1").summary.status == .authorized)
    }

    @Test func anOlderStoreIsUpgradedBeforeTheConsoleReadsIt() throws {
        // Given a store set back to before the search index (v11 and v13 not applied)
        let path = try closedStore()
        do {
            let store = try PayDeskStore(path: path)
            try store.database.writeWithoutTransaction { db in
                try db.execute(sql: """
                    DROP TABLE order_search; DROP TABLE order_search_text; DELETE FROM grdb_migrations WHERE identifier IN ('v11', 'v13')
                    """)
            }
        }
        // When the console opens it
        final class Reported: @unchecked Sendable { var upgraded = false }
        let reported = Reported()
        let console = PayDeskConsoleStore(try ReadFirstStore.open(path: path, upgradeReporter: { event in
            if case .upgrading = event { reported.upgraded = true }
        }))
        // Then it was upgraded first, and a search through the new index finds the order
        #expect(reported.upgraded)
        #expect(try console.orders(OrderQuery(search: "ORD-1", limit: 5)).map(\.orderId) == ["ORD-1"])
    }
}
