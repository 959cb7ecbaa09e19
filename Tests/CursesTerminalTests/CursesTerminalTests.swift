import Foundation
import Testing
@testable import ConsoleUI
@testable import CursesTerminal
import CNcursesw

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
            terminal = try CursesTerminal(device: .streams(input: input, output: output, size: size), theme: .standard,
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

    @Test func unknownTerminalTypeIsAOneLineError() {
        let input = fopen("/dev/null", "r")!, output = fopen("/dev/null", "w")!
        defer { fclose(input); fclose(output) }
        #expect(throws: CursesError.unknownTerminal("no-such-terminal")) {
            _ = try CursesTerminal(device: .streams(input: input, output: output, size: Size(width: 80, height: 24)),
                                   theme: .standard, environment: ["TERM": "no-such-terminal"])
        }
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

    @Test func keysAreTranslatedFromCursesCodes() {
        #expect(CursesTerminal.functionKey(KEY_DOWN) == .down)
        #expect(CursesTerminal.functionKey(KEY_NPAGE) == .pageDown)
        #expect(CursesTerminal.functionKey(KEY_BTAB) == .backTab)
        #expect(CursesTerminal.characterKey(3) == .control("c"))
        #expect(CursesTerminal.characterKey(27) == .escape)
        #expect(CursesTerminal.characterKey(13) == .enter)
        #expect(CursesTerminal.characterKey(127) == .backspace)
        // 258 is KEY_DOWN as a function key, but 'Ă' as a character: the return code decides, not the value
        #expect(CursesTerminal.characterKey(258) == .character("Ă"))
        #expect(CursesTerminal.characterKey(0x738B) == .character("王"))
    }

    @Test func withoutUTF8EveryCellIsASCII() {
        #expect(CursesTerminal.asciiFallback(Cell(text: "王", role: .text)) == UInt8(ascii: "?"))
        #expect(CursesTerminal.asciiFallback(Cell(text: "", role: .text)) == UInt8(ascii: "?"))
        #expect(CursesTerminal.asciiFallback(Cell(text: "…", role: .text)) == UInt8(ascii: "~"))
        #expect(CursesTerminal.asciiFallback(Cell(text: "A", role: .text)) == UInt8(ascii: "A"))
    }
}
