import Testing
@testable import paydesk

@Suite struct WaitDurationTests {
    @Test(arguments: [("30s", 30_000), ("5m", 300_000), ("1h", 3_600_000), ("90", 90_000), ("168h", 604_800_000)] as [(String, Int64)])
    func readsSecondsMinutesAndHours(text: String, milliseconds: Int64) {
        #expect(WaitDuration(argument: text)?.milliseconds == milliseconds)
        #expect(WaitDuration(argument: text)?.description == text)
    }

    @Test(arguments: ["", "s", "0", "0s", "-5s", "1.5s", "5d", "5 m", "٣s", "169h", "99999999999999999999s"])
    func refusesAnythingElse(text: String) {
        #expect(WaitDuration(argument: text) == nil)
    }
}
