import Crypto
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

    @Test func theHashIsTheDocumentedLayoutSoStoredChainsStillVerify() {
        // Given an entry with every field, an effect and an operator's label, chained from a known hash
        var full = entry
        full.actor.operatorLabel = "anna"
        full.effect = AuditEffect(status: .refunded)
        let previous = Data((0..<32).map { UInt8($0) })
        // When its hash is laid out by hand: the previous hash, then each field as a big-endian 4-byte length and
        // its UTF-8 (0xFFFFFFFF for an absent one), the effect and the label last
        func field(_ text: String?) -> [UInt8] {
            guard let text else { return [0xFF, 0xFF, 0xFF, 0xFF] }
            let count = UInt32(text.utf8.count)
            return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)] + Array(text.utf8)
        }
        let laidOut = [UInt8](previous) + ["1", "ops", "10.0.0.1 5000", "refund_requested", "A1", "100", "CNY", "k", "ok",
                                           full.effect?.text, "anna"].flatMap(field)
        // Then the store's hash is SHA-256 of exactly those bytes, and an entry without either leaves both out
        #expect(full.chainHash(previous: previous) == Data(SHA256.hash(data: laidOut)))
        #expect(entry.chainHash(previous: previous)
            == Data(SHA256.hash(data: [UInt8](previous) + ["1", "ops", "10.0.0.1 5000", "refund_requested", "A1", "100", "CNY", "k", "ok"].flatMap(field))))
    }

    @Test func fieldBoundariesCannotBeShifted() {
        var a = entry, b = entry
        a.action = "ab"; a.orderId = "c"
        b.action = "a"; b.orderId = "bc"
        #expect(a.chainHash(previous: AuditEntry.genesisHash) != b.chainHash(previous: AuditEntry.genesisHash))
    }
}
