import CNcursesw
import Foundation
import TerminalCore

/// The only code that calls ncurses. It sets the terminal up and always restores it, and turns ncurses' key
/// codes into `Key`s. Frames do not go through curses: the cells that changed since the previous frame are sent
/// as `FrameEncoder` writes them, in terminfo's words for this terminal.
public final class CursesTerminal: Terminal {
    /// The terminal speaks UTF-8; without it every non-ASCII character is drawn as `?`.
    public let isUTF8: Bool
    public let colorLevel: ColorLevel
    public private(set) var size: Size
    private let screen: OpaquePointer
    let controls: TerminalControls
    /// A blank cell's look is the plain one, which a cleared screen shows.
    private let blankIsCleared: Bool
    /// Where frames are written, as curses writes: straight to the descriptor, in one write each where it takes
    /// them whole.
    private let outputDescriptor: Int32
    private var previous: ScreenBuffer?
    /// A frame was cut short: the terminal may be in any look, which curses, clearing or leaving, takes for plain.
    private var lookUnknown = false
    private var restored = false
    /// A crash leaves the console's screen and sets the shell's modes again, until the console does it itself.
    private let restoresOnCrash: Bool
    /// Where keys come from, to tell a terminal that went away from a read that timed out.
    private let inputDescriptor: Int32
    /// The terminal went away (its other end closed) without a SIGHUP reaching this process.
    private var hungUp = false

    public enum Device {
        /// The operator's terminal: standard input and output.
        case controllingTerminal
        /// Any pair of streams, such as `/dev/null` for tests or a file that counts the bytes written.
        case streams(input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>, size: Size)
    }

    /// Sets the terminal up. Throws a one-line reason before touching the screen when curses cannot work there:
    /// no terminal, or a `TERM` that terminfo does not know or that cannot position the cursor (`dumb`).
    public init(device: Device = .controllingTerminal, theme: some RoleStyles, environment: [String: String]) throws(CursesError) {
        // The character type alone (the codeset, character widths) is what curses and the glyphs follow: the other
        // categories would each load a locale file, and nothing here formats or sorts by locale.
        setlocale(LC_CTYPE, "")
        isUTF8 = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
        // ncurses' wide functions need a UTF-8 LC_CTYPE even when the output stays ASCII.
        if !isUTF8 { setlocale(LC_CTYPE, "C.UTF-8") }
        let input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>
        switch device {
        case .controllingTerminal:
            guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
                  let streamIn = fdopen(STDIN_FILENO, "r"), let streamOut = fdopen(STDOUT_FILENO, "w") else { throw .notATerminal }
            input = streamIn
            output = streamOut
        case .streams(let streamIn, let streamOut, _):
            input = streamIn
            output = streamOut
        }
        guard let termName = environment["TERM"], !termName.isEmpty else { throw .cannotPositionCursor(term: nil) }
        switch paydesk_can_position_cursor(termName, fileno(output)) {
        case 1: break
        case 0: throw .cannotPositionCursor(term: termName)
        default: throw .unknownTerminal(termName)
        }
        // The modes the shell left the terminal in, for a crash to set again (`paydesk_restore_terminal_on_crash`).
        var shellModes = termios()
        let hasShellModes = tcgetattr(fileno(input), &shellModes) == 0
        guard let screen = newterm(termName, output, input) else { throw .unknownTerminal(termName) }
        self.screen = screen
        inputDescriptor = fileno(input)
        set_term(screen)
        if case .streams(_, _, let size) = device { resizeterm(Int32(size.height), Int32(size.width)) }
        raw()
        noecho()
        nonl()
        keypad(paydesk_stdscr(), true)
        Self.readKeysHoweverSpelled()
        set_escdelay(25)
        curs_set(0)
        var level = ColorLevel.none
        // Colours are set by setaf and setab: a terminal with only the older setf and setb is drawn as one without.
        if has_colors(), paydesk_string_capability("setaf") != nil, paydesk_string_capability("setab") != nil,
           environment["NO_COLOR"].map({ $0.isEmpty }) ?? true {
            start_color()
            use_default_colors()
            level = ColorLevel(colors: Int(paydesk_colors()), environment: environment)
        }
        colorLevel = level
        let isUTF8 = isUTF8
        controls = .terminfo(styles: theme.styles(for: level), level: level) { output, text, columns in
            if isUTF8 { Self.appendGlyph(text, columns: columns, to: &output) } else { Self.appendASCIIGlyph(text, columns: columns, to: &output) }
        }
        var blankLook: [UInt8] = []
        controls.changeLook(&blankLook, nil, Cell.blank.role)
        blankIsCleared = blankLook == controls.plain
        outputDescriptor = fileno(output)
        size = Size(width: Int(paydesk_cols()), height: Int(paydesk_lines()))
        // Not for streams given by a caller (tests): their process has its own ways with crashes.
        let isControllingTerminal = if case .controllingTerminal = device { true } else { false }
        restoresOnCrash = hasShellModes && isControllingTerminal
        if restoresOnCrash { paydesk_restore_terminal_on_crash(fileno(input), fileno(output), &shellModes) }
        StopSignals.install()
        // After newterm, which installs ncurses' own SIGTSTP handler: ours leaves the screen from the loop.
        JobControl.install()
    }

