import Foundation
import Testing
@testable import OrderModel

@Suite struct TimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0), ("2026-11-21T09:30:00Z", 1_795_253_400_000),
        ("2026-11-21T17:30:00+08:00", 1_795_253_400_000), ("2026-11-21T09:30:00.25Z", 1_795_253_400_250),
        ("2026-11-21T09:30:00.123456Z", 1_795_253_400_123), ("1969-12-31T23:59:59.999Z", -1),
        ("2024-02-29T12:00:00-05:30", 1_709_227_800_000), ("2026-11-21t09:30:00z", 1_795_253_400_000),
    ] as [(String, Int64)])
    func parses(text: String, millis: Int64) {
        #expect(Timestamp(rfc3339: text)?.millisecondsSinceEpoch == millis)
    }

    @Test(arguments: ["", "2026-11-21", "2026-11-21 09:30:00Z", "2026-11-21T09:30:00", "2026-13-01T00:00:00Z",
                      "2025-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T09:30:60Z", "2026-11-21T09:30:00+0800",
                      "2026-11-21T09:30:00.Z", "2026-11-21T09:30:00Zjunk", "２026-11-21T09:30:00Z"])
    func rejects(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func printsUTCAndRoundTrips() {
        for millis: Int64 in [0, -1, 1_795_253_400_000, 1_795_253_400_250, 951_782_400_000, -62_135_596_800_000] {
            let text = Timestamp(millisecondsSinceEpoch: millis).rfc3339
            #expect(Timestamp(rfc3339: text)?.millisecondsSinceEpoch == millis, "\(text)")
        }
        #expect(Timestamp(millisecondsSinceEpoch: 1_795_253_400_000).rfc3339 == "2026-11-21T09:30:00Z")
        #expect(Timestamp(millisecondsSinceEpoch: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
    }
}

@Suite struct TimestampDateTests {
    @Test func convertsToAndFromFoundationDates() {
        let time = Timestamp(millisecondsSinceEpoch: 1_795_253_400_250)
        #expect(Timestamp(date: time.date) == time)
        #expect(Timestamp(date: Date(timeIntervalSince1970: 0.0004)).millisecondsSinceEpoch == 0)
    }
}

@Suite struct WallClockTests {
    @Test func showsTheOperatorsLocalTimeAcrossMidnight() {
        // Given 23:30 UTC on the last day of 2026
        let instant = Timestamp(rfc3339: "2026-12-31T23:30:05Z")!
        // Then Shanghai (UTC+8) is already in 2027, and New York (UTC-5) is still in the evening
        #expect(instant.wallClock(utcOffsetSeconds: 8 * 3600).dateTime == "2027-01-01 07:30:05")
        #expect(instant.wallClock(utcOffsetSeconds: -5 * 3600).short == "12-31 18:30")
    }
}

@Suite struct TimestampArithmeticTests {
    @Test func arithmeticStopsAtTheEndsOfTheRangeRatherThanTrapping() {
        // Given times a person could have written into a store, at the ends of the range
        let earliest = Timestamp(millisecondsSinceEpoch: .min), latest = Timestamp(millisecondsSinceEpoch: .max)
        let moment = Timestamp(rfc3339: "2026-11-21T09:30:00Z")!
        // Then adding past an end stops at it, and ordinary sums are exact
        #expect(latest.adding(milliseconds: 1) == latest && earliest.adding(milliseconds: -1) == earliest)
        #expect(moment.adding(milliseconds: 1_500).rfc3339 == "2026-11-21T09:30:01.500Z")
        // And a difference past an end stops at it, keeping its sign, and ordinary ones are exact
        #expect(moment.milliseconds(since: earliest) == .max && earliest.milliseconds(since: moment) == .min)
        #expect(latest.milliseconds(since: earliest) == .max && earliest.milliseconds(since: latest) == .min)
        #expect(moment.adding(milliseconds: 5_001).milliseconds(since: moment) == 5_001)
        #expect(moment.milliseconds(since: moment.adding(milliseconds: 5_001)) == -5_001)
    }
}
