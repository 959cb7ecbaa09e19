import ArgumentParser
import Testing
import TestSupport
@testable import paydesk

/// The console's quick start must read its words exactly as ArgumentParser does, or leave them to it.
@Suite struct QuickConsoleStartTests {
    @Test(arguments: [
        [], ["--db", "/srv/shop/paydesk.sqlite"], ["--read-only"], ["--theme", "light"],
        ["--theme", "high-contrast", "--read-only", "--db", "store.sqlite"], ["--db", "店/订单 store.sqlite"],
    ])
    func readsTheConsolesPlainFormsAsArgumentParserDoes(words: [String]) throws {
        // Given the words an operator types to open the console
        // When both read them
        let quick = try #require(LiveConsoleCommand(quickArguments: words))
        let parsed = try #require(try PayDesk.parseAsRoot(words) as? LiveConsoleCommand)
        // Then they make the same command, every option set (an option the quick start left unset would differ)
        #expect(Self.everything(quick) == Self.everything(parsed))
        #expect(quick.store.db == words.firstIndex(of: "--db").map { words[$0 + 1] })
    }

    @Test(arguments: [
        ["console"], ["orders"], ["help"], ["--help"], ["-h"], ["--version"], ["--generate-completion-script", "bash"],
        ["--db"], ["--db", ""], ["--db", "--read-only"], ["--db", "-"], ["--db=store.sqlite"], ["--db", "a", "--db", "b"],
        ["--read-only", "--read-only"], ["--theme"], ["--theme", "-x"], ["--", "--db", "x"], ["--bogus"], ["x"],
    ])
    func leavesEverythingElseToArgumentParser(words: [String]) {
        #expect(LiveConsoleCommand(quickArguments: words) == nil)
    }

    @Test func anyWordsItReadsArgumentParserReadsTheSame() throws {
        // Given random lists of the console's options, values, and words near them
        let seed = TestSeed()
        var random = seed.generator
        let pieces = ["--db", "--read-only", "--theme", "shop.sqlite", "light", "-x", "--", "--db=a", "console", ""]
        var read = 0
        for _ in 0..<400 {
            let words = (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            // When the quick start reads them, ArgumentParser must read the same command from them
            guard let quick = LiveConsoleCommand(quickArguments: words) else { continue }
            read += 1
            let parsed = try #require(try PayDesk.parseAsRoot(words) as? LiveConsoleCommand, "\(words) \(seed)")
            #expect(Self.everything(quick) == Self.everything(parsed), "\(words) \(seed)")
        }
        #expect(read > 20, "\(seed)")
    }

    /// Every stored property, the options' parsed states included.
    private static func everything(_ command: LiveConsoleCommand) -> String {
        var text = ""
        dump(command, to: &text)
        return text
    }
}
