import Crypto
import Foundation
import OrderModel
import TerminalCore
import Testing

/// One corpus of hostile strings, put into every free-text field of every input PayDesk reads, then every
/// command run over the result: nothing that could steer a terminal ever leaves raw (issue 13, finding 2).
@Suite struct HostileTextTests {
    /// Escape sequences (clear, retitle, write the clipboard), 8-bit controls, DEL, bidi overrides and isolates,
    /// separators, a byte-order mark, and printable lookalikes that must stay as they are.
    static let corpus = [
        "\u{1B}[2J\u{1B}[H", "\u{1B}]0;pwned\u{07}", "\u{1B}]52;c;Y3VybCBldmlsfHNo\u{07}", "\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\",
        "\u{9B}31m\u{9D}0;t\u{9C}", "back\u{08}\u{08}space\u{7F}", "\u{202E}gnp.exe", "\u{2066}isolate\u{2069}", "line\u{2028}break\u{2029}",
        "\u{FEFF}bom", "cr\rlf", "zwj\u{200D}\u{200B}", "tab\there",
    ]

    static func order(_ index: Int, _ text: String) -> String {
        let contact: [String: Any] = ["givenName": text, "familyName": text, "phoneNumber": "+86 138 0000 \(1000 + index) \(text)",
                                      "emailAddress": "\(text)@example.com",
                                      "postalAddress": ["street": text, "city": text, "state": text, "postalCode": text, "country": text,
                                                        "isoCountryCode": text]]
        let shipping: [String: Any] = ["identifier": "ship-\(text)", "label": text, "detail": text, "amount": "0.00"]
        let application = "cart \(text)"
        let document: [String: Any] = [
            "type": "order", "orderId": "HOSTILE-\(index)", "createdAt": "2026-11-21T09:30:00+08:00", "merchantIdentifier": "merchant.com.example",
            "countryCode": "CN", "currencyCode": "CNY", "supportedNetworks": ["visa"], "merchantCapabilities": ["supports3DS"],
            "summaryItems": [["label": text, "amount": "50.00"], ["label": text, "amount": "50.00"]],
            "shippingMethod": shipping, "shippingMethods": [shipping], "shippingContact": contact, "billingContact": contact,
            "applicationData": application,
            "token": ["paymentData": ["version": "EC_v1", "data": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==", "signature": "AAEC",
                                      "header": ["ephemeralPublicKey": "BAQE", "publicKeyHash": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
                                                 "transactionId": "abcd",
                                                 "applicationData": SHA256.hash(data: Data(application.utf8)).hexEncoded]],
                      "paymentMethod": ["displayName": "Visa 0224 \(text)", "network": text, "type": "debit"], "transactionIdentifier": "ABCD"],
        ]
        return json(document)
    }

    static func events(_ index: Int, _ text: String) -> [String] {
        let id = "HOSTILE-\(index)"
        return [
            json(["type": "payment_event", "orderId": id, "event": "charge_submitted", "at": "2026-11-21T01:31:00Z", "processorReference": "ch \(text)"]),
            json(["type": "payment_event", "orderId": id, "event": "charge_succeeded", "at": "2026-11-21T01:31:03Z", "processorReference": "ch \(text)"]),
            json(["type": "payment_event", "orderId": id, "event": "refund_succeeded", "at": "2026-11-21T01:40:00Z", "refundId": "re \(text)", "amount": "1.00"]),
            json(["type": "payment_event", "orderId": id, "event": "charge_failed", "at": "2026-11-21T01:41:00Z", "reason": text]),
            json(["type": "payment_event", "orderId": id, "event": text, "at": "2026-11-21T01:41:00Z"]),
            json(["type": "order", "orderId": "BAD-\(index)", "merchantIdentifier": text]),
        ]
    }