    deinit { restore() }

    /// Gives the terminal back as it was. Safe to call more than once.
    public func restore() {
        guard !restored else { return }
        restored = true
        if restoresOnCrash { paydesk_forget_terminal_on_crash() }
        set_term(screen)
        returnToPlainLook()
        endwin()
        delscreen(screen)
    }

    public var stopRequested: Bool { StopSignals.requested || hungUp }

    public func nextEvent(timeoutMilliseconds: Int, wakeDescriptor: Int32) -> TerminalEvent? {
        if let event = jobControlEvent() { return event }
        // Keys curses has already read come first: the rest of a sequence it could not match stays in its own
        // buffer, where the descriptor does not show it.
        if let event = readEvent(restWithin: timeoutMilliseconds) { return event }
        var waits = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        // Keys, a hang-up, the wake, a signal (a resize, a stop) or the timeout all end the wait; whatever it was,
        // curses is asked once more, so that a key or a resize is never left behind.
        _ = poll(&waits, 2, Int32(clamping: timeoutMilliseconds))
        return jobControlEvent() ?? readEvent(restWithin: timeoutMilliseconds)
    }

    /// A key, a resize or nil, without waiting for input that has not begun to arrive. Once the input holds
    /// bytes, curses may wait up to `restWithin` for the rest of a character cut between two reads (a pasted "é"
    /// split over two SSH packets): asked not to wait, it would drop the bytes it had read. A whole key comes at
    /// once, and curses waits its escape delay for the rest of an escape sequence either way.
    private func readEvent(restWithin milliseconds: Int) -> TerminalEvent? {
        wtimeout(paydesk_stdscr(), Self.hasInput(inputDescriptor) ? Int32(clamping: milliseconds) : 0)
        var code: wint_t = 0
        let result = wget_wch(paydesk_stdscr(), &code)
        if let event = jobControlEvent() { return event }
        if result == KEY_CODE_YES {
            if Int32(code) == paydesk_key_resize() {
                size = Size(width: Int(paydesk_cols()), height: Int(paydesk_lines()))
                previous = nil
                return .resized(size)
            }
            return Self.functionKey(Int32(code)).map(TerminalEvent.key)
        }
        guard result == OK else {
            // ERR is both "no key before the timeout" and "the terminal is gone": on a gone terminal it comes at
            // once, every time, so it is told apart by asking the input whether it hung up.
            if result == ERR && Self.hungUp(inputDescriptor) { hungUp = true }
            return nil
        }
        return Key(characterCode: UInt32(code)).map(TerminalEvent.key)
    }

    /// Whether the input has bytes to read, or news that it never will (a hang-up, an end).
    static func hasInput(_ descriptor: Int32) -> Bool { readiness(descriptor) != 0 }

