import Foundation
import Testing

/// Two operators refunding the same order at the same moment, from two separate processes.
@Suite struct ConcurrentRefundTests {
    @Test func twoProcessesCanNeverRefundMoreThanWasPaid() throws {
        // Given an order paid 50.00 CNY
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder)
        // When two shells each try to refund 1.00 forty times, at the same time
        let attempts = 40
        let loop = "for i in $(seq \(attempts)); do \"$PAYDESK\" refund E2E-1 --amount 1.00 --reason duplicate --yes --db \"$STORE\" "
            + ">/dev/null 2>>\"$ERRORS\" && echo ok; done"
        let shells = try (0..<2).map { index -> (Process, Pipe) in
            let process = Process()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", loop]
            process.environment = ["PAYDESK": PayDeskBinary.executable.path, "STORE": paydesk.store, "HOME": paydesk.folder.path,
                                   "ERRORS": paydesk.folder.appendingPathComponent("errors-\(index)").path, "PATH": "/usr/bin:/bin"]
            process.standardOutput = output
            try process.run()
            return (process, output)
        }
        var succeeded = 0
        for (process, output) in shells {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            succeeded += text.split(separator: "\n").count
        }
        // Then exactly fifty succeed, every other attempt is refused with the reason, and the store agrees
        #expect(succeeded == 50)
        let errors = try (0..<2).map { try String(contentsOf: paydesk.folder.appendingPathComponent("errors-\($0)"), encoding: .utf8) }
            .joined().split(separator: "\n")
        #expect(errors.count == 2 * attempts - 50)
        #expect(errors.allSatisfy { $0.contains("exceeds what may still be refunded") || $0.contains("nothing to refund") }, "\(errors.prefix(3))")
        let show = try #require(try paydesk.json(["orders", "show", "E2E-1", "--json", "--db", paydesk.store]) as? [String: Any])
        #expect(show["refundable"] as? String == "0.00")
        let refunds = try #require(show["refunds"] as? [[String: Any]])
        #expect(refunds.count == 50)
        #expect(refunds.allSatisfy { $0["amount"] as? String == "1.00" })
        #expect(try paydesk.run(["audit", "--verify", "--db", paydesk.store]).status == 0)
    }
}
