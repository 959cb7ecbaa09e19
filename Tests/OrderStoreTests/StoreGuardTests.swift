import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// The schema's own guards, exercised by writing SQL directly, as a bug or a person with `sqlite3` would.
@Suite struct StoreGuardTests {
    func rawWrite(_ store: PayDeskStore, _ sql: String) -> String? {
        do { try store.database.write { try $0.execute(sql: sql) }; return nil }
        catch let error as DatabaseError { return error.message }
        catch { return "\(error)" }
    }

    @Test func sqlRefusesToRefundMoreThanWasPaid() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let insert = { (id: String, amount: Int) in
            """
            INSERT INTO refunds (refund_id, order_ref, amount, status, reason, requested_at, requested_by, idempotency_key, updated_at)
            VALUES ('\(id)', 1, \(amount), 'pending', 'other', 0, 'sql', '\(id)', 0)
            """
        }
        #expect(rawWrite(store, insert("r1", 6000)) == nil)
        #expect(rawWrite(store, insert("r2", 4001)) == "refund exceeds what may still be refunded")
        #expect(rawWrite(store, insert("r3", 4000)) == nil)
        #expect(rawWrite(store, "UPDATE refunds SET amount = 9000 WHERE refund_id = 'r1'") == "a refund keeps its order and amount")
        #expect(rawWrite(store, "UPDATE refunds SET status = 'succeeded' WHERE refund_id = 'r1'") == nil)
        #expect(rawWrite(store, "UPDATE refunds SET status = 'pending' WHERE refund_id = 'r1'") == "refund status cannot move that way")
        #expect(rawWrite(store, "DELETE FROM refunds") == "refunds are never deleted")
    }

    @Test func sqlRefusesStatusJumpsAndEditsOfTheOrder() throws {
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1")], into: store)
        #expect(rawWrite(store, "UPDATE orders SET status = 'paid'") == "payment status cannot move that way")
        #expect(rawWrite(store, "UPDATE orders SET total = 1") == "an ingested order cannot be changed")
        #expect(rawWrite(store, "UPDATE orders SET details = '{}', status = 'canceled'") == "an ingested order cannot be changed")
        #expect(rawWrite(store, "UPDATE orders SET fingerprint = x'00'") == "an ingested order cannot be changed")
        #expect(rawWrite(store, "UPDATE orders SET refunded = 5") != nil)
        #expect(rawWrite(store, "DELETE FROM orders") == "orders are never deleted")
        #expect(rawWrite(store, "INSERT INTO refunds (refund_id, order_ref, amount, status, reason, requested_at, requested_by, idempotency_key, updated_at) VALUES ('r', 1, 1, 'pending', 'other', 0, 'x', 'x', 0)") == "only paid orders can be refunded")
    }

    /// An order written directly as SQL, in any status, with a token outcome (NULL when nil) as given.
    func insertOrder(_ store: PayDeskStore, _ id: String, status: String, tokenOutcome: String? = nil) -> String? {
        let paid = ["paid", "partially_refunded", "refunded", "reversed"].contains(status) ? 100 : 0
        let refunded = ["partially_refunded": 40, "refunded": 100][status] ?? 0
        return rawWrite(store, """
            INSERT INTO orders (order_id, fingerprint, created_at, currency, total, status, paid, refunded, updated_at, customer_name, wallet,
                                details, token_outcome)
            VALUES ('\(id)', x'00', 0, 'CNY', 100, '\(status)', \(paid), \(refunded), 0, 'Guest', 'Visa', '{}', \(tokenOutcome.map { "'\($0)'" } ?? "NULL"))
            """)
    }

    @Test func sqlMovesAStatusAlongTheLifecycleAndNowhereElse() throws {
        // Given the moves docs/design.md §3 draws, and an order in each status written directly as SQL
        let moves: Set = ["authorized>charging", "authorized>canceled", "held>authorized", "held>canceled", "charging>paid", "charging>failed",
                          "charging>canceled", "paid>reversed", "paid>partially_refunded", "paid>refunded", "partially_refunded>refunded"]
        let store = try Fixture.store()
        let statuses = PaymentStatus.allCases.map(\.rawValue)
        for from in statuses {
            for to in statuses where to != from {
                let move = "\(from)>\(to)"
                #expect(insertOrder(store, move, status: from) == nil)
                // When its status is set to every other, Then the lifecycle's guard lets exactly those moves through
                let refusal = rawWrite(store, "UPDATE orders SET status = '\(to)' WHERE order_id = '\(move)'")
                if moves.contains(move) {
                    #expect(refusal != "payment status cannot move that way", "\(move)")
                } else {
                    #expect(refusal == "payment status cannot move that way", "\(move)")
                }
            }
        }
    }

    @Test func sqlRefusesAStatusOrATokenOutcomeOutsideItsList() throws {
        let store = try Fixture.store()
        // Every status and every token outcome (or none) is stored
        for status in PaymentStatus.allCases { #expect(insertOrder(store, "S-\(status.rawValue)", status: status.rawValue) == nil) }
        for outcome in ["verified", "failed", "no_key"] { #expect(insertOrder(store, "T-\(outcome)", status: "authorized", tokenOutcome: outcome) == nil) }
        // Anything else is not
        #expect(insertOrder(store, "S-lost", status: "lost")?.hasPrefix("CHECK constraint failed") == true)
        #expect(insertOrder(store, "T-maybe", status: "authorized", tokenOutcome: "maybe")?.hasPrefix("CHECK constraint failed") == true)
    }

    @Test func auditLogIsAppendOnlyAndTamperingIsDetected() throws {
        // Given a store with several audit entries
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        try Fixture.ingest([Fixture.order("ORD-2")], into: store)
        #expect(try store.verifyAudit().problem == nil && store.verifyAudit().entriesChecked == 4)
        // The store itself refuses edits and deletions
        #expect(rawWrite(store, "UPDATE audit_log SET outcome = 'ok'") == "the audit log is append-only")
        #expect(rawWrite(store, "DELETE FROM audit_log WHERE id = 2") == "the audit log is append-only")

        // When someone drops the guards and edits an entry, Then verification names it
        let edited = try Fixture.store()
        try Fixture.paidOrder(in: edited)
        #expect(rawWrite(edited, "DROP TRIGGER audit_log_is_append_only_update; UPDATE audit_log SET amount = 1 WHERE id = 2") == nil)
        #expect(try edited.verifyAudit().problem == "entry 2 was edited after it was written")

        // When a middle entry is deleted
        let deleted = try Fixture.store()
        try Fixture.paidOrder(in: deleted)
        #expect(rawWrite(deleted, "DROP TRIGGER audit_log_is_append_only_delete; DELETE FROM audit_log WHERE id = 2") == nil)
        #expect(try deleted.verifyAudit().problem == "entry 3 does not follow entry 1: an entry was removed or changed")

        // When the newest entry is cut off
        let truncated = try Fixture.store()
        try Fixture.paidOrder(in: truncated)
        #expect(rawWrite(truncated, "DROP TRIGGER audit_log_is_append_only_delete; DELETE FROM audit_log WHERE id = 3") == nil)
        #expect(try truncated.verifyAudit().problem == "the log ends at entry 2 but its head names entry 3: entries were cut off the end")
    }

    @Test func readOnlyIsReadOnlyInSQLiteItself() throws {
        let store = try Fixture.fileStore()
        try Fixture.paidOrder(in: store)
        let reader = try PayDeskStore(path: store.path, mode: .readOnly)
        #expect(try reader.order("ORD-1").summary.status == .paid)
        #expect(throws: StoreError.readOnly(path: store.path)) {
            try reader.requestRefund(orderId: "ORD-1", reason: .other, actor: Fixture.actor)
        }
        // Even bypassing PayDesk's own check, SQLite refuses
        #expect(throws: (any Error).self) { try reader.database.writeWithoutTransaction { try $0.execute(sql: "DELETE FROM status_totals") } }
        #expect(try store.order("ORD-1").summary.status == .paid)
    }

    /// A reader opens one connection, and reads the schema once, before its first query (issue 17: the console's
    /// first frame): a pool would open a second, for writes that never come.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "counts descriptors in /proc"))
    func aReadOnlyStoreHoldsOneConnectionToItsFile() throws {
        // Given a store on file with an order, closed (SQLite hands a closed connection's descriptor to the next)
        let path: String
        do {
            let store = try Fixture.fileStore()
            try Fixture.paidOrder(in: store)
            path = URL(fileURLWithPath: store.path).resolvingSymlinksInPath().path
        }
        func descriptorsOnTheStore() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
                .filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
        }
        try #require(try descriptorsOnTheStore() == 0)
        // When it is opened read-only and read
        let reader = try PayDeskStore(path: path, mode: .readOnly)
        #expect(try reader.order("ORD-1").summary.status == .paid)
        _ = try reader.orders(OrderQuery(limit: 5))
        // Then it holds one descriptor on the store's file
        #expect(try descriptorsOnTheStore() == 1)
    }

    /// A reader sorts too (a search's results): its temporary b-trees stay in memory, as a writer's do, never in a
    /// file in the temporary folder.
    @Test func everyConnectionKeepsItsTemporariesInMemory() throws {
        let store = try Fixture.fileStore()
        let reader = try PayDeskStore(path: store.path, mode: .readOnly)
        for opened in [store, reader] {
            #expect(try opened.database.read { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2, "read-only: \(opened.isReadOnly)")
        }
        // The writer's own connection too, where ingest's savepoints are journalled
        #expect(try store.database.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA temp_store") } == 2)
    }

    @Test func opensOnlyPayDeskStoresWithOneLineErrors() throws {
        let missing = Fixture.temporaryPath()
        #expect(throws: StoreError.missing(path: missing)) { try PayDeskStore(path: missing, mode: .readOnly) }

        let garbage = Fixture.temporaryPath()
        try FileManager.default.createDirectory(atPath: (garbage as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x42, count: 8192).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: StoreError.notADatabase(path: garbage)) { try PayDeskStore(path: garbage) }

        let foreign = Fixture.temporaryPath()
        try FileManager.default.createDirectory(atPath: (foreign as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try DatabaseQueue(path: foreign).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect(throws: StoreError.notAPayDeskStore(path: foreign)) { try PayDeskStore(path: foreign) }

        let newer = try Fixture.fileStore()
        try newer.database.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v999')") }
        #expect(throws: StoreError.newerSchema(path: newer.path)) { try PayDeskStore(path: newer.path) }
        #expect(throws: StoreError.newerSchema(path: newer.path)) { try PayDeskStore(path: newer.path, mode: .readOnly) }
        #expect(StoreError.newerSchema(path: "/x").description.split(separator: "\n").count == 1)
    }

    @Test func aLockedStoreIsWaitedOnThenReported() throws {
        // Given another connection holding the write lock
        let store = try Fixture.fileStore()
        try Fixture.paidOrder(in: store)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: store.path, configuration: configuration)
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        defer { try? holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }
        // When a write waits past its timeout, Then it is reported, and nothing changed
        let impatient = try PayDeskStore(path: store.path, busyTimeout: 0.2)
        #expect(throws: StoreError.locked(path: store.path)) {
            try impatient.requestRefund(orderId: "ORD-1", reason: .other, actor: Fixture.actor)
        }
    }
}