    /// Whether the input reports a hang-up or an error: a pseudo-terminal whose other end closed does (an SSH
    /// connection dropped, a tmux server gone), even when no SIGHUP is sent to this process.
    static func hungUp(_ descriptor: Int32) -> Bool { readiness(descriptor) & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 }

    /// What the input reports without waiting: 0 when nothing, else its `poll` events.
    private static func readiness(_ descriptor: Int32) -> Int16 {
        var input = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&input, 1, 0) > 0 ? input.revents : 0
    }

    /// A stop asked for from outside, or a continue after a stop that left the screen as it was (SIGSTOP).
    private func jobControlEvent() -> TerminalEvent? {
        if JobControl.takeSuspendRequest() { return .suspendRequested }
        guard JobControl.takeContinued() else { return nil }
        takeScreenAgain()
        return .resumed
    }

    public func suspend() -> Bool {
        // A session leader (a forced SSH command) has no shell to return to: stopped, nothing would continue it.
        guard getsid(0) != getpid() else { return false }
        returnToPlainLook()
        endwin()
        let stopped = JobControl.stopForTheShell()
        takeScreenAgain()
        return stopped
    }

    /// After a stop the shell had the terminal: leave curses mode if still in it, so that the next refresh enters
    /// it again whole (raw mode, keypad, alternate screen), and draw the next frame in full.
    private func takeScreenAgain() {
        if !isendwin() { endwin() }
        clearok(paydesk_curscr(), true)
        previous = nil
    }

    public func discardTypeAhead() { flushinp() }

    /// The arrows, Home and End in each spelling terminals use, besides terminfo's: tmux and screen send the
    /// VT220's Home and End whatever TERM says inside them, a terminal that ignores keypad mode sends its arrows
    /// unshifted (ESC [ A where terminfo says ESC O A), and so does a host whose terminfo is not the terminal's.
    /// Unknown there, Home and End did nothing, and an arrow arrived as Esc, which closes a dialog, and two
    /// letters. (On the VT220 and rxvt, ESC [1~ and ESC [4~ are Find and Select, which PayDesk does not use.)
    private static func readKeysHoweverSpelled() {
        let spellings = [("\u{1B}[A", KEY_UP), ("\u{1B}OA", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}OB", KEY_DOWN),
                         ("\u{1B}[C", KEY_RIGHT), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT), ("\u{1B}OD", KEY_LEFT),
                         ("\u{1B}OH", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME),
                         ("\u{1B}OF", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END)]
        for (sequence, key) in spellings { _ = define_key(sequence, key) }
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_BTAB: .backTab
        default: nil
        }
    }

    public func draw(_ buffer: ScreenBuffer) {
        guard buffer.size == size else { return }
        var shown = previous
        if previous == nil {
            // Nothing on the screen can be trusted (the first frame, a resize, a return from a stop): curses clears
            // it, taking it again first if it had been given back. Where a blank cell looks as a cleared one, the
            // cleared screen is what is shown.
            returnToPlainLook()
            werase(paydesk_stdscr())
            clearok(paydesk_curscr(), true)
            wrefresh(paydesk_stdscr())
            if blankIsCleared { shown = ScreenBuffer(size: buffer.size) }
        }
        let frame = FrameEncoder.bytes(from: shown, to: buffer, controls: controls)
        // A frame cut short leaves the screen unknown: the next one is drawn whole.
        let whole = send(frame)
        previous = whole ? buffer : nil
        lookUnknown = !whole
    }

    /// After a frame cut short, the plain look, if the terminal takes it at once: whoever writes next (curses
    /// clearing or leaving, the shell) starts from it.
    private func returnToPlainLook() {
        guard lookUnknown else { return }
        lookUnknown = false
        _ = controls.plain.withUnsafeBytes { DescriptorOutput.writeAll($0, to: outputDescriptor, stopping: { true }) }
    }

    /// Writes all of `bytes` (`DescriptorOutput`); a stop asked for ends a wait for the terminal, as does a
    /// terminal that is gone, whose hang-up is noticed where keys are read. False when cut short.
    private func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { DescriptorOutput.writeAll($0, to: outputDescriptor, stopping: { StopSignals.requested }) == nil }
    }

    /// Appends a cell's text so that it takes exactly `columns` columns by the C library's `wcwidth`, the nearest
    /// this side has to the terminal's own measure. Where that library's Unicode is older or newer than PayDesk's
    /// table and the two disagree, a character it thinks narrow is followed by a space and anything else is drawn
    /// as `?`, so that a disagreement never shifts the rest of the row.
    static func appendGlyph(_ text: String, columns: Int, to output: inout [UInt8]) {
        var measured = 0
        for scalar in text.unicodeScalars {
            // The buffer lets no hazard into a cell; should one come, it is a `?` here too.
            let width = scalar.isTerminalHazard ? -1 : Int(paydesk_wcwidth(scalar.value))
            guard width >= 0 else { measured = -1; break }
            measured += width
        }
        if measured == columns {
            output += text.utf8
        } else if measured == 1, columns == 2 {
            output += text.utf8
            output.append(UInt8(ascii: " "))
        } else {
            output += repeatElement(UInt8(ascii: "?"), count: columns)
        }
    }

    /// Without UTF-8: the nearest ASCII, then `?` for a wide character's second column.
    static func appendASCIIGlyph(_ text: String, columns: Int, to output: inout [UInt8]) {
        output.append(asciiFallback(text))
        output += repeatElement(UInt8(ascii: "?"), count: columns - 1)
    }

    /// Without UTF-8, one ASCII character per cell: the console's own symbols by their nearest ASCII, any
    /// other character as `?` (a wide one as `??`, so columns still line up).
    static func asciiFallback(_ text: String) -> UInt8 {
        if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, (0x20..<0x7F).contains(scalar.value) {
            return UInt8(scalar.value)
        }
        switch text {
        case "…": return UInt8(ascii: "~")
        case "─": return UInt8(ascii: "-")
        case "▶": return UInt8(ascii: ">")
        case "·": return UInt8(ascii: "|")
        case "▏": return UInt8(ascii: "_")
        case "✓": return UInt8(ascii: "+")
        case "✗": return UInt8(ascii: "x")
        default: return UInt8(ascii: "?")
        }
    }
}

