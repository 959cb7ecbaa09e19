import Foundation
import Testing
import OrderModel
@testable import OrderStore

@Suite struct AuditChainHashTests {
    let entry = AuditEntry(at: Timestamp(millisecondsSinceEpoch: 1), actor: Actor(login: "ops", sshClient: "10.0.0.1 5000"),
                           action: "refund_requested", orderId: "A1", amount: 100, currencyCode: "CNY",
                           idempotencyKey: "k", outcome: "ok")

    @Test func hashCoversEveryFieldAndThePreviousHash() {
        let base = entry.chainHash(previous: AuditEntry.genesisHash)
        #expect(base.count == 32)
        var changed = entry
        changed.amount = 101
        #expect(changed.chainHash(previous: AuditEntry.genesisHash) != base)
        changed = entry
        changed.actor.sshClient = nil
        #expect(changed.chainHash(previous: AuditEntry.genesisHash) != base)
        #expect(entry.chainHash(previous: Data(repeating: 1, count: 32)) != base)
        #expect(entry.chainHash(previous: AuditEntry.genesisHash) == base)
    }

    @Test func anOperatorsLabelIsHashedAndEntriesWithoutOneKeepTheirHashes() {
        // Given the same entry with and without an operator's label
        var labelled = entry
        labelled.actor.operatorLabel = "anna"
        let base = entry.chainHash(previous: AuditEntry.genesisHash)
        // Then the label changes the hash, and an entry without one hashes its ten fields as before labels existed
        #expect(labelled.chainHash(previous: AuditEntry.genesisHash) != base)
        var relabelled = labelled
        relabelled.actor.operatorLabel = "ben"
        #expect(relabelled.chainHash(previous: AuditEntry.genesisHash) != labelled.chainHash(previous: AuditEntry.genesisHash))
    }

    @Test func fieldBoundariesCannotBeShifted() {
        var a = entry, b = entry
        a.action = "ab"; a.orderId = "c"
        b.action = "a"; b.orderId = "bc"
        #expect(a.chainHash(previous: AuditEntry.genesisHash) != b.chainHash(previous: AuditEntry.genesisHash))
    }
}
