import Foundation
import Testing

/// The console in a real terminal: tmux runs it, keys go in with send-keys, the screen comes back with
/// capture-pane, exactly as an operator would see it.
@Suite(.serialized) struct TmuxConsoleTests {
    /// A tmux server of the test's own, so that nothing else on the machine is touched.
    final class Tmux {
        let socket = "paydesk-e2e-\(UUID().uuidString.prefix(8))"

        /// Runs `tmux -L socket arguments…` through the shell and returns what it printed. popen, not Process:
        /// the tmux server that the first command forks must not hold a pipe that we read to its end.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            let command = (["tmux", "-L", socket] + arguments).map(Self.shellQuoted).joined(separator: " ")
            guard let pipe = popen(command + " 2>/dev/null", "r") else { throw PayDeskBinary.Failure(message: "cannot run tmux") }
            var output = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = fread(&buffer, 1, buffer.count, pipe)
                if count <= 0 { break }
                output.append(contentsOf: buffer[0..<count])
            }
            lastStatus = pclose(pipe)
            return String(decoding: output, as: UTF8.self)
        }

        private(set) var lastStatus: Int32 = 0

        static func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

        func start(_ session: String, _ command: String) throws {
            let line = (["tmux", "-L", socket, "new-session", "-d", "-s", session, "-x", "120", "-y", "35", command])
                .map(Self.shellQuoted).joined(separator: " ")
            guard let pipe = popen(line + " >/dev/null 2>&1", "r") else { throw PayDeskBinary.Failure(message: "cannot run tmux") }
            pclose(pipe)
        }

        func keys(_ session: String, _ keys: String...) throws { try run(["send-keys", "-t", session] + keys) }

        func screen(_ session: String) throws -> String { try run(["capture-pane", "-p", "-t", session]) }

        /// Waits for the screen to show what `until` looks for; fails with the last screen if it does not.
        @discardableResult
        func waitFor(_ session: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
                     until: (String) -> Bool) throws -> String {
            try PayDeskEndToEndTests.waitFor(what, sourceLocation: sourceLocation, observe: { try screen(session) }, until: until)
        }

        /// Waits for the session to end (its program exited).
        func waitForExit(_ session: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try PayDeskEndToEndTests.waitFor("the session \(session) to end", sourceLocation: sourceLocation,
                                             observe: { isRunning(session) }) { !$0 }
        }

        /// The console's process: the paydesk child of the pane's shell.
        func consoleProcess(_ session: String) throws -> Int32 {
            let shell = try run(["list-panes", "-t", session, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let pipe = popen("pgrep -P \(shell) -f paydesk", "r") else { throw PayDeskBinary.Failure(message: "cannot run pgrep") }
            var buffer = [CChar](repeating: 0, count: 64)
            let found = fgets(&buffer, 64, pipe).map { Int32(String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)) } ?? nil
            pclose(pipe)
            guard let found else { throw PayDeskBinary.Failure(message: "no paydesk process under the pane's shell") }
            return found
        }

        func isRunning(_ session: String) -> Bool {
            _ = try? run(["has-session", "-t", session])
            return lastStatus == 0
        }

        deinit { _ = try? run(["kill-server"]) }
    }

    func consoleCommand(_ binary: PayDeskBinary, _ extra: String = "") -> String {
        "cd \(binary.folder.path) && env HOME=\(binary.folder.path) USER=operator LANG=C.UTF-8 TERM=xterm-256color \(extra) "
            + "\(PayDeskBinary.executable.path) --db \(binary.store); echo \"exit $?\" > \(binary.folder.path)/exit-status"
    }

    @Test func anOperatorFiltersOpensRefundsAndSeesNewOrdersLive() throws {
        // Given a fresh demo store, opened in the console
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "120", "--seed", "3", "--no-console"]).status == 0)
        let paid = try #require((try binary.json(["orders", "list", "--db", binary.store, "--status", "paid", "--json", "--limit", "1"])
            as? [[String: Any]])?.first)
        let orderId = try #require(paid["orderId"] as? String)
        let tmux = Tmux()
        try tmux.start("ops", consoleCommand(binary))
        try tmux.waitFor("ops", "the orders list") { $0.contains("PayDesk") && $0.contains("120 orders") }

        // When the operator filters on the order id and opens it
        try tmux.keys("ops", "/")
        try tmux.keys("ops", "-l", orderId)
        try tmux.keys("ops", "Enter")
        try tmux.waitFor("ops", "the filtered list") { $0.contains("1 found") && $0.contains(orderId) }
        try tmux.keys("ops", "Enter")
        try tmux.waitFor("ops", "the order screen") { $0.contains("Order \(orderId)") && $0.contains("Items") }

        // And refunds 1.00 of it, for a duplicate charge, and confirms with the order's last four characters
        try tmux.keys("ops", "r")
        try tmux.waitFor("ops", "the refund form") { $0.contains("Refund order \(orderId)") }
        try tmux.keys("ops", "C-u")
        try tmux.keys("ops", "-l", "1.00")
        try tmux.keys("ops", "Tab", "2", "Enter")
        try tmux.waitFor("ops", "the confirmation") { $0.contains("Confirm refund") && $0.contains("Type \(orderId.suffix(4)) and Enter") }
        try tmux.keys("ops", "y", "Enter")
        try tmux.waitFor("ops", "y refused") { $0.contains("y is not \(orderId.suffix(4))") }
        try tmux.keys("ops", "-l", String(orderId.suffix(4)))
        try tmux.keys("ops", "Enter")
        try tmux.waitFor("ops", "the outcome") { $0.contains("Refund requested") }
        try tmux.keys("ops", "Escape")

        // Then the store holds the refund, as the JSON contract shows it, requested by this operator
        let shown = try #require(try binary.json(["orders", "show", orderId, "--db", binary.store, "--json"]) as? [String: Any])
        let refunds = try #require(shown["refunds"] as? [[String: Any]])
        let refund = try #require(refunds.last)
        #expect(refund["amount"] as? String == "1.00")
        #expect(refund["status"] as? String == "pending")
        #expect(refund["reason"] as? String == "duplicate")
        let login = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) }
        #expect(refund["requestedBy"] as? String == login)

        // When an order is ingested by another process while the console runs, it appears within a second or two
        try tmux.keys("ops", "Escape")
        try tmux.keys("ops", "Escape")
        let now = ISO8601DateFormatter().string(from: Date())
        let line = CommandTests.order.replacingOccurrences(of: "E2E-1", with: "LIVE-1")
            .replacingOccurrences(of: "2026-11-21T09:30:00+08:00", with: now)
        #expect(try binary.run(["ingest", "--db", binary.store], input: line + "\n").status == 0)
        try tmux.waitFor("ops", "the live order") { $0.contains("LIVE-1") && $0.contains("121 orders") }

        // And resizing down to nothing and back neither crashes nor garbles it: each size shows what it should
        let sizes: [(width: Int, height: Int, shows: (String) -> Bool)] = [
            (20, 5, { $0.contains("have 20×5") }),
            (1, 1, { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "t" }),   // the first letter of "terminal too small"
            (40, 12, { $0.contains("PayDesk") && $0.split(separator: "\n").allSatisfy { $0.count <= 40 } }),
            (120, 35, { $0.contains("PayDesk") && $0.contains("LIVE-1") && $0.split(separator: "\n").contains { $0.count > 40 } }),
        ]
        for size in sizes {
            try tmux.run(["resize-window", "-t", "ops", "-x", "\(size.width)", "-y", "\(size.height)"])
            try tmux.waitFor("ops", "the console at \(size.width)×\(size.height)", until: size.shows)
        }

        // And q leaves cleanly
        try tmux.keys("ops", "q")
        try tmux.waitForExit("ops")
        let status = try String(contentsOfFile: binary.folder.appendingPathComponent("exit-status").path, encoding: .utf8)
        #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "exit 0")
    }

    @Test func aShellCommandTypedIntoTheConsoleCancelsNothing() throws {
        // Given the console on a paid order, the only one the filter shows
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "60", "--seed", "3", "--no-console"]).status == 0)
        let paid = try #require((try binary.json(["orders", "list", "--db", binary.store, "--status", "paid", "--json", "--limit", "1"])
            as? [[String: Any]])?.first)
        let orderId = try #require(paid["orderId"] as? String)
        let tmux = Tmux()
        try tmux.start("typo", consoleCommand(binary))
        try tmux.waitFor("typo", "the orders list") { $0.contains("60 orders") }
        try tmux.keys("typo", "/")
        try tmux.keys("typo", "-l", orderId)
        try tmux.keys("typo", "Enter")
        try tmux.waitFor("typo", "the filtered list") { $0.contains("1 found") }
        // When an operator who believes the console is suspended types a shell command and Enter, as typed ahead
        try tmux.keys("typo", "-l", "cat /var/log/syslog")
        try tmux.keys("typo", "Enter")
        // Then the cancel dialog that c opened waits for the order's code, and the order is untouched
        try tmux.waitFor("typo", "the cancel dialog") { $0.contains("Cancel order \(orderId)?") && $0.contains("code") }
        try tmux.keys("typo", "-l", "yes")
        try tmux.keys("typo", "Enter", "Escape")
        try tmux.waitFor("typo", "the dialog closed") { !$0.contains("Cancel order") }
        // (read once the console has quit: it finishes any write its worker started before it exits)
        try tmux.keys("typo", "q")
        try tmux.waitForExit("typo")
        let shown = try #require(try binary.json(["orders", "show", orderId, "--db", binary.store, "--json"]) as? [String: Any])
        #expect(shown["status"] as? String == "paid")
        #expect(shown["cancelRequested"] as? Bool == false)
    }

    @Test func keysTypedBeforeTheCommandLineAsksAreNoAnswer() throws {
        // Given a paid order, and `paydesk cancel` about to ask on a terminal
        let binary = try PayDeskBinary()
        try binary.createStore()
        #expect(try binary.run(["ingest", "--db", binary.store], input: CommandTests.paidOrder).status == 0)
        let folder = binary.folder.path
        let tmux = Tmux()
        // (the shell waits for the file `typed`, which the test writes once the keys are on the screen)
        try tmux.start("ask", "cd \(folder) && until [ -e typed ]; do sleep 0.05; done; env HOME=\(folder) LANG=C.UTF-8 "
                       + "\(PayDeskBinary.executable.path) cancel E2E-1 --db \(binary.store); echo \"exit $?\" > \(folder)/exit-status; sleep 30")
        // When yes and Enter are typed before the question appears
        try tmux.keys("ask", "-l", "yes")
        try tmux.keys("ask", "Enter")
        try tmux.waitFor("ask", "the typed-ahead yes") { $0.contains("yes") }
        #expect(FileManager.default.createFile(atPath: "\(folder)/typed", contents: nil))
        // Then the question is asked anyway, and a no typed after it is the answer: the order is as it was
        try tmux.waitFor("ask", "the question") { $0.contains("Type yes to cancel") }
        try tmux.keys("ask", "-l", "no")
        try tmux.keys("ask", "Enter")
        #expect(try waitForLines(in: "\(folder)/exit-status") != "exit 0\n")
        let shown = try #require(try binary.json(["orders", "show", "E2E-1", "--db", binary.store, "--json"]) as? [String: Any])
        #expect(shown["status"] as? String == "paid" && shown["cancelRequested"] as? Bool == false)
    }

    @Test func aRefundIsMadeForTheAmountTheOperatorAgreedTo() throws {
        // Given a paid order of 50.00 with a refund of 30.00 pending, and `paydesk refund` without --amount asking
        // on a terminal whether to refund the 20.00 left
        let binary = try PayDeskBinary()
        try binary.createStore()
        #expect(try binary.run(["ingest", "--db", binary.store], input: CommandTests.paidOrder).status == 0)
        let pending = try binary.run(["refund", "E2E-1", "--amount", "30.00", "--reason", "other", "--yes", "--db", binary.store])
        let pendingId = try #require(pending.stdout.split(separator: " ").first { $0.hasPrefix("re_") })
        let folder = binary.folder.path
        let tmux = Tmux()
        try tmux.start("ask", "cd \(folder) && env HOME=\(folder) LANG=C.UTF-8 \(PayDeskBinary.executable.path) refund E2E-1 "
                       + "--reason other --db \(binary.store); echo \"exit $?\" > \(folder)/exit-status; sleep 30")
        try tmux.waitFor("ask", "the question") { $0.contains("Type yes to refund 20.00 CNY") }
        // When the pending refund is withdrawn while the question waits, and the operator then agrees
        #expect(try binary.run(["refunds", "withdraw", String(pendingId), "--yes", "--db", binary.store]).status == 0)
        try tmux.keys("ask", "-l", "yes")
        try tmux.keys("ask", "Enter")
        #expect(try waitForLines(in: "\(folder)/exit-status") == "exit 0\n")
        // Then the refund made is the 20.00 agreed to, not the 50.00 refundable by then
        let refunds = try #require(try binary.json(["refunds", "list", "--json", "--db", binary.store]) as? [[String: Any]])
        let made = refunds.filter { $0["status"] as? String == "pending" }
        #expect(made.count == 1 && made.first?["amount"] as? String == "20.00", "\(refunds)")
    }

    @Test(arguments: [SIGHUP, SIGTERM])
    func aHangUpOrTerminationRestoresTheTerminal(signal: Int32) throws {
        // Given the console running in a terminal, and the terminal's modes after it, recorded by the shell
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "20", "--no-console"]).status == 0)
        let tmux = Tmux()
        try tmux.start("hup", consoleCommand(binary) + "; stty -a > \(binary.folder.path)/stty-after; sleep 30")
        try tmux.waitFor("hup", "the console") { $0.contains("PayDesk") && $0.contains("TEA-000020") }
        // When the session hangs up (what a dropped SSH connection sends) or is terminated
        kill(try tmux.consoleProcess("hup"), signal)
        // Then it exits, the screen is the shell's again and the terminal is back in its cooked modes
        let sttyPath = binary.folder.appendingPathComponent("stty-after").path
        let modes = try waitForLines(in: sttyPath).split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
        #expect(modes.contains("icanon") && modes.contains("echo") && !modes.contains("-icanon") && !modes.contains("-echo"))
        #expect(try !tmux.screen("hup").contains("PayDesk"))
    }

    @Test(arguments: [SIGSEGV, SIGILL, SIGABRT])
    func aCrashGivesTheTerminalBack(signal: Int32) throws {
        // Given the console running in a terminal (Swift's backtracer off: on a terminal it waits for a key), and
        // the terminal's modes after it, recorded by the shell
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "20", "--no-console"]).status == 0)
        let tmux = Tmux()
        try tmux.start("crash", consoleCommand(binary, "SWIFT_BACKTRACE=enable=no") + "; stty -a > \(binary.folder.path)/stty-after; sleep 30")
        try tmux.waitFor("crash", "the console") { $0.contains("PayDesk") && $0.contains("TEA-000020") }
        // When it crashes: a fault, a trap (what a failed Swift check is), an abort
        kill(try tmux.consoleProcess("crash"), signal)
        // Then it still dies of that signal, but the screen is the shell's again and the terminal is in its cooked modes
        let sttyPath = binary.folder.appendingPathComponent("stty-after").path
        let modes = try waitForLines(in: sttyPath).split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
        #expect(modes.contains("icanon") && modes.contains("echo") && !modes.contains("-icanon") && !modes.contains("-echo"))
        #expect(try String(contentsOfFile: binary.folder.appendingPathComponent("exit-status").path, encoding: .utf8) == "exit \(128 + signal)\n")
        #expect(try !tmux.screen("crash").contains("PayDesk"))
    }

    /// A console in a session of its own (as runuser, sudo or setsid leave it) gets no SIGHUP when its terminal
    /// goes away; it used to take every read's error for "no key yet" and spin on the dead terminal forever.
    @Test func aConsoleWhoseTerminalVanishesWithoutAHangUpEnds() throws {
        // Given the console running under setsid in a terminal
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "20", "--no-console"]).status == 0)
        let tmux = Tmux()
        try tmux.start("gone", "cd \(binary.folder.path) && env HOME=\(binary.folder.path) TERM=xterm-256color LANG=C.UTF-8 "
                       + "setsid -w \(PayDeskBinary.executable.path) --db \(binary.store)")
        try tmux.waitFor("gone", "the console") { $0.contains("PayDesk") && $0.contains("TEA-000020") }
        guard let pipe = popen("pgrep -f -x '\(PayDeskBinary.executable.path) --db \(binary.store)'", "r") else {
            throw PayDeskBinary.Failure(message: "cannot run pgrep")
        }
        var buffer = [CChar](repeating: 0, count: 64)
        let found = fgets(&buffer, 64, pipe).map { Int32(String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)) } ?? nil
        pclose(pipe)
        let pid = try #require(found)
        defer { kill(pid, SIGKILL) }
        // When the terminal goes away (the tmux server ends, as an SSH connection does), with no signal for it
        try tmux.run(["kill-server"])
        // Then the console ends by itself
        try waitFor("the console to end", observe: { () -> String in
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?.split(separator: " ").dropFirst(2).first
            return state.map { "state \($0)" } ?? "gone"
        }) { $0 == "gone" || $0 == "state Z" }
    }

    @Test(arguments: [("TERM=dumb", "; TERM=dumb cannot."), ("-u TERM", ", and TERM is not set.")])
    func aTerminalThatCannotPositionTheCursorGetsOneLineAndAnUntouchedScreen(term: String, reason: String) throws {
        // Given a store, and a terminal described as one that cannot position the cursor, or not described at all
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "10", "--no-console"]).status == 0)
        let folder = binary.folder.path
        let tmux = Tmux()
        try tmux.start("dumb", "cd \(folder) && env \(term) HOME=\(folder) LANG=C.UTF-8 \(PayDeskBinary.executable.path) --db \(binary.store)"
                       + " 2> \(folder)/stderr; echo \"exit $?\" > \(folder)/exit-status; sleep 30")
        // When the console is started there, it refuses at once with one line that names TERM and the way out
        #expect(try waitForLines(in: "\(folder)/exit-status") == "exit 1\n")
        let message = try String(contentsOfFile: "\(folder)/stderr", encoding: .utf8)
        #expect(message == "paydesk: the console needs a terminal that can position the cursor\(reason)"
                + " Set TERM (e.g. xterm-256color) or use the headless commands: paydesk orders list, paydesk orders show ID\n")
        // And curses never took the screen
        let screen = try tmux.screen("dumb")
        #expect(!screen.contains("PayDesk") && !screen.contains("TEA-"))
    }

    @Test func readOnlyConsoleHasNoRefundKeyAndLeavesTheStoreUntouched() throws {
        // Given a demo store, and its bytes
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "50", "--seed", "4", "--no-console"]).status == 0)
        let files = [binary.store, binary.store + "-wal"]
        let before = files.map { FileManager.default.contents(atPath: $0) }
        // When it is opened with PAYDESK_READ_ONLY=1, which even a flag cannot undo
        let tmux = Tmux()
        try tmux.start("watch", consoleCommand(binary, "PAYDESK_READ_ONLY=1"))
        let screen = try tmux.waitFor("watch", "the read-only list") { $0.contains("READ-ONLY") && $0.contains("50 orders") }
        // Then the footer offers no refund or cancel
        let footer = screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        #expect(footer.contains("help") && !footer.contains("refund") && !footer.contains("cancel"))
        // And pressing them does nothing, on the list or on an order: the help key after them still opens help,
        // which it would not inside a dialog, so they were read and ignored
        try tmux.keys("watch", "r", "c", "?")
        try tmux.waitFor("watch", "help after r and c on the list") { $0.contains("Keys on the orders screen") }
        try tmux.keys("watch", "Escape", "Enter", "r", "c", "?")
        try tmux.waitFor("watch", "help after r and c on an order") { $0.contains("Keys on the order screen") }
        try tmux.keys("watch", "C-c")
        try tmux.waitForExit("watch")
        // And the store's bytes are exactly as they were
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before)
    }

    /// An operator who may change the store opens it without writing to it (issue 17: opening SQLite for writing
    /// writes to an empty WAL), and reads its times in the host's local time, as the C library reads TZ.
    @Test func aConsoleThatMayChangeTheStoreButOnlyReadsLeavesItUntouchedAndShowsLocalTime() throws {
        // Given a store with E2E-1, created 2026-11-21T09:30:00+08:00 (01:30 UTC), closed cleanly, and its bytes
        let binary = try PayDeskBinary()
        try binary.createStore()
        #expect(try binary.run(["ingest", "--db", binary.store], input: CommandTests.order + "\n").status == 0)
        let files = [binary.store, binary.store + "-wal"]
        let before = files.map { FileManager.default.contents(atPath: $0) }
        // When the console opens it with TZ=IST-5:30 (a POSIX TZ: five and a half hours east) and opens E2E-1
        let tmux = Tmux()
        try tmux.start("local", consoleCommand(binary, "TZ=IST-5:30"))
        let list = try tmux.waitFor("local", "the list") { $0.contains("E2E-1") && $0.contains("1 order") }
        #expect(!list.contains("READ-ONLY"))
        try tmux.keys("local", "Enter")
        // Then its creation shows at 07:00, local time
        let order = try tmux.waitFor("local", "the order screen") { $0.contains("Order E2E-1") }
        #expect(order.contains("created 2026-11-21 07:00:00"), "\(order)")
        try tmux.keys("local", "q", "q")
        try tmux.waitForExit("local")
        // And the store's bytes are exactly as they were
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before)
    }

    /// Each time is shown at the offset in force at that moment: an order made in summer reads in summer time in
    /// winter, and one made in winter in winter time in summer, as `date -d` prints them. Whenever the test runs,
    /// one of the two is in the other season.
    @Test func eachTimeShowsTheOffsetOfItsOwnSeason() throws {
        // Given an order made at 12:00 UTC on 15 July and one at 12:00 UTC on 15 January, in a zone one hour east
        // of UTC in winter and two in summer (a POSIX TZ with its rule: central Europe's)
        let binary = try PayDeskBinary()
        try binary.createStore()
        let summer = CommandTests.order.replacingOccurrences(of: "2026-11-21T09:30:00+08:00", with: "2026-07-15T12:00:00Z")
        let winter = CommandTests.order.replacingOccurrences(of: "2026-11-21T09:30:00+08:00", with: "2026-01-15T12:00:00Z")
            .replacingOccurrences(of: "E2E-1", with: "E2E-2")
        #expect(try binary.run(["ingest", "--db", binary.store], input: summer + "\n" + winter + "\n").status == 0)
        // When the console shows them
        let tmux = Tmux()
        try tmux.start("dst", consoleCommand(binary, "TZ=CET-1CEST,M3.5.0,M10.5.0/3"))
        let list = try tmux.waitFor("dst", "the list") { $0.contains("E2E-1") && $0.contains("E2E-2") }
        // Then the summer one was made at 14:00 local time and the winter one at 13:00
        #expect(list.contains("07-15 14:00") && list.contains("01-15 13:00"), "\(list)")
        try tmux.keys("dst", "q")
        try tmux.waitForExit("dst")
    }

    /// A console that only read holds the store open read-only: a writer closing beside it must leave the WAL
    /// (emptying it under a reader would lose the pages the reader reads), and read-only connections cannot empty it
    /// as they close. So the console empties it once it has closed the store, as its writer's close did.
    @Test func theWALAWriterLeavesBesideTheConsoleIsEmptiedWhenTheConsoleQuits() throws {
        // Given a store closed cleanly, open in the console
        let binary = try PayDeskBinary()
        try binary.createStore()
        let tmux = Tmux()
        try tmux.start("wal", consoleCommand(binary))
        try tmux.waitFor("wal", "the empty list") { $0.contains("PayDesk") && $0.contains("0 orders") }
        // When ingest stores an order and exits while the console is open, and the console shows the order
        #expect(try binary.run(["ingest", "--db", binary.store], input: CommandTests.order + "\n").status == 0)
        try tmux.waitFor("wal", "the new order") { $0.contains("E2E-1") && $0.contains("1 order") }
        // Then ingest, closing beside the console's reads, left the WAL as it was
        func walSize() throws -> Int { try FileManager.default.attributesOfItem(atPath: binary.store + "-wal")[.size] as? Int ?? -1 }
        #expect(try walSize() > 0)
        // When the operator quits
        try tmux.keys("wal", "q")
        try tmux.waitForExit("wal")
        // Then the WAL is empty, and the order is in the store
        #expect(try walSize() == 0)
        let list = try binary.run(["orders", "list", "--db", binary.store])
        #expect(list.status == 0 && list.stdout.contains("E2E-1"))
    }

    /// docs/design.md §5: an OS user who may only read the store and its folder gets a working read-only console,
    /// live, while another user writes. Needs root to act as the second user (CI runs as root).
    @Test(.enabled(if: geteuid() == 0, "needs root to run the console as another user"))
    func aUserWhoCanOnlyReadTheStoreGetsALiveReadOnlyConsole() throws {
        // Given a store written by root, readable by its monitors' group, writable by root only
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "30", "--seed", "5", "--no-console"]).status == 0)
        // shared with the monitors' group, as docs/operations.md says
        let monitors = getgrnam("nogroup").map { $0.pointee.gr_gid } ?? 65534
        for (path, mode) in [(binary.folder.path, 0o750), (binary.store, 0o640), (binary.store + "-wal", 0o640), (binary.store + "-shm", 0o640)] {
            chown(path, uid_t.max, monitors)
            chmod(path, mode_t(mode))
        }
        // When the user nobody opens the console on it, asking for nothing special
        let tmux = Tmux()
        try tmux.start("nobody", "runuser -u nobody -- env HOME=/tmp TERM=xterm-256color LANG=C.UTF-8 "
                       + "\(PayDeskBinary.executable.path) --db \(binary.store)")
        // Then it is read-only by itself, and an order root ingests meanwhile appears in it
        try tmux.waitFor("nobody", "the read-only list") { $0.contains("READ-ONLY") && $0.contains("30 orders") }
        let now = ISO8601DateFormatter().string(from: Date())
        let line = CommandTests.order.replacingOccurrences(of: "E2E-1", with: "LIVE-2")
            .replacingOccurrences(of: "2026-11-21T09:30:00+08:00", with: now)
        #expect(try binary.run(["ingest", "--db", binary.store], input: line + "\n").status == 0)
        try tmux.waitFor("nobody", "the order ingested by root") { $0.contains("LIVE-2") && $0.contains("31 orders") }
        // And q ends it (waited for: a console left behind would outlive the test)
        try tmux.keys("nobody", "q")
        try tmux.waitForExit("nobody")
    }
}