public enum CursesError: Error, Equatable, CustomStringConvertible {
    case notATerminal
    /// TERM is not set (nil), or names a terminal that cannot position the cursor (dumb, a printing terminal).
    case cannotPositionCursor(term: String?)
    /// TERM names a terminal type that terminfo does not describe here.
    case unknownTerminal(String)

    static let instead = "Set TERM (e.g. xterm-256color) or use the headless commands: paydesk orders list, paydesk orders show ID"

    public var description: String {
        switch self {
        case .notATerminal:
            "the console needs a terminal; for scripts use the headless commands: paydesk orders list, paydesk orders show ID"
        case .cannotPositionCursor(nil):
            "the console needs a terminal that can position the cursor, and TERM is not set. \(Self.instead)"
        case .cannotPositionCursor(let name?):
            "the console needs a terminal that can position the cursor; TERM=\(Self.shown(name)) cannot. \(Self.instead)"
        case .unknownTerminal(let name):
            "the console needs a terminal that can position the cursor; TERM=\(Self.shown(name)) is not a terminal type this "
                + "system knows. \(Self.instead)"
        }
    }

    /// A terminal type as it was given when it looks like one, else quoted, cut and neutralised.
    static func shown(_ name: String) -> String {
        let plain = name.utf8.count <= 40 && name.utf8.allSatisfy { $0.isPrintableASCII && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\"") }
        if plain { return name }
        let cut = name.unicodeScalars.count > 40
        return "\"" + String(String.UnicodeScalarView(name.unicodeScalars.prefix(40))).neutralized + (cut ? "…" : "") + "\""
    }
}
