import Foundation
import Testing
import OrderModel
@testable import OrderStore

/// Lines built to hurt: what is not JSON, repeated names, a byte-order mark.
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
}
