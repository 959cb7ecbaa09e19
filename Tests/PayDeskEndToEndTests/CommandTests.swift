import Foundation
import Testing

/// The binary, end to end: what a script or an operator at a shell sees.
@Suite(.serialized) struct CommandTests {
    static let order = """
        {"type":"order","orderId":"E2E-1","createdAt":"2026-11-21T09:30:00+08:00","merchantIdentifier":"merchant.com.example","countryCode":"CN","currencyCode":"CNY","supportedNetworks":["visa"],"merchantCapabilities":["supports3DS"],"summaryItems":[{"label":"Tea","amount":"50.00"},{"label":"Shop","amount":"50.00"}],"shippingContact":{"givenName":"\\u001b[2J\\u001b]0;pwned\\u0007Eve\\u202e","familyName":"X","phoneNumber":"+86 138 0000 0001"},"token":{"paymentData":{"version":"EC_v1","data":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==","signature":"AAEC","header":{"ephemeralPublicKey":"BAQE","publicKeyHash":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","transactionId":"abcd"}},"paymentMethod":{"displayName":"Visa 0224","network":"Visa","type":"debit"},"transactionIdentifier":"ABCD"}}
        """
    static func event(_ name: String, at: String) -> String {
        #"{"type":"payment_event","orderId":"E2E-1","event":"\#(name)","at":"\#(at)","processorReference":"ch_9"}"#
    }
    static var paidOrder: String {
        [order, event("charge_submitted", at: "2026-11-21T01:31:00Z"), event("charge_succeeded", at: "2026-11-21T01:31:03Z")]
            .joined(separator: "\n")
    }

