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
        let console = try PayDeskConsoleStore.open(path: path, upgradeReporter: nil)
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
        let console = try PayDeskConsoleStore.open(path: path, upgradeReporter: nil)
        // Then they are back, which a read-only open could not do, and a change goes through
        #expect(StoreFiles.missingCompanions(of: path).isEmpty)
        #expect(try console.requestCancel(orderId: "ORD-1", expecting: .authorized, idempotencyKey: "ticket-2", actor: ConsoleFixture.actor) == .canceled)
    }

    @Test func anOlderStoreIsUpgradedBeforeTheConsoleReadsIt() throws {
        // Given a store set back to schema v10 (no search index)
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
        let console = try PayDeskConsoleStore.open(path: path, upgradeReporter: { event in
            if case .upgrading = event { reported.upgraded = true }
        })
        // Then it was upgraded first, and a search through the new index finds the order
        #expect(reported.upgraded)
        #expect(try console.orders(OrderQuery(search: "ORD-1", limit: 5)).map(\.orderId) == ["ORD-1"])
    }
}
