import Foundation
import GRDB
import PayDeskSandbox
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// The audit log proves it is whole: its head kept elsewhere catches a cut, a wipe or a rewrite, and replaying
/// it holds every order and refund in the store to it (issue 13, finding 6).
@Suite struct AuditVerificationTests {
    func rawWrite(_ store: PayDeskStore, _ sql: String) throws { try store.database.write { try $0.execute(sql: sql) } }

    /// Drops what keeps the log append-only, as someone with write access to the file could.
    func dropGuards(_ store: PayDeskStore) throws {
        try rawWrite(store, """
            DROP TRIGGER audit_log_is_append_only_update; DROP TRIGGER audit_log_is_append_only_delete;
            DROP TRIGGER orders_keep_what_the_customer_authorised; DROP TRIGGER refunds_keep_their_amount;
            DROP TRIGGER orders_move_along_the_lifecycle; DROP TRIGGER orders_are_never_deleted;
            """)
    }

    /// A store with every kind of history: the demo's, whose orders go through every path of the lifecycle.
    func demoStore() throws -> PayDeskStore {
        let now = Timestamp(rfc3339: "2026-11-21T12:00:00Z")!
        let clock = VirtualClock(now)
        let store = try PayDeskStore.create(at: Fixture.temporaryPath(), clock: clock.now)
        try DemoStore(orders: 150, seed: 3, now: now).build(into: store, clock: clock, actor: Actor(login: "demo"))
        return store
    }

    @Test func everyPathOfTheLifecycleReplaysToWhatTheStoreHolds() throws {
        // Given the demo store: charges, declines, cancels, reversals refused and refunded, refunds settled and failed
        let store = try demoStore()
        // When it is verified
        let result = try store.verifyAudit()
        // Then the log is whole and every order agrees with its replayed history
        #expect(result.problem == nil)
        #expect(result.ordersReconciled == 150)
        #expect(result.head == (try store.auditHead()))
        #expect(result.entriesChecked == Int(result.head.entries))
    }

    @Test func anOrderEditedBehindPayDesksBackIsNamed() throws {
        // Given a paid order, and someone who drops the guards and marks it refunded in the store only
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        try dropGuards(store)
        try rawWrite(store, "UPDATE orders SET refunded = 10000, status = 'refunded' WHERE order_id = 'ORD-1'")
        // Then verification names the order and what differs
        #expect(try store.verifyAudit().problem == "order ORD-1: status is refunded in the store, paid by the audit log")
        try rawWrite(store, "UPDATE orders SET status = 'paid' WHERE order_id = 'ORD-1'")
        #expect(try store.verifyAudit().problem == "order ORD-1: refunded is 100.00 CNY in the store, 0.00 CNY by the audit log")
    }

