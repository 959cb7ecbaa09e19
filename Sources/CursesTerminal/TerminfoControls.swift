import CNcursesw
import TerminalCore

extension TerminalControls {
    /// The controls terminfo gives the terminal curses was started on, with each role's look built once.
    /// `glyph` writes a character other than printable ASCII.
    static func terminfo(styles: [(role: Role, style: Style)], level: ColorLevel,
                         glyph: @escaping (inout [UInt8], String, Int) -> Void) -> TerminalControls {
        let plain = Terminfo.string("sgr0")
        // SGR 0 sets the colours back too; a terminal whose sgr0 is something else is sent op as well.
        let resetsColors = ["\u{1B}[m", "\u{1B}[0m"].contains { plain.contains(subsequence: Array($0.utf8)) }
        let start = plain + (level == .none || resetsColors ? [] : Terminfo.string("op"))
        var looks: [Role: [UInt8]] = [:]
        for (role, style) in styles {
            var look = start
            if style.bold { look += Terminfo.string("bold") }
            if style.dim { look += Terminfo.string("dim") }
            if style.underline { look += Terminfo.string("smul") }
            if style.reverse { look += Terminfo.string("rev") }
            if level != .none {
                if case .indexed(let index) = style.foreground { look += Terminfo.string("setaf", Int32(index)) }
                if case .indexed(let index) = style.background { look += Terminfo.string("setab", Int32(index)) }
            }
            looks[role] = look
        }
        return TerminalControls(moveCursor: Terminfo.cursorMovement(), looks: looks, plain: start, glyph: glyph,
                                scrollsAtLastCell: Terminfo.flag("am") && !Terminfo.flag("xenl"),
                                movesOnlyWhenPlain: !Terminfo.flag("msgr"))
    }
}

/// The capabilities of the terminal curses was started on, as bytes to send.
private enum Terminfo {
    /// A string capability with its parameters filled in and its padding left out (a delay for a real terminal
    /// of the 1980s: curses would send it as NUL bytes), or nothing when the terminal lacks it.
    static func string(_ name: String, _ first: Int32 = 0, _ second: Int32 = 0) -> [UInt8] {
        guard let capability = paydesk_string_capability(name) else { return [] }
        guard let filled = paydesk_tiparm(capability, first, second) else { return [] }
        return withoutPadding(Array(UnsafeBufferPointer(start: filled, count: strlen(filled)).map { UInt8(bitPattern: $0) }))
    }

    static func flag(_ name: String) -> Bool { tigetflag(name) > 0 }

    /// Moving the cursor: most terminals spell it as ECMA-48's CUP, written here without terminfo's interpreter;
    /// any other spelling goes through it.
    static func cursorMovement() -> (inout [UInt8], Int, Int) -> Void {
        guard paydesk_string_capability("cup").map(String.init(cString:)) == "\u{1B}[%i%p1%d;%p2%dH" else {
            return { output, y, x in output += string("cup", Int32(y), Int32(x)) }
        }
        return { output, y, x in
            output += [0x1B, UInt8(ascii: "[")]
            appendDecimal(y + 1, to: &output)
            output.append(UInt8(ascii: ";"))
            appendDecimal(x + 1, to: &output)
            output.append(UInt8(ascii: "H"))
        }
    }

    static func appendDecimal(_ number: Int, to output: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &output) }
        output.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// The bytes without terminfo's padding marks (`$<5>`, `$<2*/>`).
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [], index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")) {
                index = close + 1
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }
}

private extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<$0 + subsequence.count]) == subsequence }
    }
}
