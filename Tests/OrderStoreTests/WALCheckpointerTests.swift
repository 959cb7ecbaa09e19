import Foundation
@testable import OrderStore
import Testing
import TestSupport

/// Ingest's writer leaves checkpoints to a thread of their own (`WALCheckpointer`).
@Suite struct WALCheckpointerTests {
    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    @Test func ingestedPagesReachTheStoreFileWhileItStaysOpen() throws {
        // Given a new store on a file
        let store = try Fixture.fileStore()
        let before = Self.fileSize(store.path)

        // When enough orders for a checkpoint are ingested: far fewer pages than the 10,000 at which SQLite
        // checkpoints in a commit
        try Fixture.ingest((1...WALCheckpointer.linesPerCheckpoint).map { Fixture.order("ORD-\($0)") }, into: store)

        // Then their pages are copied from the WAL into the store's file, with nothing more written and the store
        // still open
        let clock = ContinuousClock(), deadline = clock.now + .seconds(10)
        while Self.fileSize(store.path) <= before, clock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(Self.fileSize(store.path) > before, "the store's file stayed at \(before) bytes for 10 s after the ingest")
    }
}
