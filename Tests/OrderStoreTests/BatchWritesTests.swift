import Foundation
import OrderModel
import Testing
@testable import OrderStore
import TestSupport

/// Items written in one transaction, their audit entries chained in memory, each undone alone when refused.
@Suite struct BatchWritesTests {
    @Test func anItemRefusedAfterItsAuditEntryIsUndoneWithItAndTheLogStillChains() throws {
        // Given three orders, and a batch whose second item appends its audit entry and is then refused
        let store = try Fixture.store()
        try Fixture.ingest(["ORD-A", "ORD-B", "ORD-C"].map { Fixture.order($0) }, into: store)
        let problems = try store.writeEach(["ORD-A", "ORD-B", "ORD-C"]) { orderId, chain, db in
            try chain.append(AuditEntry(at: Fixture.now(), actor: Fixture.actor, action: "note", orderId: orderId, outcome: "noted"), db)
            if orderId == "ORD-B" { throw StoreError.refused("ORD-B: refused after its entry") }
        }
        // Then the second alone is refused, in its place, its entry gone with it, and the log still chains
        #expect(problems == [nil, .refused("ORD-B: refused after its entry"), nil])
        #expect(try store.auditEntries(limit: 2).map(\.orderId) == ["ORD-C", "ORD-A"])
        #expect(try store.verifyAudit().isIntact)
    }

    @Test func aFailureThatIsNotARefusalUndoesTheWholeBatch() throws {
        // Given two orders, and a batch whose second item fails in a way no single order explains
        let store = try Fixture.store()
        try Fixture.ingest(["ORD-A", "ORD-B"].map { Fixture.order($0) }, into: store)
        let before = try store.auditHead()
        struct DiskFull: Error {}
        #expect(throws: StoreError.self) {
            try store.writeEach(["ORD-A", "ORD-B"]) { orderId, chain, db in
                try chain.append(AuditEntry(at: Fixture.now(), actor: Fixture.actor, action: "note", orderId: orderId, outcome: "noted"), db)
                if orderId == "ORD-B" { throw DiskFull() }
            }
        }
        // Then nothing of it was written
        #expect(try store.auditHead() == before)
    }
}