    @Test func aRefundEditedBehindPayDesksBackIsNamed() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let refund = try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 500, currency: Currency(code: "CNY")!),
                                             reason: .other, actor: Fixture.actor).refund
        try dropGuards(store)
        try rawWrite(store, "UPDATE refunds SET amount = 9000")
        #expect(try store.verifyAudit().problem == "refund \(refund.refundId) of order ORD-1 is pending, 9000 minor units in the store, pending, 500 by the audit log")
    }

    @Test func anEntryWhoseValueIsOfTheWrongTypeIsDamageNamedNotAFailedRead() throws {
        // Given a paid order, and an entry of its log whose time someone rewrote as text
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        try dropGuards(store)
        try rawWrite(store, "UPDATE audit_log SET at = 'noon' WHERE id = 2")
        // When the log is verified, Then it is reported damaged at that entry, as any other edit is
        #expect(try store.verifyAudit().problem == #"audit entry 2: at holds "noon", not an integer"#)
    }

    @Test func anOperatorsLabelIsRecordedAndAnEditedOneIsCaught() throws {
        // Given a refund by an operator labelled anna, sharing the login ops
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let anna = Actor(login: "ops", operatorLabel: "anna", sshClient: "192.0.2.7 50022")
        let refund = try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 500, currency: Currency(code: "CNY")!),
                                             reason: .other, actor: anna).refund
        // Then the refund and its audit entry name her beside the login, and the log verifies
        #expect(refund.requestedBy == "ops as anna via 192.0.2.7 50022 (client-reported)")
        #expect(try store.auditEntries(orderId: "ORD-1", limit: 1).first?.actor == anna)
        #expect(try store.verifyAudit().isIntact)
        // When someone with the file changes the label
        try dropGuards(store)
        try rawWrite(store, "UPDATE audit_log SET operator_label = 'ben' WHERE operator_label = 'anna'")
        // Then the chain no longer holds
        #expect(try !store.verifyAudit().isIntact)
    }

    @Test func aKeptHeadCatchesACutAWipeAndARewrite() throws {
        // Given a log whose head was kept elsewhere after two orders
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.order("ORD-2")], into: store)
        let kept = try store.auditHead()
        #expect(kept.entries == 2)
        try Fixture.ingest([Fixture.order("ORD-3")], into: store)
        // Then the grown log still extends it
        #expect(try store.verifyAudit(expecting: kept).problem == nil)
        #expect(try store.verifyAudit(expecting: AuditHead(entries: 0, hash: kept.hash)).problem == nil)

        // When the tail is cut (the head table rewritten too), Then the kept head names the cut
        let cut = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.order("ORD-2")], into: cut)
        let cutHead = try cut.auditHead()
        try dropGuards(cut)
        try rawWrite(cut, "DELETE FROM audit_log WHERE id = 2; UPDATE audit_head SET last_id = 1, last_hash = (SELECT hash FROM audit_log WHERE id = 1); DELETE FROM orders WHERE order_id = 'ORD-2'")
        #expect(try cut.verifyAudit().problem == nil, "without a kept head, a clean cut of the last order goes unseen")
        #expect(try cut.verifyAudit(expecting: cutHead).problem == "the log has 1 entries, but the head you kept (\(cutHead)) names entry 2: entries 2 to 2 were cut off")

        // When the log is wiped, Then both the kept head and the reconciliation say so
        try rawWrite(cut, "DELETE FROM audit_log; DELETE FROM audit_head")
        #expect(try cut.verifyAudit().problem == "order ORD-1 is in the store but has no history in the audit log")
        #expect(try cut.verifyAudit(expecting: cutHead).problem?.hasSuffix("the log was wiped") == true)

        // When the log is rewritten with recomputed hashes (an entry's outcome changed), Then the kept head catches it
        let rewritten = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1"), Fixture.order("ORD-2")], into: rewritten)
        let rewrittenHead = try rewritten.auditHead()
        try dropGuards(rewritten)
        try rewritten.database.write { db in
            let records = try AuditRecord.order(AuditRecord.Columns.id).fetchAll(db)
            try db.execute(sql: "DELETE FROM audit_log; DELETE FROM audit_head")
            for var entry in records.map(\.entry) {
                if entry.orderId == "ORD-1" { entry.outcome = "nothing to see" }
                try AuditLog.append(entry, in: db)
            }
        }
        #expect(try rewritten.verifyAudit().problem == nil, "a rewrite that recomputes every hash holds together by itself")
        #expect(try rewritten.verifyAudit(expecting: rewrittenHead).problem
            == "entry 2 is not the entry whose head you kept (\(rewrittenHead)): the log was rewritten at or before it")
    }

    @Test func aStoreFromBeforeEffectsStartsWithItsStateAsFound() throws {
        // Given a store as schema v9 left it: a paid order with a pending refund, and a log without effects or
        // operators' labels (v12)
        let store = try Fixture.fileStore()
        try Fixture.paidOrder(in: store)
        try store.requestRefund(orderId: "ORD-1", amount: Money(minorUnits: 500, currency: Currency(code: "CNY")!), reason: .other,
                                actor: Fixture.actor)
        try dropGuards(store)
        try store.database.write { db in
            let entries = try AuditRecord.order(AuditRecord.Columns.id).fetchAll(db).map(\.entry)
            try db.execute(sql: """
                DELETE FROM audit_log; DELETE FROM audit_head;
                ALTER TABLE audit_log DROP COLUMN effect; ALTER TABLE audit_log DROP COLUMN operator_label
                """)
            for var entry in entries {
                entry.effect = nil
                let previous = try Data.fetchOne(db, sql: "SELECT last_hash FROM audit_head") ?? AuditEntry.genesisHash
                try db.execute(sql: """
                    INSERT INTO audit_log (at, actor, ssh_client, action, order_id, amount, currency, idempotency_key, outcome, prev_hash, hash)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """, arguments: [entry.at.millisecondsSinceEpoch, entry.actor.login, entry.actor.sshClient, entry.action, entry.orderId, entry.amount,
                                     entry.currencyCode, entry.idempotencyKey, entry.outcome, previous, entry.chainHash(previous: previous)])
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('v10', 'v12')")
        }
        // When this version opens it, Then each order starts the replayable history with its state as found
        let upgraded = try PayDeskStore(path: store.path)
        let baseline = try #require(try upgraded.auditEntries(orderId: "ORD-1", limit: 1).first)
        #expect(baseline.action == "baseline")
        #expect(baseline.effect?.text.hasPrefix("paid;failure=;cancel=0;paid=10000;refunded=0;refunds=500:pending:19:re_") == true)
        #expect(try upgraded.verifyAudit().problem == nil)
        // And an edit made after it is found
        try rawWrite(upgraded, "UPDATE orders SET refunded = 300 WHERE order_id = 'ORD-1'")
        #expect(try upgraded.verifyAudit().problem == "order ORD-1: refunded is 3.00 CNY in the store, 0.00 CNY by the audit log")
    }

    @Test func aHeadIsReadFromHexDigitsOnly() {
        let hash = String(repeating: "0a", count: 32)
        #expect(AuditHead(text: "7:\(hash)") == AuditHead(entries: 7, hash: Data(repeating: 0x0A, count: 32)))
        #expect(AuditHead(text: hash.uppercased())?.hash == Data(repeating: 0x0A, count: 32))
        // A sign is not a hex digit, though Swift's integer parsing takes "+a" as 10
        for bad in [String(repeating: "+a", count: 32), "-0" + hash.dropFirst(2), "7:" + hash.dropLast(), "0:" + hash] {
            #expect(AuditHead(text: bad) == nil, "\(bad)")
        }
    }
}
