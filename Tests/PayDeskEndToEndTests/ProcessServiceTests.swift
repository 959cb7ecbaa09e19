import Foundation
import Testing

/// `paydesk process` as a well-behaved service: one per store, a deadline for draining, and a log a person
/// or a log shipper can read, with nothing from outside acting on either and no card data.
@Suite(.serialized) struct ProcessServiceTests {
    static let login = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? ""

    /// A store holding one authorized order (E2E-1).
    func storeWithOneOrder() throws -> PayDeskBinary {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        #expect(try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order + "\n").status == 0)
        return paydesk
    }

    @Test func aSecondProcessOnTheStoreIsRefusedNamingTheFirstUntilItIsKilled() throws {
        // Given paydesk process running as a service
        let paydesk = try storeWithOneOrder()
        let first = try ProcessCommandTests.start(paydesk, ["--delay-scale", "0"])
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        try ProcessCommandTests.waitUntilRunning(paydesk)
        // When a second one starts on the same store
        let second = try paydesk.run(["process", "--processor", "sandbox", "--once", "--db", paydesk.store])
        // Then it is refused in one line naming the first, and exits non-zero
        #expect(second.status == 1)
        let line = try Regex(#"paydesk: another paydesk process \(pid (\d+), user ([^,]+), since (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)\) is already running on (.+)\n"#)
        let match = try #require(try line.wholeMatch(in: second.stderr), "\(second.stderr)")
        #expect(match.output[1].substring.map(String.init) == "\(first.processIdentifier)")
        #expect(match.output[2].substring.map(String.init) == Self.login)
        #expect(match.output[4].substring.map(String.init) == paydesk.store)
        // When the first is killed with SIGKILL, which no handler sees
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        // Then a new one starts, and stops cleanly on SIGTERM
        let third = try ProcessCommandTests.start(paydesk, ["--delay-scale", "0"], log: "third.log")
        defer { if third.isRunning { kill(third.processIdentifier, SIGKILL) } }
        try waitFor("the third process to start", observe: { paydesk.log("third.log") }) { $0.contains(" notice starting ") }
        kill(third.processIdentifier, SIGTERM)
        try waitForExit(third, "the third process")
        #expect(third.terminationStatus == 0)
    }

    @Test func aProcessorThatNeverAnswersInTimeEndsTheDrainAtItsDeadline() throws {
        // Given an order whose result the sandbox gives only when polled, 6 to 30 s after the charge
        let paydesk = try storeWithOneOrder()
        // When process drains it with a deadline of one second
        let result = try paydesk.run(["process", "--processor", "sandbox", "--once", "--max-wait", "1s", "--decline-rate", "0",
                                      "--late-rate", "100", "--lost-notification-rate", "100", "--db", paydesk.store])
        // Then it exits 75 and its last line names what is still in flight
        #expect(result.status == 75)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.last == "paydesk: --max-wait 1s passed with work still in flight: 1 charge, 0 refunds, 0 reversals (orders E2E-1); "
                + "run it again to finish: nothing is ever sent twice")
        // And every other line is a log entry: the time, the level, the message, then key=value
        let entry = try Regex(#"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z (trace|debug|info|notice|warning|error|critical) [^=]+?"#
                              + #"( [A-Za-z]+=("([^"\\]|\\.)*"|[^\s"]+))*"#)
        #expect(lines.dropLast().allSatisfy { (try? entry.wholeMatch(in: $0)) != nil }, "\(result.stderr)")
        #expect(lines.contains { $0.contains(" info submitting charge ") && $0.contains("idempotencyKey=charge:E2E-1") && $0.contains(#"amount="50.00 CNY""#) })
        #expect(lines.contains { $0.contains(" notice stopped ") && $0.contains(#"reason="--max-wait 1s passed""#) })
        // And --max-wait without --once is a usage error
        #expect(try paydesk.run(["process", "--processor", "sandbox", "--max-wait", "1s", "--db", paydesk.store]).status == 64)
    }

    @Test func theJSONLogIsOneObjectPerLineNamingEveryStepAndNoCardData() throws {
        // Given a demo store: charges to submit and in flight, refunds and cancels owed, tokens decrypted at ingest
        let paydesk = try PayDeskBinary()
        #expect(try paydesk.run(["demo", "--orders", "50", "--no-console", "--db", paydesk.store]).status == 0)
        // When process runs one pass and more, logging JSON, until a deadline: the charges it submits are answered
        // only by polling, which starts 5 s after each, so they are still in flight then
        let result = try paydesk.run(["process", "--processor", "sandbox", "--once", "--max-wait", "1s", "--delay-scale", "0",
                                      "--late-rate", "100", "--lost-notification-rate", "100",
                                      "--log-format", "json", "--log-level", "debug", "--db", paydesk.store])
        #expect(result.status == 75)
        // Then every line of stderr, the failure included, is a JSON object with a time, a level and a message
        let entries = try result.stderr.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        #expect(entries.allSatisfy { $0["time"] is String && $0["level"] is String && $0["message"] is String })
        let start = try #require(entries.first)
        #expect(start["message"] as? String == "starting" && start["store"] as? String == paydesk.store && start["seed"] as? Int == 1)
        #expect(start["maxWait"] as? String == "1s" && start["once"] as? Bool == true && start["batch"] as? Int == 500)
        // And it names each step with its order, idempotency key and outcome
        let messages = Set(entries.compactMap { $0["message"] as? String })
        #expect(messages.isSuperset(of: ["starting", "submitting charge", "charge accepted", "submitting refund", "refund answered",
                                         "recorded", "pass", "stopped"]))
        let submission = try #require(entries.first { $0["message"] as? String == "submitting charge" })
        let orderId = try #require(submission["orderId"] as? String)
        #expect(submission["idempotencyKey"] as? String == "charge:\(orderId)" && (submission["amount"] as? String)?.contains(" ") == true)
        #expect(entries.contains { $0["message"] as? String == "charge accepted" && $0["orderId"] as? String == orderId && $0["reference"] is String })
        #expect(entries.contains { $0["message"] as? String == "refund answered" && $0["refundId"] is String && $0["result"] is String })
        let failure = try #require(entries.last)
        #expect(failure["level"] as? String == "error" && failure["exitCode"] as? Int == 75)
        #expect((failure["message"] as? String)?.hasPrefix("--max-wait 1s passed with work still in flight: ") == true)
        // And no card data: the demo's device account numbers start with these issuer numbers
        #expect(!result.stderr.contains(try Regex(#"(520424|411111|625807|371449)\d{4,}"#)))
    }
}