    static func json(_ object: [String: Any]) -> String {
        String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data(), as: UTF8.self)
    }

    /// Every scalar of `output` that could act on a terminal; a newline is the only control allowed.
    static func hazards(_ output: String) -> [String] {
        output.unicodeScalars.filter { $0 != "\n" && $0.isTerminalHazard }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    @Test func nothingHostileReachesTheTerminalFromAnyCommand() throws {
        // Given a store holding the corpus in every field of orders and events
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        let lines = Self.corpus.enumerated().flatMap { [Self.order($0.offset, $0.element)] + Self.events($0.offset, $0.element) }
        var outputs: [(String, PayDeskBinary.Result)] = []
        outputs.append(("ingest", try paydesk.run(["ingest", "--db", paydesk.store], input: lines.joined(separator: "\n") + "\n")))
        let stored = try #require(try paydesk.json(["orders", "list", "--json", "--db", paydesk.store]) as? [[String: Any]])
        #expect(stored.count == Self.corpus.count, "every hostile order is stored, its text kept as data")
        // And operators' own input carrying it: notes, reasons, keys, order ids, paths
        for (index, text) in Self.corpus.enumerated() {
            let id = "HOSTILE-\(index)"
            outputs.append(("refund", try paydesk.run(["refund", id, "--amount", "1.00", "--reason", "other", "--note", text, "--yes", "--db", paydesk.store])))
            outputs.append(("refund key", try paydesk.run(["refund", id, "--amount", "1.00", "--reason", "other", "--idempotency-key", text,
                                                           "--yes", "--db", paydesk.store])))
            outputs.append(("release", try paydesk.run(["release", id, "--reason", text, "--yes", "--db", paydesk.store])))
            outputs.append(("show unknown", try paydesk.run(["orders", "show", text, "--db", paydesk.store])))
            outputs.append(("search", try paydesk.run(["orders", "list", "--search", text, "--db", paydesk.store])))
            outputs.append(("bad db", try paydesk.run(["orders", "list", "--db", paydesk.folder.appendingPathComponent(text).path])))
            outputs.append(("bad status", try paydesk.run(["orders", "list", "--status", text, "--db", paydesk.store])))
        }
        // When every command that reads the store runs, as text and as JSON
        for arguments in [["orders", "list"], ["orders", "list", "--json"], ["refunds", "list"], ["refunds", "list", "--json"],
                          ["audit"], ["audit", "--json"], ["audit", "--verify"], ["outbox"], ["info"]]
            + Self.corpus.indices.flatMap { [["orders", "show", "HOSTILE-\($0)"], ["orders", "show", "HOSTILE-\($0)", "--json"]] } {
            outputs.append((arguments.joined(separator: " "), try paydesk.run(arguments + ["--db", paydesk.store])))
        }
        // And the lifecycle driver, logging as text and as JSON, over the orders, references and reasons carrying it
        for format in ["text", "json"] {
            outputs.append(("process \(format)", try paydesk.run(["process", "--processor", "sandbox", "--once", "--max-wait", "2s", "--delay-scale", "0",
                                                                   "--log-format", format, "--db", paydesk.store])))
        }
        // Then no byte of any output could steer a terminal
        for (name, result) in outputs {
            #expect(Self.hazards(result.stdout).isEmpty, "\(name): stdout carries \(Self.hazards(result.stdout))")
            #expect(Self.hazards(result.stderr).isEmpty, "\(name): stderr carries \(Self.hazards(result.stderr))")
        }
        // And the text is shown as visible escapes, not dropped: an operator can see something was there
        let shown = try paydesk.run(["orders", "show", "HOSTILE-1", "--db", paydesk.store]).stdout
        #expect(shown.contains("\\u{1B}]0;pwned\\u{7}"))
        let json = try paydesk.run(["orders", "show", "HOSTILE-6", "--json", "--db", paydesk.store]).stdout
        #expect(json.contains("\\u202e"))
        let logs = outputs.filter { $0.0.hasPrefix("process") }.map(\.1.stderr)
        // (the text log quotes a value with a space, and escapes the backslashes inside its quotes, as logfmt does)
        #expect(logs.count == 2 && logs[0].contains(#"\\u{1B}]0;pwned\\u{7}"#) && logs[1].contains("\\u001b]0;pwned\\u0007"), "\(logs)")
    }
}

/// Output a script depends on: a write that fails is an error exit, never silence (issue 14, finding 7).
@Suite struct OutputFailureTests {
    @Test func writingToAFullDeviceFailsTheCommand() throws {
        // Given a store with orders and an outbox intent
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder)
        #expect(try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--yes", "--db", paydesk.store]).status == 0)
        // When each listing writes to /dev/full
        for arguments in [["outbox"], ["orders", "list"], ["orders", "list", "--json"], ["refunds", "list"], ["audit"], ["info"]] {
            let process = Process()
            process.executableURL = PayDeskBinary.executable
            process.arguments = arguments + ["--db", paydesk.store]
            process.environment = ["HOME": paydesk.folder.path, "LANG": "C.UTF-8"]
            process.standardOutput = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // Then it exits non-zero, saying why
            #expect(process.terminationStatus == 1, "\(arguments)")
            #expect(message == "paydesk: cannot write standard output: No space left on device\n", "\(arguments)")
        }
    }
}

/// A listing cut at its limit says so (issue 14, finding 7).
@Suite struct ListLimitTests {
    @Test func refundsAndOrdersSayWhenMoreExist() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder)
        for _ in 0..<3 { try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--yes", "--db", paydesk.store]) }
        let text = try paydesk.run(["refunds", "list", "--limit", "2", "--db", paydesk.store])
        #expect(text.stdout.split(separator: "\n").count == 4)
        #expect(text.stdout.hasSuffix("… the first 2 refunds are shown; more exist (raise --limit, at most 100000)\n"))
        let json = try paydesk.run(["refunds", "list", "--limit", "2", "--json", "--db", paydesk.store])
        #expect((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])?.count == 2)
        #expect(json.stderr == "paydesk: the first 2 refunds are shown; more exist (raise --limit, at most 100000)\n")
        #expect(!(try paydesk.run(["refunds", "list", "--limit", "3", "--db", paydesk.store]).stdout.contains("more exist")))
        #expect(try paydesk.run(["orders", "list", "--limit", "1", "--db", paydesk.store]).stdout.contains("more exist") == false)
    }
}
