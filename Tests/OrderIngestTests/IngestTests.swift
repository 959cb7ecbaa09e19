import Foundation
import GRDB
@testable import OrderIngest
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

@Suite struct IngestTests {
    @Test func storesAValidOrderAndRecognisesItAgain() throws {
        // Given a fresh store
        let store = try Fixture.store()
        let line = Fixture.order("ORD-1")
        // When the same line arrives twice
        let (first, _) = try Fixture.ingest([line], into: store)
        let (second, problems) = try Fixture.ingest([line], into: store)
        // Then it is stored once and the second time counts as a duplicate
        #expect(first == IngestSummary(ingested: 1, duplicates: 0, rejected: 0))
        #expect(second == IngestSummary(ingested: 0, duplicates: 1, rejected: 0))
        #expect(problems.isEmpty)
        let detail = try store.order("ORD-1")
        #expect(detail.summary.status == .authorized)
        #expect(detail.summary.total.description == "100.00 CNY")
        #expect(detail.summary.customer == "王小明")
        #expect(detail.details.shippingMethod?.detail == "6-8 天送达")
        #expect(detail.details.token.cardLast4 == "0224")
        #expect(detail.audit.map(\.action) == ["order_ingested"])
        // And its details are stored as text, which SQLite's JSON functions read (they are bound from bytes)
        #expect(try store.database.read { try String.fetchOne($0, sql: "SELECT typeof(details) FROM orders WHERE order_id = 'ORD-1'") } == "text")
    }