    @Test func ingestReportsBadLinesKeepsGoodOnesAndSummarises() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        let input = ["{\"type\":\"order\"}", Self.paidOrder, "", Self.order].joined(separator: "\n")
        let result = try paydesk.run(["ingest", "--db", paydesk.store], input: input)
        #expect(result.status == 0)
        #expect(result.stderr == "stdin: line 1: orderId: missing\n")
        #expect(result.stdout.hasPrefix("ingest: 3 ingested, 1 duplicates, 1 rejected; tokens stored unchecked: no merchant keys "
                + "(no \(paydesk.folder.path)/config/paydesk/config.toml); audit head 3:"))
        // The head it prints is the one `audit --head` prints
        let head = try paydesk.run(["audit", "--head", "--db", paydesk.store]).stdout
        #expect(result.stdout.hasSuffix("; audit head \(head)"))
        let strict = try paydesk.run(["ingest", "--strict", "--db", paydesk.store], input: "nonsense\n")
        #expect(strict.status == 1)
        #expect(strict.stderr == "stdin: line 1: line: not valid JSON (unexpected character at byte 2)\n")
    }

    @Test func jsonOutputFollowsTheContract() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.paidOrder)
        let list = try #require(try paydesk.json(["orders", "list", "--json", "--db", paydesk.store]) as? [[String: Any]])
        #expect(list.count == 1)
        #expect(list[0]["orderId"] as? String == "E2E-1")
        #expect(list[0]["createdAt"] as? String == "2026-11-21T01:30:00Z")
        #expect(list[0]["status"] as? String == "paid")
        #expect(list[0]["total"] as? String == "50.00")
        #expect(list[0]["currency"] as? String == "CNY")
        let show = try #require(try paydesk.json(["orders", "show", "E2E-1", "--json", "--db", paydesk.store]) as? [String: Any])
        #expect(show["refundable"] as? String == "50.00")
        #expect((show["events"] as? [[String: Any]])?.compactMap { $0["event"] as? String } == ["charge_submitted", "charge_succeeded"])
        #expect((show["summaryItems"] as? [[String: Any]])?.first?["amount"] as? String == "50.00")
    }

    @Test func listsExportAsCSVWithNotesOnStandardError() throws {
        // Given a store with one paid order and a refund on it
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.paidOrder)
        try paydesk.run(["refund", "E2E-1", "--amount", "5.00", "--reason", "requested_by_customer", "--yes", "--db", paydesk.store])
        // When the orders and the refunds are listed as CSV
        let orders = try paydesk.run(["orders", "list", "--csv", "--db", paydesk.store])
        let refunds = try paydesk.run(["refunds", "list", "--csv", "--db", paydesk.store])
        // Then each is a header row and a record, amounts as decimals beside their currency
        #expect(orders.status == 0 && orders.stderr.isEmpty)
        let orderLines = orders.stdout.components(separatedBy: "\r\n")
        #expect(orderLines.count == 3 && orderLines[2].isEmpty)
        #expect(orderLines[0] == "order_id,created_at,status,amount,currency,customer,shipping,card_last4,wallet,refund_pending,hold_reason")
        #expect(orderLines[1].hasPrefix("E2E-1,2026-11-21T01:30:00Z,paid,50.00,CNY,"))
        let refundLines = refunds.stdout.components(separatedBy: "\r\n")
        #expect(refundLines[0] == "refund_id,order_id,requested_at,status,amount,currency,reason,note,requested_by,failure_reason")
        #expect(refundLines[1].contains(",E2E-1,") && refundLines[1].contains(",pending,5.00,CNY,requested_by_customer,"))
        // And a list cut at its limit says so on standard error, leaving the CSV whole
        let cut = try paydesk.run(["orders", "list", "--csv", "--limit", "1", "--db", paydesk.store])
        #expect(cut.stdout == orders.stdout && cut.stderr.isEmpty)
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.order.replacingOccurrences(of: "E2E-1", with: "E2E-2"))
        let more = try paydesk.run(["orders", "list", "--csv", "--limit", "1", "--db", paydesk.store])
        #expect(more.stdout.components(separatedBy: "\r\n").count == 3)
        #expect(more.stderr == "paydesk: only the first of the orders is shown; more exist (raise --limit, at most 100000)\n")
        // And JSON and CSV together are refused
        let both = try paydesk.run(["orders", "list", "--csv", "--json", "--db", paydesk.store])
        #expect(both.status == 64 && both.stderr.contains("--json and --csv cannot be combined: choose one"))
    }

    @Test func theAuditNamesTheOperatorsLabelAndRefusesOneItCannotRecord() throws {
        // Given a paid order, and a team sharing one login whose keys set PAYDESK_OPERATOR
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.paidOrder)
        let session = ["PAYDESK_OPERATOR": "anna", "SSH_CONNECTION": "203.0.113.9 52144 192.0.2.1 22"]
        // When anna refunds
        let refund = try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--yes", "--db", paydesk.store],
                                     environment: session)
        #expect(refund.status == 0, "\(refund.stderr)")
        // Then the audit log names her beside the login, and the client address as the session reported it
        let entries = try #require(try paydesk.json(["audit", "--json", "--db", paydesk.store]) as? [[String: Any]])
        let entry = try #require(entries.first { $0["action"] as? String == "refund" })
        #expect(entry["operatorLabel"] as? String == "anna" && entry["sshClient"] as? String == "203.0.113.9 52144")
        let text = try paydesk.run(["audit", "--db", paydesk.store]).stdout
        #expect(text.contains(" as anna via 203.0."), "\(text)")
        // And a label that cannot be recorded stops the command with one line naming it, changing nothing
        let bad = try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--yes", "--db", paydesk.store],
                                  environment: ["PAYDESK_OPERATOR": "anna\u{1B}[2J"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "paydesk: PAYDESK_OPERATOR=\"anna\\u{1B}[2J\": an operator label cannot contain control characters\n")
        let after = try #require(try paydesk.json(["audit", "--json", "--db", paydesk.store]) as? [[String: Any]])
        #expect(after.count == entries.count)
        // And an SSH_CONNECTION the session set to something else is recorded plainly visible, never raw
        try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--yes", "--db", paydesk.store],
                        environment: ["SSH_CONNECTION": "203.0.113.9\u{1B}]0;x 1 2 3"])
        let spoofed = try #require(try paydesk.json(["audit", "--json", "--db", paydesk.store]) as? [[String: Any]])
        #expect(spoofed.first?["sshClient"] as? String == "203.0.113.9\\u{1B}]0;x 1")
    }

    @Test func customerTextNeverReachesTheTerminalRaw() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.order)
        for arguments in [["orders", "list"], ["orders", "show", "E2E-1"], ["orders", "list", "--json"], ["orders", "show", "E2E-1", "--json"],
                          ["orders", "list", "--csv"]] {
            let output = try paydesk.run(arguments + ["--db", paydesk.store]).stdout
            #expect(!output.contains("\u{1B}") && !output.contains("\u{07}") && !output.contains("\u{202E}"), "\(arguments)")
            let visibleEscape = arguments.contains("--json") ? "\\u001b" : "\\u{1B}"
            #expect(output.contains(visibleEscape), "\(arguments): the escape is shown, visibly")
        }
        // The JSON still carries the exact value, escaped
        let show = try #require(try paydesk.json(["orders", "show", "E2E-1", "--json", "--db", paydesk.store]) as? [String: Any])
        let contact = try #require(show["shippingContact"] as? [String: Any])
        #expect(contact["givenName"] as? String == "\u{1B}[2J\u{1B}]0;pwned\u{07}Eve\u{202E}")
    }

    /// A store holding a paid order and closed cleanly, so its WAL is empty; and what the store and its WAL hold
    /// when asked, for a test that nothing wrote to them.
    static func idleStoreWithPaidOrder() throws -> (PayDeskBinary, contents: () -> [Data?]) {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: paidOrder)
        let files = [paydesk.store, paydesk.store + "-wal"]
        let contents = { files.map { FileManager.default.contents(atPath: $0) } }
        try #require(contents()[1]?.isEmpty == true, "the last close empties the WAL")
        return (paydesk, contents)
    }

    /// "Nothing was changed" holds to the byte: a change not confirmed, refused, or of an order or refund that
    /// does not exist, opened the store for writing, which writes to an idle store (GRDB makes its empty WAL
    /// non-empty). A change made leaves the WAL empty as the command ends.
    @Test func aChangeNotMadeWritesNothingToTheStoreAndOneMadeLeavesNoWAL() throws {
        // Given a store with a paid order, closed cleanly
        let (paydesk, contents) = try Self.idleStoreWithPaidOrder()
        // When each change is asked for without a terminal to confirm it, with what the store refuses, or for
        // what does not exist
        let attempts: [(arguments: [String], says: String)] = [
            (["cancel", "E2E-1"], "needs confirmation"),
            (["refund", "E2E-1", "--amount", "1.00", "--reason", "other"], "needs confirmation"),
            (["cancel", "E2E-1", "--idempotency-key", "cancel:E2E-1", "--yes"], "are PayDesk's own"),
            (["release", "E2E-1", "--reason", " ", "--yes"], "a release needs a reason"),
            (["release", "E2E-1", "--reason", "checked", "--yes"], "only a held order can be released"),
            (["cancel", "NOPE-1", "--yes"], "no order"),
            (["refunds", "withdraw", "re_none", "--yes"], "no refund"),
        ]
        for attempt in attempts {
            let before = contents()
            let result = try paydesk.run(attempt.arguments + ["--db", paydesk.store])
            // Then each is refused in one line saying why, and the store and its WAL are byte for byte as they were
            #expect(result.status == 1 && result.stderr.hasPrefix("paydesk: ") && result.stderr.contains(attempt.says)
                    && result.stderr.filter { $0 == "\n" }.count == 1, "\(attempt.arguments): \(result.stderr)")
            #expect(contents() == before, "\(attempt.arguments)")
        }
        // When a cancel is made
        #expect(try paydesk.run(["cancel", "E2E-1", "--yes", "--db", paydesk.store]).status == 0)
        // Then its writer, the store's last connection to close, emptied the WAL
        #expect(contents()[1]?.isEmpty == true)
    }

    @Test func anIngestThatStoresNothingWritesNothingToTheStore() throws {
        // Given a store with a paid order, closed cleanly
        let (paydesk, contents) = try Self.idleStoreWithPaidOrder()
        // When ingest reads nothing, blank lines, or only lines it rejects
        for (input, summary, problems) in [("", "0 ingested, 0 duplicates, 0 rejected", 0), ("\n  \n\n", "0 ingested, 0 duplicates, 0 rejected", 0),
                                           ("{\"type\":\"order\"}\nnot json\n", "0 ingested, 0 duplicates, 2 rejected", 2)] {
            let before = contents()
            let result = try paydesk.run(["ingest", "--db", paydesk.store], input: input)
            // Then it says so, each rejected line on a line of its own, and the store and its WAL are byte for byte
            // as they were
            #expect(result.status == 0 && result.stdout.hasPrefix("ingest: \(summary);"), "\(input.debugDescription): \(result.stdout)")
            let errors = result.stderr.split(separator: "\n")
            #expect(errors.count == problems && errors.allSatisfy { $0.hasPrefix("stdin: line ") }, "\(result.stderr)")
            #expect(contents() == before, "\(input.debugDescription)")
        }
        // When lines it has stored already come again, Then they are duplicates, and the store's last connection
        // to close leaves no WAL
        #expect(try paydesk.run(["ingest", "--db", paydesk.store], input: Self.paidOrder).stdout.hasPrefix("ingest: 0 ingested, 3 duplicates, 0 rejected;"))
        #expect(contents()[1]?.isEmpty == true)
    }

    @Test func refundNeedsConfirmationWithoutATerminalAndRecordsTheActor() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.paidOrder)
        let unconfirmed = try paydesk.run(["refund", "E2E-1", "--amount", "10.00", "--reason", "other", "--db", paydesk.store])
        #expect(unconfirmed.status == 1)
        #expect(unconfirmed.stderr == "paydesk: refund 10.00 CNY needs confirmation: pass --yes (standard input is not a terminal); nothing was changed\n")
        let tooPrecise = try paydesk.run(["refund", "E2E-1", "--amount", "1.001", "--reason", "other", "--yes", "--db", paydesk.store])
        #expect(tooPrecise.stderr == "paydesk: --amount: \"1.001\" has more than 2 decimal places for CNY\n")
        let tooMuch = try paydesk.run(["refund", "E2E-1", "--amount", "50.01", "--reason", "other", "--yes", "--db", paydesk.store])
        #expect(tooMuch.stderr == "paydesk: E2E-1: 50.01 CNY exceeds what may still be refunded (50.00 CNY); nothing was changed\n")
        let done = try paydesk.run(["refund", "E2E-1", "--amount", "10.00", "--reason", "requested_by_customer", "--note", "lid cracked",
                                    "--idempotency-key", "ticket-77", "--yes", "--db", paydesk.store],
                                   environment: ["SSH_CONNECTION": "203.0.113.9 52144 10.0.0.2 22"])
        #expect(done.status == 0)
        #expect(done.stdout.hasPrefix("E2E-1: refund re_") && done.stdout.hasSuffix(" of 10.00 CNY pending\n"))
        // Retrying with the same key refunds nothing more, and says so
        let retry = try paydesk.run(["refund", "E2E-1", "--amount", "10.00", "--reason", "requested_by_customer", "--note", "lid cracked",
                                     "--idempotency-key", "ticket-77", "--db", paydesk.store])
        #expect(retry.status == 0 && retry.stdout.hasPrefix("E2E-1: already done (replayed): refund re_") && retry.stdout.hasSuffix(" of 10.00 CNY pending\n"))
        // The same key for another amount is refused, naming what differs
        let changed = try paydesk.run(["refund", "E2E-1", "--amount", "12.00", "--reason", "requested_by_customer", "--note", "lid cracked",
                                       "--idempotency-key", "ticket-77", "--yes", "--db", paydesk.store])
        #expect(changed.status == 1 && changed.stderr.contains("this request differs in amount (12.00 CNY); nothing was changed"))
        // An amount of zero is named as such, not "nothing to refund"
        let zero = try paydesk.run(["refund", "E2E-1", "--amount", "0", "--reason", "other", "--yes", "--db", paydesk.store])
        #expect(zero.stderr == "paydesk: --amount: the amount to refund must be more than zero\n")
        // PayDesk's own keys are out of an operator's reach
        let reserved = try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--idempotency-key", "reversal-refused:E2E-1",
                                        "--yes", "--db", paydesk.store])
        #expect(reserved.stderr == "paydesk: idempotency keys starting with \"reversal-refused:\" are PayDesk's own; choose another\n")
        let refunds = try #require(try paydesk.json(["refunds", "list", "--json", "--db", paydesk.store]) as? [[String: Any]])
        #expect(refunds.count == 1)
        #expect(refunds[0]["requestedBy"] as? String == "e2e via 203.0.113.9 52144 (client-reported)"
                || (refunds[0]["requestedBy"] as? String)?.hasSuffix(" via 203.0.113.9 52144 (client-reported)") == true)
        #expect(refunds[0]["reason"] as? String == "requested_by_customer" && refunds[0]["note"] as? String == "lid cracked")
        let outbox = try paydesk.run(["outbox", "--db", paydesk.store]).stdout.split(separator: "\n")
        #expect(outbox.count == 1 && outbox[0].contains("\"intent\":\"refund\""))
        #expect(try paydesk.run(["audit", "--verify", "--db", paydesk.store]).stdout.hasPrefix("audit log intact: 6 entries"))
    }

    @Test func readOnlyModeChangesNothingAndTheEnvironmentCannotBeOverridden() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: Self.paidOrder)
        let before = try Data(contentsOf: URL(fileURLWithPath: paydesk.store))
        let flagged = try paydesk.run(["refund", "E2E-1", "--reason", "other", "--yes", "--read-only", "--db", paydesk.store])
        #expect(flagged.stderr == "paydesk: cannot refund: read-only mode (--read-only was given); nothing was changed\n")
        let forced = try paydesk.run(["cancel", "E2E-1", "--yes", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": "1"])
        #expect(forced.stderr == "paydesk: cannot cancel: read-only mode (PAYDESK_READ_ONLY is set); nothing was changed\n")
        let ingest = try paydesk.run(["ingest", "--db", paydesk.store], input: Self.order, environment: ["PAYDESK_READ_ONLY": "yes"])
        #expect(ingest.status == 1)
        let listed = try paydesk.run(["orders", "list", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": "1"])
        #expect(listed.status == 0 && listed.stdout.contains("E2E-1"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: paydesk.store)) == before)
    }

    @Test func badStoresGiveOneLineErrors() throws {
        let paydesk = try PayDeskBinary()
        let garbage = paydesk.folder.appendingPathComponent("garbage.sqlite").path
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: garbage))
        let result = try paydesk.run(["orders", "list", "--db", garbage])
        #expect(result.stderr == "paydesk: \(garbage): not a SQLite database, or the file is corrupted\n")
        let missing = try paydesk.run(["orders", "list"])
        #expect(missing.stderr == "paydesk: no store at \(paydesk.folder.path)/data/paydesk/paydesk.sqlite; create it with paydesk init\n")
        let viaEnvironment = try paydesk.run(["orders", "show", "NOPE"], environment: ["PAYDESK_DB": garbage])
        #expect(viaEnvironment.stderr.split(separator: "\n").count == 1)
    }

    @Test func demoIsDeterministicForASeedAndVerifies() throws {
        let paydesk = try PayDeskBinary()
        let a = paydesk.folder.appendingPathComponent("a.sqlite").path, b = paydesk.folder.appendingPathComponent("b.sqlite").path
        #expect(try paydesk.run(["demo", "--orders", "120", "--seed", "7", "--no-console", "--db", a]).status == 0)
        #expect(try paydesk.run(["demo", "--orders", "120", "--seed", "7", "--no-console", "--db", b]).status == 0)
        func shape(_ path: String) throws -> [String] {
            let orders = try #require(try paydesk.json(["orders", "list", "--json", "--limit", "1000", "--db", path]) as? [[String: Any]])
            return orders.map { "\($0["orderId"] ?? "") \($0["status"] ?? "") \($0["total"] ?? "") \($0["currency"] ?? "") \($0["customer"] ?? "")" }
        }
        #expect(try shape(a) == shape(b))
        let statuses = Set(try shape(a).map { $0.split(separator: " ")[1] })
        #expect(statuses.isSuperset(of: ["authorized", "charging", "paid", "failed", "canceled", "reversed", "partially_refunded", "refunded"]))
        let refunds = try #require(try paydesk.json(["refunds", "list", "--json", "--db", a]) as? [[String: Any]])
        #expect(refunds.contains { $0["status"] as? String == "pending" })
        #expect(try paydesk.run(["audit", "--verify", "--db", a]).status == 0)
        let failed = try #require(try paydesk.json(["orders", "list", "--status", "failed", "--json", "--limit", "1000", "--db", a]) as? [[String: Any]])
        #expect(!failed.isEmpty)
    }

    @Test func demoTokensVerifyForRealAndOnlyMaskedDataIsEverShown() throws {
        // Given a demo store, whose tokens come from a sandbox PKI and are checked at ingest
        let paydesk = try PayDeskBinary()
        let db = paydesk.folder.appendingPathComponent("demo.sqlite").path
        let built = try paydesk.run(["demo", "--orders", "60", "--no-console", "--db", db])
        #expect(built.status == 0 && built.stdout.contains("demo-merchant/config.toml"))
        // When every order is shown, as text and as JSON
        let orders = try #require(try paydesk.json(["orders", "list", "--json", "--limit", "100", "--db", db]) as? [[String: Any]])
        var outcomes: [String: Int] = [:]
        var outputs: [String] = []
        for id in orders.compactMap({ $0["orderId"] as? String }) {
            let object = try #require(try paydesk.json(["orders", "show", id, "--json", "--db", db]) as? [String: Any])
            let token = try #require(object["token"] as? [String: Any])
            let verification = try #require(token["verification"] as? [String: Any])
            outcomes[verification["outcome"] as? String ?? "?", default: 0] += 1
            if verification["outcome"] as? String == "verified" {
                let data = try #require(token["data"] as? [String: Any])
                #expect((data["accountLast4"] as? String)?.count == 4 && data["cryptogramPresent"] as? Bool == true)
            }
            outputs.append(try paydesk.run(["orders", "show", id, "--db", db]).stdout)
            outputs.append(try paydesk.run(["orders", "show", id, "--json", "--db", db]).stdout)
        }
        // Then the tokens were verified and decrypted for real
        #expect(outcomes["verified", default: 0] >= 50)
        #expect(outputs.contains { $0.contains("! verified against a SANDBOX root, never Apple's: signed ") && $0.contains("device account •••• ") })
        // And the sandbox root is named as such, never as Apple's
        #expect(outputs.allSatisfy { !$0.contains("Apple Root CA - G3") })
        #expect(outputs.contains { $0.contains("chains to SANDBOX root \"PayDesk Sandbox Root CA\" (SHA-256 ") })
        #expect(outputs.contains { $0.contains("\"sandbox\" : true") })
        // And no output holds a device account number (the demo's start with these issuer numbers)
        let accountNumber = try Regex(#"(520424|411111|625807|371449)\d{4,}"#)
        #expect(outputs.filter { $0.contains(accountNumber) }.count == 0)
        // And `info` shows the demo merchant's keys and the sandbox root as such
        let info = try paydesk.run(["info", "--db", db, "--config", paydesk.folder.appendingPathComponent("demo-merchant/config.toml").path]).stdout
        #expect(info.contains("EC P-256") && info.contains("RSA 2048") && info.contains("SANDBOX trust root"))
    }
}

/// `tail -f events.jsonl | paydesk ingest -`: a line is stored as it arrives, not when input ends.
@Suite struct StreamingIngestTests {
    @Test func aLineTrickledIntoAnOpenPipeIsStoredPromptly() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: "")
        let process = Process()
        let input = Pipe()
        process.executableURL = PayDeskBinary.executable
        process.arguments = ["ingest", "-", "--db", paydesk.store]
        process.environment = ["HOME": paydesk.folder.path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { process.terminate() }
        // When one order is written and the pipe stays open
        input.fileHandleForWriting.write(Data((CommandTests.order + "\n").utf8))
        // Then it can be read back while the pipe is still open
        try waitFor("the order to be stored", observe: { try paydesk.run(["orders", "list", "--db", paydesk.store]).stdout }) {
            $0.contains("E2E-1")
        }
        try input.fileHandleForWriting.close()
        try waitForExit(process, "ingest")
        #expect(process.terminationStatus == 0)
    }
}

