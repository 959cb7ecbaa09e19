import Foundation
import Testing
@testable import ConsoleUI
@testable import CursesTerminal
import CNcursesw
@testable import TerminalCore
import TestSupport
import Themes

/// ncurses is one global screen per process: these tests take turns.
@Suite(.serialized) struct CursesTerminalTests {
    /// A curses screen writing to a file, so that the bytes a frame costs can be counted.
    final class Recorder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-curses-\(UUID().uuidString)").path
        let input: UnsafeMutablePointer<FILE>
        let output: UnsafeMutablePointer<FILE>
        let terminal: CursesTerminal

        init(size: Size, environment: [String: String] = ["TERM": "xterm-256color"]) throws {
            input = fopen("/dev/null", "r")!
            output = fopen(path, "w")!
            terminal = try CursesTerminal(device: .streams(input: input, output: output, size: size), theme: Theme.standard,
                                          environment: environment)
        }

        var bytesWritten: Int {
            fflush(output)
            return Int(ftell(output))
        }

        /// Everything written, the terminal's restoring sequences included.
        func restoreAndRead() -> String {
            terminal.restore()
            fflush(output)
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }

        func close() {
            terminal.restore()
            fclose(output)
            fclose(input)
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    func frame(_ size: Size, selected: Int, text: String = "TEA-000001  王小明  128.00 CNY") -> ScreenBuffer {
        var buffer = ScreenBuffer(size: size)
        for y in 0..<size.height { buffer.put("\(y) \(text)", x: 0, y: y, role: y == selected ? .selection : .text) }
        return buffer
    }

    @Test func startsOnAHeadlessScreenWithColoursAndRestores() throws {
        let recorder = try Recorder(size: Size(width: 80, height: 24))
        #expect(recorder.terminal.size == Size(width: 80, height: 24))
        #expect(recorder.terminal.colorLevel == .colors256)
        recorder.terminal.draw(frame(recorder.terminal.size, selected: 0))
        let written = recorder.restoreAndRead()
        recorder.close()
        // The alternate screen was entered and left again, and the cursor made visible again
        #expect(written.contains("\u{1B}[?1049h"))
        #expect(written.contains("\u{1B}[?1049l"))
        #expect(written.contains("\u{1B}[?25h"))
    }

    @Test func noColorGivesNoColours() throws {
        let recorder = try Recorder(size: Size(width: 40, height: 10), environment: ["TERM": "xterm-256color", "NO_COLOR": "1"])
        #expect(recorder.terminal.colorLevel == .none)
        recorder.close()
    }

    @Test(arguments: [
        (["TERM": "no-such-terminal"], CursesError.unknownTerminal("no-such-terminal")),
        (["TERM": "dumb"], .cannotPositionCursor(term: "dumb")),
        (["TERM": ""], .cannotPositionCursor(term: nil)),
        ([:], .cannotPositionCursor(term: nil)),
        (["TERM": "\u{1B}]0;pwned\u{7}"], .unknownTerminal("\u{1B}]0;pwned\u{7}")),
    ])
    func aTerminalThatCannotPositionTheCursorIsRefusedBeforeCursesStarts(environment: [String: String], error: CursesError) throws {
        // Given a screen that records every byte
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-curses-\(UUID().uuidString)").path
        let input = try #require(fopen("/dev/null", "r")), output = try #require(fopen(path, "w"))
        defer { fclose(input); fclose(output); try? FileManager.default.removeItem(atPath: path) }
        // When the console is started on such a terminal, it is refused with one line naming TERM and what to do
        #expect(throws: error) {
            _ = try CursesTerminal(device: .streams(input: input, output: output, size: Size(width: 80, height: 24)),
                                   theme: Theme.standard, environment: environment)
        }
        #expect(error.description.contains("TERM") && error.description.contains("paydesk orders list"))
        #expect(!error.description.unicodeScalars.contains { $0.isTerminalHazard })
        // And nothing at all was written to the terminal
        fflush(output)
        #expect(ftell(output) == 0)
    }

