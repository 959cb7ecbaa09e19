import Foundation
@testable import OrderIngest
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// Lines built to hurt: what is not JSON, repeated names, a byte-order mark, text whose cost a customer chose.
@Suite struct IngestHostileInputTests {
    /// An order line with `members` written first, before the order's own.
    static func order(_ id: String, prefix members: String) -> String {
        "{" + members + ", " + Fixture.order(id).dropFirst()
    }

    @Test func refusesWhatIsNotJSONEvenInMembersItIgnores() throws {
        let store = try Fixture.store()
        let (summary, problems) = try Fixture.ingest([
            Self.order("A", prefix: #""note": 01"#), Self.order("B", prefix: #""note": --"#), Self.order("C", prefix: #""note": e"#),
            Self.order("D", prefix: #""note": 1."#), Self.order("E", prefix: #""note": {"a": 1, "a": 2}"#),
            Self.order("F", prefix: #""note": "\udc00""#), Self.order("G", prefix: #""note": 1"#),
        ], into: store)
        #expect(problems == [
            "line 1: line: not valid JSON (a number cannot have a leading zero at byte 10)",
            "line 2: line: not valid JSON (expected a digit at byte 11)",
            "line 3: line: not valid JSON (unexpected character at byte 10)",
            "line 4: line: not valid JSON (expected a digit at byte 12)",
            "line 5: line: not valid JSON (member name repeated in its object at byte 19)",
            "line 6: line: not valid JSON (lone surrogate at byte 11)",
        ])
        #expect(summary.ingested == 1 && summary.rejected == 6)
    }

    @Test func refusesARepeatedMemberWhereverItIs() throws {
        let store = try Fixture.store()
        let line = Self.order("A", prefix: #""orderId": "B""#)
        let second = try #require(line.range(of: #""orderId""#, options: .backwards))
        let (_, problems) = try Fixture.ingest([line], into: store)
        #expect(problems == ["line 1: line: not valid JSON (member name repeated in its object at byte \(line.utf8.distance(from: line.startIndex, to: second.lowerBound) + 1))"])
    }

    @Test func refusesTheRepeatOfTheLastOfTwentyNineThousandFiveHundredMembers() throws {
        // Given one line of 29,500 members, the last repeating the first (checked by hashing: the figure for
        // the time is in the benchmarks, not here)
        let digits: [Character] = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        func name(_ number: Int) -> String { String([digits[number / 3844], digits[number / 62 % 62], digits[number % 62]]) }
        let names = (0..<29_499).map(name)
        let members = names.map { "\"\($0)\":0" }.joined(separator: ",") + ",\"\(names[0])\":1"
        let line = Self.order("WIDE", prefix: members)
        #expect(line.utf8.count <= Ingester.maximumLineBytes)
        // When it is ingested, Then it is refused, naming where the repeat is
        let (summary, problems) = try Fixture.ingest([line], into: try Fixture.store())
        let repeatAt = members.utf8.count - #""000":1"#.utf8.count + 2
        #expect(summary.rejected == 1 && problems == ["line 1: line: not valid JSON (member name repeated in its object at byte \(repeatAt))"])
    }

    @Test func acceptsAByteOrderMarkOnlyAtTheStartOfTheInput() throws {
        let store = try Fixture.store()
        let mark = "\u{FEFF}"
        let (summary, problems) = try Fixture.ingest([mark + Fixture.order("A"), mark + Fixture.order("B"), Fixture.order("A")], into: store)
        #expect(problems == ["line 2: line: not valid JSON (unexpected byte order mark at byte 1)"])
        // Line 1's mark is not part of the order: the same order without it is a duplicate
        #expect(summary == IngestSummary(ingested: 1, duplicates: 1, rejected: 1))
    }

    @Test func boundsCustomerTextPerFieldAndPerCharacter() throws {
        let store = try Fixture.store()
        let joinedEmoji = String(repeating: "👩\u{200D}", count: 35_000) + "👩"
        let piledMarks = "a" + String(repeating: "\u{0301}", count: 5_000)
        let perCharacter = "has a character of more than 16 Unicode scalars (combining marks or joined emoji)"
        #expect(joinedEmoji.utf8.count > 245_000)
        let (summary, problems) = try Fixture.ingest([
            Fixture.order("EMOJI", given: joinedEmoji),
            Fixture.order("MARKS", family: piledMarks),
            Fixture.order("LONG") { $0["summaryItems"] = [["label": String(repeating: "好", count: 201), "amount": "100.00"],
                                                          ["label": "Tea Shop", "amount": "100.00"]] },
            Fixture.order("STREET") { order in
                var contact = order["shippingContact"] as? [String: Any] ?? [:]
                contact["postalAddress"] = ["street": String(repeating: "x", count: 501)]
                order["billingContact"] = contact
            },
            // What real people write fits: a family emoji with skin tones, a flag, decomposed accents, long CJK names
            Fixture.order("FITS", given: "👩🏽\u{200D}❤️\u{200D}💋\u{200D}👨🏿🇨🇳Zoe\u{0308}", family: String(repeating: "王", count: 200)),
            Fixture.event("FITS", "charge_submitted", ["processorReference": String(repeating: "r", count: 201)]),
        ], into: store)
        #expect(problems == [
            "line 1: shippingContact.givenName: \(perCharacter)",
            "line 2: shippingContact.familyName: \(perCharacter)",
            "line 3: summaryItems[0].label: longer than 200 characters",
            "line 4: billingContact.postalAddress.street: longer than 500 characters",
            "line 6: processorReference: longer than 200 characters",
        ])
        #expect(summary.ingested == 1)
    }
}

extension IngestHostileInputTests {
    @Test func refusesARefundIdThatIsNotAnIdentifier() throws {
        // Given a paid order, and refund events whose refund id would start a line of output of its own, reorder
        // what is shown, or steer the terminal
        let store = try Fixture.store()
        let forged = "r1\nline 99: orderId: forged"
        let (summary, problems) = try Fixture.ingest([
            Fixture.order("A"), Fixture.event("A", "charge_submitted"), Fixture.event("A", "charge_succeeded", ["processorReference": "ch_1"]),
            Fixture.event("A", "refund_succeeded", ["refundId": forged, "amount": "1.00"]),
            Fixture.event("A", "refund_succeeded", ["refundId": "re_\u{202E}2", "amount": "1.00"]),
            Fixture.event("A", "refund_succeeded", ["refundId": "re_3\u{1B}]0;x\u{07}", "amount": "1.00"]),
            Fixture.event("A", "refund_succeeded", ["refundId": "re_4", "amount": "1.00"]),
        ], into: store)
        // Then each is refused, naming the field and showing the value escaped, and the good lines are kept
        #expect(problems == [
            #"line 4: refundId: "r1\u{A}line 99: orderId: forged" is not an identifier: it holds a line break, control or format character"#,
            #"line 5: refundId: "re_\u{202E}2" is not an identifier: it holds a line break, control or format character"#,
            #"line 6: refundId: "re_3\u{1B}]0;x\u{7}" is not an identifier: it holds a line break, control or format character"#,
        ], "\(problems)")
        #expect(summary.ingested == 4 && summary.rejected == 3)
        #expect(try store.order("A").refunds.map(\.refundId) == ["re_4"])
    }
}
