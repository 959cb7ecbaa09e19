import Testing
@testable import paydesk_benchmarks

/// `paydesk-benchmarks` with no section runs them all for many minutes: a word it does not know must stop it.
@Suite struct BenchmarkArgumentsTests {
    @Test func sectionsAndOptionsAreReadAsWritten() {
        var expected = BenchmarkArguments()
        expected.sections = ["startup", "driver"]
        expected.orders = 5_000
        expected.starts = 7
        expected.paydesk = "/tmp/paydesk"
        expected.term = "Zoë"
        expected.times = 3
        expected.quick = true
        expected.smoke = true
        let words = ["startup", "--orders", "5000", "--starts", "7", "--paydesk", "/tmp/paydesk", "driver", "--term", "Zoë",
                     "--times", "3", "--quick", "--smoke"]
        #expect(BenchmarkArguments.parse(words) == .run(expected))
        #expect(BenchmarkArguments.parse([]) == .run(BenchmarkArguments()))
        // Then what was not given is left to the run's scale (full, or the smoke run's)
        #expect(BenchmarkArguments().orders == nil && BenchmarkArguments().starts == nil && BenchmarkArguments().times == nil)
        #expect(BenchmarkArguments().runs("ingest") && expected.runs("driver") && !expected.runs("ingest"))
    }

    @Test func helpIsHelpWhereverItStands() {
        #expect(BenchmarkArguments.parse(["--help"]) == .help)
        #expect(BenchmarkArguments.parse(["ingest", "-h"]) == .help)
    }

    @Test(arguments: [
        (["ingset"], #""ingset" is not a section or an option"#),
        (["help"], #""help" is not a section or an option"#),
        (["--orders"], "--orders needs a whole number above 0, not nothing"),
        (["--starts", "many"], #"--starts needs a whole number above 0, not "many""#),
        (["--times", "0"], #"--times needs a whole number above 0, not "0""#),
        (["--orders", "-5"], #"--orders needs a whole number above 0, not "-5""#),
        (["--paydesk"], "--paydesk needs a value"),
        (["--term", ""], "--term needs a value"),
        (["store", "\u{1B}[2J"], #""\u{1B}[2J" is not a section or an option"#),
    ])
    func aWordItDoesNotKnowIsRefusedByName(words: [String], problem: String) {
        #expect(BenchmarkArguments.parse(words) == .refused(problem))
    }
}
