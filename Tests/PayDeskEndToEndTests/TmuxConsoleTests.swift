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

        /// Waits up to 10 s for the screen to show what `until` looks for; fails with the last screen if not.
        @discardableResult
        func waitFor(_ session: String, _ what: String, until: (String) -> Bool) throws -> String {
            var last = ""
            for _ in 0..<200 {
                last = try screen(session)
                if until(last) { return last }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record("timed out waiting for \(what); the screen was:\n\(last)")
            return last
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

        // And resizing down to nothing and back neither crashes nor garbles it
        for (width, height) in [(20, 5), (1, 1), (40, 12), (120, 35)] {
            try tmux.run(["resize-window", "-t", "ops", "-x", "\(width)", "-y", "\(height)"])
            Thread.sleep(forTimeInterval: 0.2)
        }
        try tmux.waitFor("ops", "the list after resizing") { $0.contains("PayDesk") && $0.contains("LIVE-1") }

        // And q leaves cleanly
        try tmux.keys("ops", "q")
        for _ in 0..<100 where tmux.isRunning("ops") { Thread.sleep(forTimeInterval: 0.05) }
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
        let shown = try #require(try binary.json(["orders", "show", orderId, "--db", binary.store, "--json"]) as? [String: Any])
        #expect(shown["status"] as? String == "paid")
        #expect(shown["cancelRequested"] as? Bool == false)
        try tmux.keys("typo", "q")
    }

    @Test func keysTypedBeforeTheCommandLineAsksAreNoAnswer() throws {
        // Given a paid order, and `paydesk cancel` about to ask on a terminal
        let binary = try PayDeskBinary()
        try binary.createStore()
        #expect(try binary.run(["ingest", "--db", binary.store], input: CommandTests.paidOrder).status == 0)
        let folder = binary.folder.path
        let tmux = Tmux()
        try tmux.start("ask", "cd \(folder) && touch started && sleep 1 && env HOME=\(folder) LANG=C.UTF-8 \(PayDeskBinary.executable.path) "
                       + "cancel E2E-1 --db \(binary.store); echo \"exit $?\" > \(folder)/exit-status; sleep 30")
        // When yes and Enter are typed before the question appears
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "\(folder)/started") { Thread.sleep(forTimeInterval: 0.01) }
        try tmux.keys("ask", "-l", "yes")
        try tmux.keys("ask", "Enter")
        // Then the question still waits, and the order is as it was
        try tmux.waitFor("ask", "the question") { $0.contains("Type yes to cancel") }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!FileManager.default.fileExists(atPath: "\(folder)/exit-status"))
        // And a no, typed after it, leaves it so
        try tmux.keys("ask", "-l", "no")
        try tmux.keys("ask", "Enter")
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: "\(folder)/exit-status") { Thread.sleep(forTimeInterval: 0.05) }
        let shown = try #require(try binary.json(["orders", "show", "E2E-1", "--db", binary.store, "--json"]) as? [String: Any])
        #expect(shown["status"] as? String == "paid" && shown["cancelRequested"] as? Bool == false)
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
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: sttyPath) { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.1)
        let modes = try String(contentsOfFile: sttyPath, encoding: .utf8).split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" })
        #expect(modes.contains("icanon") && modes.contains("echo") && !modes.contains("-icanon") && !modes.contains("-echo"))
        #expect(try !tmux.screen("hup").contains("PayDesk"))
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
        let statusPath = "\(folder)/exit-status"
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: statusPath) { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try String(contentsOfFile: statusPath, encoding: .utf8) == "exit 1\n")
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
        // Then the footer offers no refund or cancel, and pressing them does nothing
        let footer = screen.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        #expect(footer.contains("help") && !footer.contains("refund") && !footer.contains("cancel"))
        try tmux.keys("watch", "r", "c", "Enter", "r")
        Thread.sleep(forTimeInterval: 0.3)
        let after = try tmux.screen("watch")
        #expect(!after.contains("Refund order") && !after.contains("Cancel order"))
        try tmux.keys("watch", "C-c")
        for _ in 0..<100 where tmux.isRunning("watch") { Thread.sleep(forTimeInterval: 0.05) }
        // And the store's bytes are exactly as they were
        #expect(files.map { FileManager.default.contents(atPath: $0) } == before)
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
        try tmux.keys("nobody", "q")
    }
}