@Suite struct OrderQueryTests {
    /// A store of `count` orders a minute apart, every third one paid.
    func store(count: Int) throws -> PayDeskStore {
        let store = try Fixture.store()
        var lines: [String] = []
        for index in 0..<count {
            let id = String(format: "ORD-%04d", index)
            let time = Timestamp(millisecondsSinceEpoch: 1_795_253_400_000 + Int64(index) * 60_000).rfc3339
            lines.append(Fixture.order(id, createdAt: time, given: "Guest\(index)", family: "Lee",
                                       phone: "+86 139 \(String(format: "%04d", index)) 0000", email: "Guest\(index)@Example.com"))
            if index % 3 == 0 {
                lines += [Fixture.event(id, "charge_submitted"), Fixture.event(id, "charge_succeeded")]
            }
        }
        let (_, problems) = try Fixture.ingest(lines, into: store)
        #expect(problems.isEmpty)
        return store
    }

    @Test func keysetPagesCoverEveryOrderOnceNewestFirst() throws {
        let store = try store(count: 23)
        var seen: [String] = []
        var query = OrderQuery(limit: 5)
        while true {
            let page = try store.orders(query)
            if page.isEmpty { break }
            seen += page.map(\.orderId)
            query.after = page.last?.cursor
        }
        #expect(seen == (0..<23).reversed().map { String(format: "ORD-%04d", $0) })
    }