    @Test func onlyChangedCellsAreSent() throws {
        // Given a full first frame
        let recorder = try Recorder(size: Size(width: 80, height: 24))
        defer { recorder.close() }
        let size = recorder.terminal.size
        recorder.terminal.draw(frame(size, selected: 0))
        let first = recorder.bytesWritten
        // When the same frame is drawn again, nothing is sent
        recorder.terminal.draw(frame(size, selected: 0))
        #expect(recorder.bytesWritten == first)
        // When the selection moves one row, only those two rows are sent: a small fraction of a full frame
        recorder.terminal.draw(frame(size, selected: 1))
        let move = recorder.bytesWritten - first
        #expect(move > 0)
        #expect(move * 5 < first)
    }

    @Test func aFrameGoesToTheTerminalInOneWrite() throws {
        // Given a screen whose output is a socket that keeps each write apart, as each becomes a packet over SSH
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        let input = try #require(fopen("/dev/null", "r")), output = try #require(fdopen(ends[0], "w"))
        defer { fclose(output); fclose(input) }
        let terminal = try CursesTerminal(device: .streams(input: input, output: output, size: Size(width: 80, height: 24)),
                                          theme: Theme.standard, environment: ["TERM": "xterm-256color"])
        defer { terminal.restore() }
        func writesSent() -> Int {
            var writes = 0, buffer = [UInt8](repeating: 0, count: 1 << 16)
            while recv(ends[1], &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 { writes += 1 }
            return writes
        }
        terminal.draw(frame(terminal.size, selected: 0))
        _ = writesSent()
        // When a frame changes runs of cells on every row, apart from one another (a cursor movement before each)
        var next = ScreenBuffer(size: terminal.size)
        for y in 0..<terminal.size.height { next.put("\(y) TEA-000002  王小明  999.00 CNY", x: 0, y: y, role: .text) }
        terminal.draw(next)
        // Then it was sent in one write
        #expect(writesSent() == 1)
    }

    @Test func aFrameReachesAnOutputLeftNonBlockingWhole() throws {
        // Given a terminal whose output another program left non-blocking, taking a little at a time
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        defer { close(ends[1]) }
        var small: Int32 = 1024
        setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        let input = try #require(fopen("/dev/null", "r")), output = try #require(fdopen(ends[0], "w"))
        defer { fclose(output); fclose(input) }
        let reader = SlowReader(ends[1])
        let terminal = try CursesTerminal(device: .streams(input: input, output: output, size: Size(width: 80, height: 24)),
                                          theme: Theme.standard, environment: ["TERM": "xterm-256color"])
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        // When a frame far larger than the output takes at once is drawn
        let buffer = frame(terminal.size, selected: 3, text: String(repeating: "TEA-000001 王小明 128.00 CNY ", count: 3))
        terminal.draw(buffer)
        terminal.restore()
        // Then all of it arrived: the screen shows every row
        let bytes = try #require(reader.finish())
        var replay = TerminalReplay(width: 80, height: 24)
        replay.play(bytes)
        #expect(replay.cells.map { $0.map(\.text).joined() } == buffer.lines)
    }

    @Test func wideCharactersAndTinyScreensDoNotBreakDrawing() throws {
        for size in [Size(width: 1, height: 1), Size(width: 3, height: 2), Size(width: 200, height: 60)] {
            let recorder = try Recorder(size: size)
            #expect(recorder.terminal.size == size)
            var buffer = ScreenBuffer(size: size)
            buffer.put("王小明 Emma 佐藤", x: 0, y: 0, role: .text)
            recorder.terminal.draw(buffer)
            recorder.terminal.draw(frame(size, selected: 0, text: "李"))
            recorder.close()
        }
    }

    /// What the terminal shows, replayed from every byte the recorder holds.
    func replay(_ recorder: Recorder) -> TerminalReplay {
        fflush(recorder.output)
        var replay = TerminalReplay(width: recorder.terminal.size.width, height: recorder.terminal.size.height)
        replay.play(Array((try? Data(contentsOf: URL(fileURLWithPath: recorder.path))) ?? Data()))
        return replay
    }

    /// Whether the terminal shows `wanted`: a wide character's right half may hold the blank that pads one the C
    /// library measures narrow (`appendGlyph(_:columns:to:)`).
    func shows(_ shown: TerminalReplay.Shown, _ wanted: TerminalReplay.Shown) -> Bool {
        shown.look == wanted.look && (shown.text == wanted.text || wanted.text.isEmpty && shown.text == " ")
    }

    /// Each cell of `buffer` as the terminal should show it: its text (as ASCII without UTF-8), in its role's look.
    func expected(_ buffer: ScreenBuffer, on terminal: CursesTerminal) -> [[TerminalReplay.Shown]] {
        (0..<buffer.size.height).map { y in
            var row: [TerminalReplay.Shown] = []
            for x in 0..<buffer.size.width {
                let cell = buffer[x: x, y: y]
                // A wide character's right half shows what its left half is drawn in.
                let lead = cell.isContinuation && x > 0 ? buffer[x: x - 1, y: y] : cell
                var bytes: [UInt8] = []
                terminal.controls.changeLook(&bytes, nil, lead.role)
                let look = TerminalReplay.look(after: bytes)
                let ascii = cell.isContinuation ? "?" : String(UnicodeScalar(CursesTerminal.asciiFallback(cell.text)))
                let isPrintableASCII = cell.text.utf8.count == 1 && cell.text.utf8.allSatisfy(\.isPrintableASCII)
                row.append(.init(text: terminal.isUTF8 || isPrintableASCII ? cell.text : ascii, look: look))
            }
            return row
        }
    }

    @Test func everyCellLandsWhereTheBufferPutsItInItsRolesLook() throws {
        // Given rows with emoji of U+1FA00–U+1FAFF, CJK, a combining mark and a replaced cluster before an amount
        let recorder = try Recorder(size: Size(width: 60, height: 6))
        defer { recorder.close() }
        var buffer = ScreenBuffer(size: recorder.terminal.size)
        for (y, name) in ["Ada 🫠🪐🩰", "王小明", "Zoe\u{0301}", "Z" + String(repeating: "\u{0301}", count: 40), "Emma"].enumerated() {
            buffer.put(name.fitted(to: 14) + " 529.20 CNY", x: 2, y: y, role: y == 1 ? .selection : .text)
        }
        // When the terminal draws them
        recorder.terminal.draw(buffer)
        // Then the terminal shows each cell's character in the very column the buffer gave it, so the amounts line
        // up, in its role's look
        let shown = replay(recorder).cells, wanted = expected(buffer, on: recorder.terminal)
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width { #expect(shows(shown[y][x], wanted[y][x]), "row \(y) column \(x): \(shown[y][x])") }
        }
    }

    @Test func frameAfterFrameTheScreenShowsTheLastBufferExactly() throws {
        // Given a terminal and frames that each change a few things of the one before: text of every width put
        // over what was there, rows restyled, runs of blanks
        let seed = TestSeed()
        var random = seed.generator
        let recorder = try Recorder(size: Size(width: 40, height: 8))
        defer { recorder.close() }
        let texts = ["TEA-000001", "王小明", "Zoë Dubois", "🫠🪐", "e\u{0301}\u{0301}x", "García 529.20 EUR", "佐藤 Emma", "a b c"]
        let roles: [Role] = [.text, .selection, .dim, .statusPaid, .footer, .warning]
        var buffer = ScreenBuffer(size: recorder.terminal.size)
        for frame in 0..<200 {
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let y = Int.random(in: 0..<buffer.size.height, using: &random), x = Int.random(in: 0..<buffer.size.width, using: &random)
                let role = roles.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: buffer.put(texts.randomElement(using: &random)!, x: x, y: y, role: role)
                case 1: buffer.restyle(y: y, role: role, x: x, width: Int.random(in: 1...12, using: &random))
                default: buffer.fill(y: y, role: role, x: x, width: Int.random(in: 1...12, using: &random))
                }
            }
            // When each is drawn
            recorder.terminal.draw(buffer)
            // Then the screen shows it, every cell in its place and look
            let shown = replay(recorder).cells, wanted = expected(buffer, on: recorder.terminal)
            for y in 0..<buffer.size.height where !zip(shown[y], wanted[y]).allSatisfy(shows) {
                Issue.record("frame \(frame), row \(y): \(shown[y].map(\.text).joined()) is not \(wanted[y].map(\.text).joined()), \(seed)")
                for x in 0..<buffer.size.width where !shows(shown[y][x], wanted[y][x]) {
                    Issue.record("frame \(frame), row \(y) column \(x): \(shown[y][x]), not \(wanted[y][x]), \(seed)")
                }
                return
            }
        }
    }

    @Test func anAttributeTheTerminalCannotShowWithColourIsLeftOutAsCursesDoes() throws {
        func columnHeader(on term: String) throws -> TerminalReplay.Look {
            let recorder = try Recorder(size: Size(width: 20, height: 2), environment: ["TERM": term])
            defer { recorder.close() }
            var bytes: [UInt8] = []
            recorder.terminal.controls.changeLook(&bytes, nil, .columnHeader)
            return TerminalReplay.look(after: bytes)
        }
        // Given the column headers, bold and underlined in a colour
        let xterm = try columnHeader(on: "xterm-256color")
        #expect(xterm.bold && xterm.underline && xterm.foreground != nil)
        // When the terminal's terminfo says it cannot underline in colour (the Linux console: ncv#18)
        let linux = try columnHeader(on: "linux")
        // Then they are bold in that colour, without the underline
        #expect(linux.bold && !linux.underline && linux.foreground != nil)
    }

    @Test func aCharacterTheCLibraryMeasuresOtherwiseNeverShiftsTheRow() {
        setlocale(LC_CTYPE, "C.UTF-8")
        func glyph(_ text: String, columns: Int) -> String {
            var output: [UInt8] = []
            CursesTerminal.appendGlyph(text, columns: columns, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
        #expect(glyph("王", columns: 2) == "王")
        #expect(glyph("e\u{301}", columns: 1) == "e\u{301}")
        // Two columns here but one for the C library: a space keeps the second column
        #expect(glyph("ä", columns: 2) == "ä ")
        // One column here but two for the C library: shown as ?
        #expect(glyph("王", columns: 1) == "?")
        // Nothing the C library cannot print reaches the terminal, nor anything that could steer it
        #expect(glyph("\u{0085}", columns: 1) == "?")
        #expect(glyph("a\u{202E}", columns: 1) == "?")
    }

    @Test func terminfosPaddingIsLeftOutAndNothingElse() {
        func plain(_ text: String) -> String { String(decoding: Terminfo.withoutPadding(Array(text.utf8)), as: UTF8.self) }
        #expect(plain("\u{1B}[m\u{0F}$<2>") == "\u{1B}[m\u{0F}")
        #expect(plain("\u{1B}[%i%p1%d;%p2%dH$<5*/>x") == "\u{1B}[%i%p1%d;%p2%dHx")
        #expect(plain("$<1.5>") == "")
        // Not padding: sent as tputs sends it
        #expect(plain("a$<b>c$<>d$<3") == "a$<b>c$<>d$<3")
    }

    @Test func keysAreTranslatedFromCursesCodes() {
        #expect(CursesTerminal.functionKey(KEY_DOWN) == .down)
        #expect(CursesTerminal.functionKey(KEY_NPAGE) == .pageDown)
        #expect(CursesTerminal.functionKey(KEY_BTAB) == .backTab)
        #expect(Key(characterCode: 3) == .control("c"))
        #expect(Key(characterCode: 27) == .escape)
        #expect(Key(characterCode: 13) == .enter)
        #expect(Key(characterCode: 127) == .backspace)
        // 258 is KEY_DOWN as a function key, but 'Ă' as a character: the return code decides, not the value
        #expect(Key(characterCode: 258) == .character("Ă"))
        #expect(Key(characterCode: 0x738B) == .character("王"))
    }

    @Test func withoutUTF8EveryCellIsASCII() {
        #expect(CursesTerminal.asciiFallback("王") == UInt8(ascii: "?"))
        #expect(CursesTerminal.asciiFallback("…") == UInt8(ascii: "~"))
        #expect(CursesTerminal.asciiFallback("A") == UInt8(ascii: "A"))
        #expect(CursesTerminal.asciiFallback("\u{1B}") == UInt8(ascii: "?"))
    }

    /// A terminal reading its keys from a pipe, with a wake pipe beside it; `body` gets the terminal and both
    /// pipes' ends.
    func withPipedTerminal(_ body: (CursesTerminal, _ keys: (read: Int32, write: Int32), _ wake: (read: Int32, write: Int32)) throws -> Void) throws {
        var keys: [Int32] = [-1, -1], wake: [Int32] = [-1, -1]
        try #require(pipe(&keys) == 0)
        try #require(pipe(&wake) == 0)
        let input = try #require(fdopen(keys[0], "r")), output = try #require(fopen("/dev/null", "w"))
        defer {
            fclose(input)
            fclose(output)
            for end in [keys[1], wake[0], wake[1]] { close(end) }
        }
        let terminal = try CursesTerminal(device: .streams(input: input, output: output, size: Size(width: 80, height: 24)),
                                          theme: Theme.standard, environment: ["TERM": "xterm-256color"])
        defer { terminal.restore() }
        // (Setting a test screen's size queues a resize, as a real one does.)
        #expect(terminal.nextEvent(timeoutMilliseconds: 0, wakeDescriptor: wake[0]) == .resized(Size(width: 80, height: 24)))
        #expect(terminal.nextEvent(timeoutMilliseconds: 0, wakeDescriptor: wake[0]) == nil)
        try body(terminal, (keys[0], keys[1]), (wake[0], wake[1]))
    }

    func type(_ bytes: [UInt8], into descriptor: Int32) {
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// The waits below are of ten seconds: a wait that ended at its timeout took at least that, one that ended on
    /// its event far less, on any machine.
    static let wait = 10_000

    @Test func aWaitForKeysEndsAtTheWakeAndGivesEveryKeyTyped() throws {
        try withPipedTerminal { terminal, keys, wake in
            // When the wake is written and nothing is typed
            type([1], into: wake.write)
            var started = Date()
            let woken = terminal.nextEvent(timeoutMilliseconds: Self.wait, wakeDescriptor: wake.read)
            // Then the wait ends without an event, long before its timeout
            #expect(woken == nil && Date().timeIntervalSince(started) < 5)
            var byte: UInt8 = 0
            #expect(read(wake.read, &byte, 1) == 1)
            // When a letter, an arrow's escape sequence, another letter, then Esc and a letter no sequence starts
            // with are typed at once (curses keeps that last letter in a buffer of its own, out of the pipe)
            type(Array("j\u{1B}OBk\u{1B}x".utf8), into: keys.write)
            // Then each comes as its key, in order, none waiting out the timeout
            started = Date()
            var events: [TerminalEvent?] = []
            for _ in 0..<5 { events.append(terminal.nextEvent(timeoutMilliseconds: Self.wait, wakeDescriptor: wake.read)) }
            #expect(events == [.key(.character("j")), .key(.down), .key(.character("k")), .key(.escape), .key(.character("x"))])
            #expect(Date().timeIntervalSince(started) < 5)
        }
    }

    @Test func arrowsHomeAndEndAreReadHoweverTheTerminalSpellsThem() throws {
        try withPipedTerminal { terminal, keys, wake in
            // When the arrows come in and out of keypad mode, and Home and End as xterm, the VT220 (tmux and screen
            // send these whatever TERM says inside them) and rxvt spell them, to a terminal started as xterm-256color
            let spellings: [(String, Key)] = [
                ("\u{1B}[A", .up), ("\u{1B}OA", .up), ("\u{1B}[B", .down), ("\u{1B}OB", .down),
                ("\u{1B}[C", .right), ("\u{1B}OC", .right), ("\u{1B}[D", .left), ("\u{1B}OD", .left),
                ("\u{1B}OH", .home), ("\u{1B}[H", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
                ("\u{1B}OF", .end), ("\u{1B}[F", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
            ]
            type(Array(spellings.map(\.0).joined().utf8), into: keys.write)
            // Then each is its key, and no Esc comes of any
            var events: [TerminalEvent?] = []
            for _ in spellings { events.append(terminal.nextEvent(timeoutMilliseconds: Self.wait, wakeDescriptor: wake.read)) }
            #expect(events == spellings.map { .key($0.1) })
        }
    }

    @Test func aCharacterCutBetweenTwoReadsIsReadWhole() throws {
        try withPipedTerminal { terminal, keys, wake in
            // Given the first byte of "é" typed, and its second typed only once curses has read the first
            let e = Array("é".utf8)
            type([e[0]], into: keys.write)
            let rest = DispatchQueue(label: "rest of é")
            rest.async {
                let deadline = Date().addingTimeInterval(5)
                while CursesTerminal.hasInput(keys.read) && Date() < deadline { usleep(1_000) }
                self.type([e[1]], into: keys.write)
            }
            // When the terminal is asked for a key, Then it is the whole character
            #expect(terminal.nextEvent(timeoutMilliseconds: Self.wait, wakeDescriptor: wake.read) == .key(.character("é")))
            rest.sync {}
        }
    }
}
