import OrderModel
import TerminalCore
import Testing
@testable import ConsoleUI

/// A date typed on the `:` line is a day as the list shows its times, in the host's local time: the date printed on
/// a row finds that row.
@Suite struct FilterDaysTests {
    /// A console in Tokyo (UTC+9) with an order made at 21:10 UTC on the 27th, which is 06:10 on the 28th there.
    static func consoleInTokyo() -> ConsoleState {
        var state = ConsoleState(size: Size(width: 120, height: 24), storeName: "shop.sqlite", readOnlyReason: nil,
                                 utcOffset: .fixed(seconds: 9 * 3_600), now: Timestamp(rfc3339: "2026-11-28T00:00:00Z")!)
        _ = state.update(.storeChecked(token: 1, at: state.now))
        var row = ConsoleStoreProtocolTests.summary("TEA-000001", customer: "Ada", minutesAgo: 0)
        row.createdAt = Timestamp(rfc3339: "2026-11-27T21:10:00Z")!
        _ = state.update(.ordersLoaded(state.orders.startRequest(visibleRows: 10), [row]))
        return state
    }

    static func type(_ command: String, into state: inout ConsoleState) {
        _ = state.update(.key(.character(":")))
        for character in command { _ = state.update(.key(.character(character))) }
        _ = state.update(.key(.enter))
    }

    @Test func theDateOnARowIsTheDayThatFindsIt() {
        // Given the order, shown on the 28th
        var state = Self.consoleInTokyo()
        #expect(state.view().lines.contains { $0.contains("11-28 06:10") && $0.contains("TEA-000001") })
        // When the list is narrowed to the 28th
        Self.type("since 2026-11-28", into: &state)
        Self.type("until 2026-11-28", into: &state)
        // Then the day runs from midnight to midnight in Tokyo, and the header names it as typed
        #expect(state.orders.filters.since == Timestamp(rfc3339: "2026-11-28T00:00:00+09:00"))
        #expect(state.orders.filters.until == Timestamp(rfc3339: "2026-11-29T00:00:00+09:00"))
        #expect(state.view().lines.first?.contains("from 2026-11-28 · to 2026-11-28") == true, "\(state.view().lines[0])")
    }

    @Test func aTimeIsTheMomentItNamesShownInLocalTimeAsTheListShowsTimes() {
        var state = Self.consoleInTokyo()
        Self.type("until 2026-11-28T06:00:00Z", into: &state)
        #expect(state.orders.filters.until == Timestamp(rfc3339: "2026-11-28T06:00:00Z"))
        #expect(state.view().lines.first?.contains("before 2026-11-28 15:00:00") == true, "\(state.view().lines[0])")
    }

    @Test func aDayStartsAtItsOwnMidnightWhenTheOffsetChangesThatNight() throws {
        // Given Sydney, which moves from UTC+10 to UTC+11 at 02:00 on 2026-10-04 (16:00 UTC the day before): at
        // midnight UTC on the 4th it is already +11, but the 4th began at +10
        let change = try #require(Timestamp(rfc3339: "2026-10-03T16:00:00Z"))
        let offset = { (moment: Timestamp) in moment < change ? 36_000 : 39_600 }
        // Then the 4th starts at its midnight at +10, the 5th at its midnight at +11
        #expect(try ListFilterInput.time("2026-10-04", utcOffset: offset) == Timestamp(rfc3339: "2026-10-04T00:00:00+10:00"))
        #expect(try ListFilterInput.time("2026-10-04", endOfDay: true, utcOffset: offset) == Timestamp(rfc3339: "2026-10-05T00:00:00+11:00"))
        // And with no offset given, as the command line reads it, a day is a day in UTC
        #expect(try ListFilterInput.time("2026-10-04") == Timestamp(rfc3339: "2026-10-04T00:00:00Z"))
    }

    @Test func whereTheClocksJumpAtMidnightADayBeginsAtTheJump() throws {
        // Given Santiago, whose clocks go from 00:00 at UTC-4 to 01:00 at UTC-3 on 2026-09-06 (04:00 UTC): that
        // day has no midnight
        let jump = try #require(Timestamp(rfc3339: "2026-09-06T04:00:00Z"))
        let offset = { (moment: Timestamp) in moment < jump ? -14_400 : -10_800 }
        // Then the 6th begins at the jump, not an hour before it (23:00 on the 5th), and ends at the 7th's midnight
        #expect(try ListFilterInput.time("2026-09-06", utcOffset: offset) == jump)
        #expect(try ListFilterInput.time("2026-09-05", endOfDay: true, utcOffset: offset) == jump)
        #expect(try ListFilterInput.time("2026-09-06", endOfDay: true, utcOffset: offset) == Timestamp(rfc3339: "2026-09-07T00:00:00-03:00"))
    }

    @Test func eastOfUTCWhereTheClocksJumpAtMidnightADayBeginsAtTheJumpToo() throws {
        // Given Cairo, whose clocks go from 00:00 at UTC+2 to 01:00 at UTC+3 on 2026-04-24 (22:00 UTC the day before)
        let jump = try #require(Timestamp(rfc3339: "2026-04-23T22:00:00Z"))
        let offset = { (moment: Timestamp) in moment < jump ? 7_200 : 10_800 }
        // Then the 24th begins at the jump, not an hour before it, and the 25th at its midnight at UTC+3
        #expect(try ListFilterInput.time("2026-04-24", utcOffset: offset) == jump)
        #expect(try ListFilterInput.time("2026-04-24", endOfDay: true, utcOffset: offset) == Timestamp(rfc3339: "2026-04-25T00:00:00+03:00"))
        #expect(try ListFilterInput.time("2026-04-23", utcOffset: offset) == Timestamp(rfc3339: "2026-04-23T00:00:00+02:00"))
    }
}
