import Foundation
import Testing

/// Ctrl-Z and outside stops in a real terminal: the shell gets its terminal back as it left it, and the console
/// comes back raw and redrawn.
@Suite(.serialized) struct TmuxJobControlTests {
    typealias Tmux = TmuxConsoleTests.Tmux

    /// The terminal's modes as `stty -a` lists them.
    func modes(_ text: String) -> [Substring] { text.split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "\n" }) }

    @Test func ctrlZGivesTheShellItsTerminalBackAndFgRedrawsTheConsole() throws {
        // Given the console started from an interactive shell with job control
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "30", "--no-console"]).status == 0)
        let folder = binary.folder.path
        let tmux = Tmux()
        try tmux.start("job", "env -i HOME=\(folder) TERM=xterm-256color LANG=C.UTF-8 PATH=/usr/bin:/bin PS1='shell$ ' "
                       + "bash --norc --noprofile -i")
        try tmux.waitFor("job", "the shell") { $0.contains("shell$") }
        try tmux.keys("job", "-l", "cd \(folder) && \(PayDeskBinary.executable.path) --db \(binary.store)")
        try tmux.keys("job", "Enter")
        try tmux.waitFor("job", "the console") { $0.contains("PayDesk") && $0.contains("TEA-000030") }
        // When the operator presses Ctrl-Z
        try tmux.keys("job", "C-z")
        // Then the shell has its screen and its cooked, echoing terminal back
        try tmux.waitFor("job", "the shell after Ctrl-Z") { $0.contains("Stopped") && !$0.contains("TEA-000030") }
        try tmux.keys("job", "-l", "stty -a > \(folder)/stty-stopped")
        try tmux.keys("job", "Enter")
        let stopped = modes(try waitForLines(in: "\(folder)/stty-stopped"))
        #expect(stopped.contains("icanon") && stopped.contains("echo") && !stopped.contains("-icanon") && !stopped.contains("-echo"))
        // When fg brings it back, it is redrawn whole and reads keys one at a time again
        try tmux.keys("job", "-l", "fg")
        try tmux.keys("job", "Enter")
        try tmux.waitFor("job", "the console redrawn") { $0.contains("PayDesk") && $0.contains("TEA-000030") && !$0.contains("Stopped") }
        try tmux.keys("job", "?")
        try tmux.waitFor("job", "help, without Enter") { $0.contains("Keys on the orders screen") }
        try tmux.keys("job", "q", "q")
        try tmux.waitFor("job", "the shell after q") { $0.contains("shell$") && !$0.contains("PayDesk") }
    }

    @Test func anOutsideStopAndContinueBringsTheConsoleBackRawAndRedrawn() throws {
        // Given the console running in a terminal
        let binary = try PayDeskBinary()
        #expect(try binary.run(["demo", "--db", binary.store, "--orders", "20", "--no-console"]).status == 0)
        let folder = binary.folder.path
        let tmux = Tmux()
        try tmux.start("stop", "cd \(folder) && env HOME=\(folder) LANG=C.UTF-8 TERM=xterm-256color \(PayDeskBinary.executable.path) "
                       + "--db \(binary.store); echo \"exit $?\" > \(folder)/exit-status; sleep 30")
        try tmux.waitFor("stop", "the console") { $0.contains("PayDesk") && $0.contains("TEA-000020") }
        let console = try tmux.consoleProcess("stop")
        let terminal = try tmux.run(["display-message", "-p", "-t", "stop", "#{pane_tty}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        // When it is stopped from outside, and meanwhile the terminal is put back in line mode and written on, as a
        // shell would do
        kill(console, SIGSTOP)
        #expect(system("stty -F \(terminal) sane && printf '\\033[2J\\033[Hscribbled on' > \(terminal)") == 0)
        try tmux.waitFor("stop", "the scribble") { $0.contains("scribbled on") }
        // And continued
        kill(console, SIGCONT)
        // Then it redraws the whole screen, and a single key acts without Enter: raw mode is back
        try tmux.waitFor("stop", "the console redrawn") { $0.contains("TEA-000020") && !$0.contains("scribbled on") }
        #expect(system("stty -F \(terminal) -a > \(folder)/stty-running") == 0)
        let running = modes(try String(contentsOfFile: "\(folder)/stty-running", encoding: .utf8))
        #expect(running.contains("-icanon") && running.contains("-echo"))
        try tmux.keys("stop", "?")
        try tmux.waitFor("stop", "help, without Enter") { $0.contains("Keys on the orders screen") }
        try tmux.keys("stop", "q", "q")
        #expect(try waitForLines(in: "\(folder)/exit-status") == "exit 0\n")
    }
}