    @Test func readsATokensBase64HoweverTheLineEscapesIt() throws {
        // Given one signature holding `/` and `+`, written as it is, with `/` escaped (as many JSON writers write
        // it), and with `\u` escapes; then two broken ones, whose fault lies after escapes
        let signature = Data((0..<96).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 0xFB) }).base64EncodedString()
        try #require(signature.contains("/") && signature.contains("+"))
        let spellings = [signature, signature.replacingOccurrences(of: "/", with: #"\/"#),
                         signature.replacingOccurrences(of: "+", with: #"\u002B"#).replacingOccurrences(of: "/", with: #"\u002f"#),
                         #"\/\/\/\/AB%D"#, #"\/\/\/\/=A=="#]
        let lines = spellings.enumerated().map { number, spelling in
            Fixture.order("ESC-\(number + 1)") { order in
                var token = Fixture.token(), paymentData = token["paymentData"] as! [String: Any]
                paymentData["signature"] = "SIGNATURE"
                token["paymentData"] = paymentData
                order["token"] = token
            }.replacingOccurrences(of: #""SIGNATURE""#, with: "\"\(spelling)\"")
        }
        // When they are ingested
        let (summary, problems) = try Fixture.ingest(lines, into: try Fixture.store())
        // Then the three spellings of one signature are stored, and each fault is named where it stands in the text
        // the escapes stand for
        #expect(summary == IngestSummary(ingested: 3, duplicates: 0, rejected: 2))
        #expect(problems == [
            "line 4: token.paymentData.signature: is not valid base64: character 7 is not in the standard base64 alphabet",
            "line 5: token.paymentData.signature: is not valid base64: '=' padding is misplaced",
        ])
    }

    @Test func neverOverwritesAnOrderWithDifferentContent() throws {
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1", total: "100.00")], into: store)
        let (summary, problems) = try Fixture.ingest([Fixture.order("ORD-1", total: "999.00")], into: store)
        #expect(summary.rejected == 1)
        #expect(problems == ["line 1: orderId: \"ORD-1\" already exists with different content; the stored order was kept"])
        #expect(try store.order("ORD-1").summary.total.minorUnits == 10000)
    }

    @Test func reportsEachBadLineAndKeepsTheGoodOnesAroundIt() throws {
        let store = try Fixture.store()
        let lines = [
            Fixture.order("GOOD-1"),
            "{not json",
            Fixture.order("BAD-AMOUNT") { $0["summaryItems"] = [["label": "Goods", "amount": "12.345"], ["label": "Shop", "amount": "12.345"]] },
            Fixture.order("BAD-TOTAL") { $0["summaryItems"] = [["label": "Goods", "amount": "10.00"], ["label": "Shop", "amount": "11.00"]] },
            Fixture.order("BAD-CURRENCY", currency: "XYZ"),
            Fixture.order("BAD-TIME", createdAt: "21/11/2026"),
            Fixture.order("BAD-COUNTRY") { $0["countryCode"] = "China" },
            Fixture.order("NO-ITEMS") { $0.removeValue(forKey: "summaryItems") },
            Fixture.order("NUMBER-AMOUNT") { $0["summaryItems"] = [["label": "Shop", "amount": 12.75]] },
            Fixture.order("BAD-VERSION") { $0["token"] = Fixture.token(version: "EC_v2") },
            Fixture.order("BAD-BASE64") { var token = Fixture.token(); var data = token["paymentData"] as! [String: Any]
                data["data"] = "%%%"; token["paymentData"] = data; $0["token"] = token },
            Fixture.order("APP-DATA") { $0["applicationData"] = "cart-1"; $0["token"] = Fixture.token(applicationData: "cart-2") },
            Fixture.order("JPY-DECIMALS", total: "1000.5", currency: "JPY"),
            Fixture.order("NO-3DS") { $0["merchantCapabilities"] = ["supportsCredit"] },
            Fixture.event("GOOD-1", "charge_exploded"),
            Fixture.event("MISSING", "charge_submitted"),
            Fixture.event("GOOD-1", "charge_succeeded"),
            "",
            Fixture.order("GOOD-2"),
        ]
        let (summary, problems) = try Fixture.ingest(lines, into: store)
        #expect(summary == IngestSummary(ingested: 2, duplicates: 0, rejected: 16))
        #expect(problems == [
            "line 2: line: not valid JSON (expected a member name at byte 2)",
            "line 3: summaryItems[0].amount: \"12.345\" has more than 2 decimal places for CNY",
            "line 4: summaryItems: grand total 11.00 CNY does not equal the sum of the other items 10.00 CNY",
            "line 5: currencyCode: \"XYZ\" is not an ISO 4217 code PayDesk knows",
            "line 6: createdAt: \"21/11/2026\" is not an RFC 3339 time like 2026-11-21T09:30:00+08:00",
            "line 7: countryCode: \"China\" is not an ISO 3166 alpha-2 code",
            "line 8: summaryItems: missing",
            "line 9: summaryItems[0].amount: expected a string",
            "line 10: token.paymentData.version: \"EC_v2\" is not EC_v1 or RSA_v1",
            "line 11: token.paymentData.data: is not valid base64: character 1 is not in the standard base64 alphabet",
            "line 12: token.paymentData.header.applicationData: is not the SHA-256 of the order's applicationData",
            "line 13: summaryItems[0].amount: \"1000.5\" has decimals but the currency has no minor unit for JPY",
            "line 14: merchantCapabilities: must include supports3DS, which Apple Pay in-app payments require",
            "line 15: event: \"charge_exploded\" is not one of charge_submitted, charge_succeeded, charge_failed, reversal_succeeded, reversal_unsupported, refund_submitted, refund_succeeded, refund_failed",
            "line 16: orderId: no order \"MISSING\" in the store",
            "line 17: event: charge_succeeded: not allowed while the order is authorized",
        ])
        #expect(try store.orders(OrderQuery()).map(\.orderId).sorted() == ["GOOD-1", "GOOD-2"])
    }

    @Test func aLineTheStoreRefusesIsUndoneAloneAndTheLogStaysWhole() throws {
        // Given a stored order
        let store = try Fixture.store()
        try Fixture.ingest([Fixture.order("ORD-1", total: "100.00")], into: store)
        // When one batch holds new orders, an event that applies, and two lines only the store can refuse
        let (summary, problems) = try Fixture.ingest([
            Fixture.order("ORD-2"),
            Fixture.order("ORD-3"),
            Fixture.event("ORD-2", "charge_submitted"),
            Fixture.order("ORD-4"),
            Fixture.order("ORD-1", total: "999.00"),
            Fixture.event("ORD-3", "charge_succeeded"),
            Fixture.order("ORD-5"),
        ], into: store)
        // Then each refused line is reported, and everything else is stored once, with its audit entry and its
        // search document, in a log whose every hash chains
        #expect(summary == IngestSummary(ingested: 5, duplicates: 0, rejected: 2))
        #expect(problems == [
            "line 5: orderId: \"ORD-1\" already exists with different content; the stored order was kept",
            "line 6: event: charge_succeeded: not allowed while the order is authorized",
        ])
        #expect(try store.orders(OrderQuery()).map(\.orderId).sorted() == ["ORD-1", "ORD-2", "ORD-3", "ORD-4", "ORD-5"])
        #expect(try store.order("ORD-2").summary.status == .charging)
        #expect(try store.order("ORD-1").summary.total.minorUnits == 10000)
        let verification = try store.verifyAudit()
        #expect(verification.problem == nil && verification.entriesChecked == 6)
        #expect(try store.orders(OrderQuery(search: "ord-4")).map(\.orderId) == ["ORD-4"])
    }

    @Test func ordersWrittenManyAStatementAreStoredExactlyAsOneAtATime() throws {
        // Given 200 lines: new orders, one already stored, one repeated within the batch and an event among them;
        // then a second batch with one order that conflicts with a stored one
        var lines = (0..<200).map { Fixture.order(String(format: "ORD-%03d", $0), total: "\($0 + 1).00") }
        lines[31] = lines[30]
        lines[70] = Fixture.event("ORD-050", "charge_submitted")
        var conflicting = (200..<300).map { Fixture.order(String(format: "ORD-%03d", $0)) }
        conflicting[80] = Fixture.order("ORD-007", total: "999.00")
        let bulk = try Fixture.store(), oneByOne = try Fixture.store()
        for store in [bulk, oneByOne] { try Fixture.ingest([Fixture.order("ORD-007", total: "8.00")], into: store) }
        // When one store takes each batch at once and the other one line at a time
        let (first, none) = try Fixture.ingest(lines, into: bulk)
        let (second, problems) = try Fixture.ingest(conflicting, into: bulk)
        for line in lines + conflicting { try Fixture.ingest([line], into: oneByOne) }
        // Then both hold the same orders and the same audit log, hash for hash, and only the conflict is refused
        #expect(first == IngestSummary(ingested: 198, duplicates: 2, rejected: 0) && none.isEmpty)
        #expect(second == IngestSummary(ingested: 99, duplicates: 0, rejected: 1))
        #expect(problems == ["line 81: orderId: \"ORD-007\" already exists with different content; the stored order was kept"])
        #expect(try bulk.auditHead() == oneByOne.auditHead())
        let everything = OrderQuery(limit: 1_000)
        #expect(try bulk.orders(everything).map { "\($0.orderId) \($0.status) \($0.total)" }
                == oneByOne.orders(everything).map { "\($0.orderId) \($0.status) \($0.total)" })
        #expect(try bulk.verifyAudit().problem == nil)
        #expect(try bulk.orders(OrderQuery(search: "ord-199")).map(\.orderId) == ["ORD-199"])
    }

    @Test func acceptsMatchingApplicationDataAndRSATokens() throws {
        let store = try Fixture.store()
        let (summary, problems) = try Fixture.ingest([
            Fixture.order("APP") { $0["applicationData"] = "cart-42"; $0["token"] = Fixture.token(applicationData: "cart-42") },
            Fixture.order("RSA") { $0["token"] = Fixture.token(version: "RSA_v1") },
        ], into: store)
        #expect(problems.isEmpty)
        #expect(summary.ingested == 2)
        #expect(try store.order("APP").details.token.applicationDataHash?.count == 64)
    }

    @Test func storesStrangeCustomerTextAsGiven() throws {
        let store = try Fixture.store()
        let hostile = "\u{1B}]0;owned\u{07}Eve\u{202E}lin"
        try Fixture.ingest([Fixture.order("ORD-X", given: hostile, family: "")], into: store)
        #expect(try store.order("ORD-X").summary.customer == hostile)
    }

    @Test func readsAFileDescriptorInChunksAndRejectsOverlongLines() throws {
        // Given a file with a good line, a line over the limit, and a good last line without a newline
        let long = "{\"type\":\"order\",\"pad\":\"" + String(repeating: "x", count: Ingester.maximumLineBytes) + "\"}"
        let text = Fixture.order("A") + "\r\n" + long + "\n" + Fixture.order("B")
        // When it is ingested through a file descriptor
        let (summary, problems, _) = try ingestFile(text, into: Fixture.store())
        // Then both good orders are in and the long line is named
        #expect(summary == IngestSummary(ingested: 2, duplicates: 0, rejected: 1))
        #expect(problems.map(\.description) == ["line 2: line: longer than 262144 bytes"])
    }

    @Test func batchesParsedWhileOthersAreWrittenKeepEveryLineAndItsNumber() throws {
        // Given a file of two batches, with bad lines first, last, and on both sides of the first batch's
        // end, where a line is cut by a read (a bad line is a good one with its first character changed, so that
        // every line keeps its length and the batch its end)
        let template = Fixture.order("ORDER-ID")
        let good = (1...4_200).map { template.replacingOccurrences(of: "ORDER-ID", with: "B-\($0)") }
        let firstBatchEnd = Self.lastLineOfFirstBatch(good)
        let bad: Set = [1, 1_000, firstBatchEnd, firstBatchEnd + 1, 4_200]
        let lines = good.enumerated().map { bad.contains($0.offset + 1) ? "[" + $0.element.dropFirst() : $0.element }
        let store = try Fixture.store()
        // When it is ingested through a file descriptor, one batch parsed while the one before it is written
        let (summary, problems, progress) = try ingestFile(lines.joined(separator: "\n"), into: store)
        // Then the first batch ends where the test expects, every good line is stored, and the bad ones are
        // reported once each, in order, by their own numbers
        #expect(progress.first { $0 > 0 } == firstBatchEnd && progress.last == 4_200)
        #expect(summary == IngestSummary(ingested: 4_200 - bad.count, duplicates: 0, rejected: bad.count))
        #expect(problems.map(\.line) == bad.sorted())
        #expect(try store.order("B-\(firstBatchEnd - 1)").summary.status == .authorized)
        #expect(try store.order("B-\(firstBatchEnd + 2)").summary.status == .authorized)
    }

    /// The number of the last line of ingest's first batch of `lines`: whole reads of the file until they hold a
    /// batch's lines. The line after it is cut by the read that ends the batch.
    private static func lastLineOfFirstBatch(_ lines: [String]) -> Int {
        var complete = 0, end = 0, readsEnd = LineReader.readSize
        for line in lines {
            end += line.utf8.count + 1
            if end > readsEnd {
                if complete >= Ingester.batchLines { return complete }
                readsEnd += LineReader.readSize
            }
            complete += 1
        }
        return complete
    }

    @Test func paymentEventsMoveTheOrderAndDuplicatesChangeNothing() throws {
        let store = try Fixture.store()
        try Fixture.paidOrder(in: store)
        let again = Fixture.event("ORD-1", "charge_succeeded", at: "2026-11-21T09:31:02Z")
        let (summary, _) = try Fixture.ingest([again], into: store)
        #expect(summary.duplicates == 1)
        let detail = try store.order("ORD-1")
        #expect(detail.summary.status == .paid)
        #expect(detail.processorReference == "ch_1")
        #expect(detail.events.map(\.event) == ["charge_submitted", "charge_succeeded"])
        #expect(detail.refundable.description == "100.00 CNY")
    }

    @Test func chargeFailureNeedsAKnownReason() throws {
        let store = try Fixture.store()
        let (_, problems) = try Fixture.ingest([
            Fixture.order("ORD-1"), Fixture.event("ORD-1", "charge_submitted"),
            Fixture.event("ORD-1", "charge_failed", ["reason": "bad luck"]),
            Fixture.event("ORD-1", "charge_failed", at: "2026-11-21T09:32:00Z", ["reason": "pin_lockout"]),
        ], into: store)
        #expect(problems.count == 1 && problems[0].hasPrefix("line 3: reason: must be one of declined"))
        let detail = try store.order("ORD-1")
        #expect(detail.summary.status == .failed && detail.summary.failureReason == .pinLockout)
    }

    /// Ingests `text` as `paydesk ingest FILE` does, from a file through its descriptor; `progress` is how many
    /// lines were done each time ingest reported progress (once a batch is read, after writing the one before).
    private func ingestFile(_ text: String, into store: PayDeskStore) throws -> (IngestSummary, [IngestProblem], progress: [Int]) {
        let path = Fixture.temporaryPath() + ".jsonl"
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var problems: [IngestProblem] = []
        var progress: [Int] = []
        let ingester = Ingester(store: store, actor: Fixture.actor, onProblem: { problems.append($0) }, onProgress: { progress.append($0.lines) })
        let fd = open(path, O_RDONLY)
        defer { close(fd) }
        try ingester.ingest(fileDescriptor: fd)
        return (ingester.summary, problems, progress)
    }
}
