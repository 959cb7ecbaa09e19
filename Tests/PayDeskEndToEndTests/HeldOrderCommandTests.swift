import Foundation
import PayDeskSandbox
import PaymentProcessing
import Testing

/// With the merchant's keys, an order whose token failed a check is held: never charged until an operator
/// releases it with a reason, or cancels it (issue 13, finding 8).
@Suite struct HeldOrderCommandTests {
    @Test func heldOrdersAreNeverChargedUntilReleased() throws {
        // Given a demo store, whose tokens are checked with the demo merchant's keys; a few are made to fail
        let paydesk = try PayDeskBinary()
        #expect(try paydesk.run(["demo", "--orders", "300", "--seed", "11", "--no-console", "--db", paydesk.store]).status == 0)
        let held = try #require(try paydesk.json(["orders", "list", "--status", "held", "--json", "--db", paydesk.store]) as? [[String: Any]])
        let heldIds = held.compactMap { $0["orderId"] as? String }
        try #require(heldIds.count >= 2, "the demo holds some orders")
        // When the processor drains everything it may charge
        let drained = try paydesk.run(["process", "--processor", "sandbox", "--once", "--delay-scale", "0", "--db", paydesk.store])
        #expect(drained.status == 0, "\(drained.stderr)")
        // Then no held order was ever sent to the processor, and each is still held
        let sandbox = try SandboxProcessor(path: paydesk.folder.appendingPathComponent("store-sandbox.sqlite").path, clock: { .init(millisecondsSinceEpoch: 0) })
        let sent = try sandbox.requestCounts()
        for id in heldIds {
            #expect(sent["charge:\(id)"] == nil, "\(id) was charged")
            let shown = try #require(try paydesk.json(["orders", "show", id, "--json", "--db", paydesk.store]) as? [String: Any])
            #expect(shown["status"] as? String == "held")
        }
        // When an operator releases one with a reason
        let released = try paydesk.run(["release", heldIds[0], "--reason", "the customer confirmed by phone", "--yes", "--db", paydesk.store])
        #expect(released.status == 0 && released.stdout == "\(heldIds[0]): released; paydesk process will charge it\n")
        // Then it goes ahead and is charged, the others stay held, and the audit log has who and why
        #expect(try paydesk.run(["process", "--processor", "sandbox", "--once", "--delay-scale", "0", "--db", paydesk.store]).status == 0)
        #expect(try sandbox.requestCounts()["charge:\(heldIds[0])"] == 1)
        #expect(try sandbox.requestCounts()["charge:\(heldIds[1])"] == nil)
        let audit = try #require(try paydesk.json(["audit", "--order", heldIds[0], "--json", "--db", paydesk.store]) as? [[String: Any]])
        #expect(audit.contains { $0["action"] as? String == "release" && ($0["outcome"] as? String)?.hasSuffix(": the customer confirmed by phone") == true })
        // And releasing an order that is not held is refused
        let again = try paydesk.run(["release", heldIds[0], "--reason", "x", "--yes", "--db", paydesk.store])
        #expect(again.status == 1 && again.stderr.contains("only a held order can be released"))
    }
}