    @Test func filtersByStatusAndKeepsTotalsCurrent() throws {
        let store = try store(count: 9)
        #expect(try store.orders(OrderQuery(status: .paid)).map(\.orderId) == ["ORD-0006", "ORD-0003", "ORD-0000"])
        let totals = try store.statusTotals()
        #expect(totals.map { "\($0.status.rawValue) \($0.orders) \($0.amount)" } == ["authorized 6 600.00 CNY", "paid 3 300.00 CNY"])
    }

    @Test(arguments: [
        ("ORD-0007", ["ORD-0007"]), ("ORD-001", ["ORD-0019", "ORD-0018", "ORD-0017", "ORD-0016", "ORD-0015", "ORD-0014", "ORD-0013", "ORD-0012", "ORD-0011", "ORD-0010"]),
        ("13900120000", ["ORD-0012"]), ("+86 139-0012-0000", ["ORD-0012"]), ("guest5@example.COM", ["ORD-0005"]),
        ("guest19", ["ORD-0019"]), ("0224", []), ("nobody", []),
    ])
    func searchesByIdPhoneEmailAndName(text: String, expected: [String]) throws {
        let store = try store(count: 20)
        let found = try store.orders(OrderQuery(search: text)).map(\.orderId)
        if text == "0224" { #expect(found.count == 20) } else { #expect(found == expected) }
    }
}
