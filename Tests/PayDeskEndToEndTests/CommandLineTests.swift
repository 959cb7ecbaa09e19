import Foundation
import OrderStore
import Testing

/// The command line behaves as tools people know: `--version`, and a mistyped command named as such.
@Suite struct CommandLineTests {
    @Test func versionNamesTheBuildTheSchemaItWritesAndTheSQLiteItRunsWith() throws {
        let paydesk = try PayDeskBinary()
        let absent = paydesk.folder.appendingPathComponent("absent")
        let result = try paydesk.run(["--version"], environment: ["PAYDESK_DB": absent.appendingPathComponent("store.sqlite").path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.wholeMatch(of: /paydesk \d+\.\d+\.\d+/) != nil, "\(lines)")
        #expect(lines.dropFirst().first == "store schema \(PayDeskStore.schemaVersion)")
        #expect(lines.last == "SQLite \(PayDeskStore.sqliteVersion)")
        // Any command answers --version the same way, and it never touches a store.
        #expect(try paydesk.run(["orders", "list", "--version", "--db", absent.path]).stdout == result.stdout)
        #expect(!FileManager.default.fileExists(atPath: absent.path))
    }

    static let mistyped: [([String], String)] = [
        (["ordrs"], "unknown command 'ordrs'; did you mean 'orders'?"),
        (["ordrs", "list", "--json"], "unknown command 'ordrs'; did you mean 'orders'?"),
        (["oredrs", "list"], "unknown command 'oredrs'; did you mean 'orders'?"),
        (["orders", "lst"], "unknown command 'orders lst'; did you mean 'orders list'?"),
        (["refund-list"], "unknown command 'refund-list'; did you mean 'refunds list'?"),
        (["refundz", "ORD-1"], "unknown command 'refundz'; did you mean 'refund' or 'refunds'?"),
        (["show", "ORD-1"], "unknown command 'show'; did you mean 'orders show' or 'audit show'?"),
        (["xyzzy"], "unknown command 'xyzzy'; see 'paydesk --help'"),
        (["orders", "xyzzy", "--json"], "unknown command 'orders xyzzy'; see 'paydesk orders --help'"),
        (["ord\u{1B}]0;pwned\u{07}rs"], "unknown command 'ord\\u{1B}]0;pwned\\u{7}rs'; see 'paydesk --help'"),
    ]

    @Test(arguments: mistyped)
    func aMistypedCommandIsNamedWithTheNearestOnes(arguments: [String], message: String) throws {
        let result = try PayDeskBinary().run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "paydesk: \(message)\n")
        #expect(result.stdout == "")
    }

    @Test func commandsThatExistAreNotTakenForTypos() throws {
        let paydesk = try PayDeskBinary()
        let help = try paydesk.run(["help", "orders"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: paydesk orders <subcommand>"))
        // A command's own argument is not a command name, and its errors stay its own.
        let missing = try paydesk.run(["orders", "show", "ordrs", "--db", paydesk.store])
        #expect(missing.status == 1)
        #expect(!missing.stderr.contains("unknown command"))
        let badOption = try paydesk.run(["orders", "list", "--status", "paidd", "--db", paydesk.store])
        #expect(badOption.status == 64)
        #expect(badOption.stderr.contains("paidd"))
        #expect(!badOption.stderr.contains("unknown command"))
    }

    @Test func whatWasTypedIsQuotedNeutralisedInEveryError() throws {
        let paydesk = try PayDeskBinary()
        let hostile = "x\u{1B}]0;pwned\u{07}\u{1B}[2J"
        for arguments in [["orders", "list", "--status", hostile], ["orders", "list", "--limit", hostile], ["orders", hostile],
                          ["ingest", "/nonexistent/" + hostile, "--db", paydesk.store], ["decrypt", hostile, "--key", hostile, "--merchant-id", "m"]] {
            let result = try paydesk.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("x\\u{1B}]0;pwned\\u{7}"), "\(arguments): \(result.stderr)")
        }
        // A file with such a name, and a bad line in it: the per-line report names the file neutralised too.
        let file = paydesk.folder.appendingPathComponent(hostile)
        try Data("nonsense\n".utf8).write(to: file)
        try paydesk.createStore()
        let ingest = try paydesk.run(["ingest", file.path, "--db", paydesk.store])
        #expect(ingest.stderr == "\(paydesk.folder.path)/x\\u{1B}]0;pwned\\u{7}\\u{1B}[2J: line 1: line: not valid JSON (unexpected character at byte 2)\n")
    }
}

extension CommandLineTests {
    @Test(arguments: ["-1", "1e17", "inf", "nan"])
    func aSandboxDelayScaleOutOfRangeIsRefusedBeforeAnythingRuns(scale: String) throws {
        // Given a store with an order the driver would charge
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        // When the sandbox is asked to scale its delays past what a time can hold
        let result = try paydesk.run(["process", "--processor", "sandbox", "--once", "--delay-scale=\(scale)", "--db", paydesk.store])
        // Then it is refused as a usage error naming the option, and nothing was charged
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--delay-scale") && result.stderr.contains("is not from 0 to 1000"), "\(result.stderr)")
        let order = try #require(try paydesk.json(["orders", "show", "E2E-1", "--json", "--db", paydesk.store]) as? [String: Any])
        #expect(order["status"] as? String == "authorized")
    }
}