/// Retrying a request with its idempotency key is a replay a script can trust (issue 14, finding 4).
@Suite struct IdempotentRetryTests {
    @Test func aRetriedFullRefundIsAReplayAndAWithdrawnOneSaysSo() throws {
        // Given a paid order refunded in full under a key
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder)
        let full = ["refund", "E2E-1", "--reason", "other", "--idempotency-key", "full-1", "--yes", "--db", paydesk.store]
        #expect(try paydesk.run(full).status == 0)
        // When it is retried, although nothing is left to refund, Then it is a replay, exit 0
        let retry = try paydesk.run(full)
        #expect(retry.status == 0 && retry.stdout.contains("already done (replayed)") && retry.stdout.contains("of 50.00 CNY pending"))
        // When the refund is withdrawn and the request retried, Then the script learns nothing was refunded
        let refundId = try #require((try paydesk.json(["refunds", "list", "--json", "--db", paydesk.store]) as? [[String: Any]])?.first?["refundId"] as? String)
        #expect(try paydesk.run(["refunds", "withdraw", refundId, "--yes", "--db", paydesk.store]).status == 0)
        let afterWithdrawal = try paydesk.run(full)
        #expect(afterWithdrawal.status == 1)
        #expect(afterWithdrawal.stderr == "paydesk: E2E-1: refund \(refundId) of 50.00 CNY, made with this key, was withdrawn; nothing was refunded; refund again with a new key\n")
    }

    @Test func aCancelRetriedWithItsKeyIsAReplay() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        let cancel = ["cancel", "E2E-1", "--idempotency-key", "t-9", "--yes", "--db", paydesk.store]
        #expect(try paydesk.run(cancel).stdout == "E2E-1: canceled; it will never be charged\n")
        let retry = try paydesk.run(cancel)
        #expect(retry.status == 0 && retry.stdout == "E2E-1: already done (replayed): canceled; it will never be charged; the order is now canceled\n")
        let reserved = try paydesk.run(["cancel", "E2E-1", "--idempotency-key", "cancel:E2E-1", "--yes", "--db", paydesk.store])
        #expect(reserved.status == 1 && reserved.stderr.contains("are PayDesk's own"))
    }
}
