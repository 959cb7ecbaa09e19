import CNcursesw
import TerminalCore

extension TerminalControls {
    /// The controls terminfo gives the terminal curses was started on. `glyph` writes a character other than
    /// printable ASCII.
    static func terminfo(styles: [(role: Role, style: Style)], level: ColorLevel,
                         glyph: @escaping (inout [UInt8], String, Int) -> Void) -> TerminalControls {
        let looks = TerminfoLooks(styles: styles, level: level)
        let erase = Terminfo.string("el"), erasesInBackground = Terminfo.flag("bce")
        return TerminalControls(moveCursor: Terminfo.cursorMovement(), changeLook: looks.change, plain: looks.plain,
                                eraseToEndOfRow: { erase.isEmpty ? nil : looks.erasesAsBlanks($0, inBackground: erasesInBackground) ? erase : nil },
                                glyph: glyph, scrollsAtLastCell: Terminfo.flag("am") && !Terminfo.flag("xenl"),
                                movesOnlyWhenPlain: !Terminfo.flag("msgr"))
    }
}

/// Each role's look in terminfo's words, and the fewest bytes that change one look into another: attributes can
/// only be added without going back to the plain look, colours can be set, and both taken back to the
/// terminal's own by `op`.
struct TerminfoLooks {
    private struct Look {
        /// Bold, dim, underline, reverse, as bits of `Attribute`.
        var attributes = 0
        var foreground: [UInt8] = []
        var background: [UInt8] = []
        /// From any look: the plain one first.
        var whole: [UInt8] = []
    }

    private enum Attribute: Int, CaseIterable {
        case bold, dim, underline, reverse
        var capability: String { ["bold", "dim", "smul", "rev"][rawValue] }
        /// Its bit in terminfo's `ncv` (attributes the terminal cannot show with colour), as curses numbers them.
        var noColorVideoBit: Int32 { [32, 16, 2, 4][rawValue] }
    }

    let plain: [UInt8]
    private let defaultColors: [UInt8]
    private let attributeBytes: [[UInt8]]
    private var looks: [Role: Look] = [:]

    init(styles: [(role: Role, style: Style)], level: ColorLevel) {
        let reset = Terminfo.string("sgr0")
        // SGR 0 sets the colours back too; a terminal whose sgr0 is something else is sent op as well.
        let resetsColors = ["\u{1B}[m", "\u{1B}[0m"].contains { reset.contains(subsequence: Array($0.utf8)) }
        defaultColors = level == .none ? [] : Terminfo.string("op")
        plain = reset + (resetsColors ? [] : defaultColors)
        // Without sgr0 an attribute could never be taken off again: such a terminal gets none.
        attributeBytes = Attribute.allCases.map { reset.isEmpty ? [] : Terminfo.string($0.capability) }
        let noColorVideo = Terminfo.number("ncv")
        for (role, style) in styles {
            var look = Look()
            if level != .none {
                if case .indexed(let index) = style.foreground { look.foreground = Terminfo.string("setaf", Int32(index)) }
                if case .indexed(let index) = style.background { look.background = Terminfo.string("setab", Int32(index)) }
            }
            let colored = !look.foreground.isEmpty || !look.background.isEmpty
            for (attribute, wanted) in zip(Attribute.allCases, [style.bold, style.dim, style.underline, style.reverse]) where wanted {
                // As curses does: an attribute this terminal cannot show with colour is left out where there is colour.
                if colored, noColorVideo > 0, noColorVideo & attribute.noColorVideoBit != 0 { continue }
                look.attributes |= 1 << attribute.rawValue
            }
            look.whole = plain
            append(look.attributes, to: &look.whole)
            look.whole += look.foreground + look.background
            looks[role] = look
        }
    }

    func change(_ output: inout [UInt8], from: Role?, to: Role) {
        guard let target = looks[to] else { output += plain; return }
        guard let from, let current = looks[from], current.attributes & ~target.attributes == 0 else {
            output += target.whole
            return
        }
        // Only op gives a colour back to the terminal's own, and it gives both.
        let losesAColor = (target.foreground.isEmpty && !current.foreground.isEmpty)
            || (target.background.isEmpty && !current.background.isEmpty)
        guard !losesAColor || !defaultColors.isEmpty else {
            output += target.whole
            return
        }
        append(target.attributes & ~current.attributes, to: &output)
        var (foreground, background) = (current.foreground, current.background)
        if losesAColor {
            output += defaultColors
            (foreground, background) = ([], [])
        }
        if target.foreground != foreground { output += target.foreground }
        if target.background != background { output += target.background }
    }

    /// Whether erasing leaves blanks that look as `role`'s do: no underline or reverse to lose, and a background
    /// the erase takes (the terminal's own, or the current one where the terminal erases in it, `bce`).
    func erasesAsBlanks(_ role: Role, inBackground: Bool) -> Bool {
        guard let look = looks[role] else { return false }
        let kept = 1 << Attribute.underline.rawValue | 1 << Attribute.reverse.rawValue
        return look.attributes & kept == 0 && (look.background.isEmpty || inBackground)
    }

    /// Appends what turns on each attribute in `attributes`: straight into the frame, as a look changes many
    /// times a frame.
    private func append(_ attributes: Int, to output: inout [UInt8]) {
        for attribute in Attribute.allCases where attributes & 1 << attribute.rawValue != 0 { output += attributeBytes[attribute.rawValue] }
    }
}

/// The capabilities of the terminal curses was started on, as bytes to send.
enum Terminfo {
    /// A string capability with its parameters filled in and its padding left out (a delay for a real terminal
    /// of the 1980s: curses would send it as NUL bytes), or nothing when the terminal lacks it.
    static func string(_ name: String, _ first: Int32 = 0, _ second: Int32 = 0) -> [UInt8] {
        guard let capability = paydesk_string_capability(name) else { return [] }
        guard let filled = paydesk_tiparm(capability, first, second) else { return [] }
        return withoutPadding(Array(UnsafeBufferPointer(start: filled, count: strlen(filled)).map { UInt8(bitPattern: $0) }))
    }

    static func flag(_ name: String) -> Bool { tigetflag(name) > 0 }

    /// A numeric capability; negative when the terminal lacks it.
    static func number(_ name: String) -> Int32 { tigetnum(name) }

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

    /// The bytes without terminfo's padding (`$<5>`, `$<2*/>`: a delay in milliseconds, maybe a fraction, `*` and
    /// `/`); a `$<` that is not padding is sent as it is, as tputs does.
    static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = [], index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
               let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")), close > index + 2,
               bytes[(index + 2)..<close].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || Array("./*".utf8).contains($0) }) {
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
