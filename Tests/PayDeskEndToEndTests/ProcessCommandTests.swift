import Foundation
import OrderModel
import PaymentProcessing
import Testing

/// `paydesk process` as a process: killed at any moment, it never sends anything twice and loses nothing;
/// operators keep working while it runs.
@Suite(.serialized) struct ProcessCommandTests {
    /// Starts `paydesk process` in the background.
    func start(_ paydesk: PayDeskBinary, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = PayDeskBinary.executable
        process.arguments = ["process", "--processor", "sandbox", "--db", paydesk.store] + arguments
        process.environment = ["HOME": paydesk.folder.path, "USER": "e2e", "LANG": "C.UTF-8"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func killedAgainAndAgainItNeverSendsTwiceAndLosesNothing() async throws {
        // Given a demo store with charges in flight, cancels and refunds owed, and hundreds of orders to charge
        let paydesk = try PayDeskBinary()
        #expect(try paydesk.run(["demo", "--orders", "400", "--no-console", "--db", paydesk.store]).status == 0)
        // When the driver is killed with SIGKILL at random moments, twenty times, then allowed to finish
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let process = try start(paydesk, ["--once", "--delay-scale", "0"])
            usleep(UInt32.random(in: 20_000...250_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let last = try start(paydesk, ["--once", "--delay-scale", "0"])
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        // Then the processor saw every operation exactly once
        let sandbox = try SandboxProcessor(path: SandboxProcessor.statePath(forStore: paydesk.store), clock: { Timestamp(date: Date()) })
        let counts = try sandbox.requestCounts()
        #expect(!counts.isEmpty && counts.values.allSatisfy { $0 == 1 })
        // And nothing is left in flight, and every order agrees with what the processor decided
        let orders = try #require(try paydesk.json(["orders", "list", "--json", "--limit", "1000", "--db", paydesk.store]) as? [[String: Any]])
        #expect(orders.count == 400)
        for order in orders {
            let id = order["orderId"] as? String ?? "", status = order["status"] as? String ?? ""
            #expect(!["authorized", "charging"].contains(status), "\(id) is still \(status)")
            guard case .charge(let reference) = try await sandbox.lookup(idempotencyKey: "charge:\(id)") else { continue }
            let result = try await sandbox.chargeResult(reference: reference)
            if case .failed = result { #expect(["failed", "canceled"].contains(status), "\(id): declined, but \(status)") }
            else { #expect(!["failed", "canceled"].contains(status), "\(id): charged, but \(status)") }
        }
        #expect(try paydesk.run(["outbox", "--db", paydesk.store]).stdout.isEmpty)
        #expect(try paydesk.run(["audit", "--verify", "--db", paydesk.store]).status == 0)
    }

    @Test func anOperatorRefundsWhileTheDriverRuns() throws {
        // Given a driver running on a store with a paid order
        let paydesk = try PayDeskBinary()
        #expect(try paydesk.run(["demo", "--orders", "60", "--no-console", "--db", paydesk.store]).status == 0)
        let paid = try #require(try paydesk.json(["orders", "list", "--status", "paid", "--json", "--db", paydesk.store]) as? [[String: Any]])
        let id = try #require(paid.first?["orderId"] as? String)
        let driver = try start(paydesk, ["--delay-scale", "0"])
        // When an operator refunds it from the command line meanwhile
        let refund = try paydesk.run(["refund", id, "--reason", "requested_by_customer", "--yes", "--db", paydesk.store])
        #expect(refund.status == 0)
        // Then the running driver submits and settles it within a few seconds
        var status = ""
        for _ in 0..<50 where status != "refunded" {
            usleep(100_000)
            let order = try #require(try paydesk.json(["orders", "show", id, "--json", "--db", paydesk.store]) as? [String: Any])
            status = order["status"] as? String ?? ""
        }
        #expect(status == "refunded")
        // And SIGTERM stops the driver cleanly
        kill(driver.processIdentifier, SIGTERM)
        driver.waitUntilExit()
        #expect(driver.terminationStatus == 0)
        #expect(try paydesk.run(["audit", "--verify", "--db", paydesk.store]).status == 0)
    }
}
