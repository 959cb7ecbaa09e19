/// A colour as terminals know them: the terminal's own default, or an index into the 256-colour palette
/// (0–15 are the classic ANSI colours).
public enum TerminalColor: Hashable, Sendable {
    case terminalDefault
    case indexed(UInt8)

    /// The same colour on a terminal with fewer colours: 16 keeps the ANSI colours and maps the rest to the
    /// nearest of them; 8 folds the bright ones onto their plain counterparts.
    public func reduced(to level: ColorLevel) -> TerminalColor {
        guard case .indexed(let index) = self else { return self }
        switch level {
        case .none: return .terminalDefault
        case .colors256: return self
        case .colors16: return index < 16 ? self : .indexed(Self.nearest(rgb: Self.rgb(index), among: 0...15))
        case .colors8: return .indexed((index < 16 ? index : Self.nearest(rgb: Self.rgb(index), among: 0...15)) % 8)
        }
    }

    /// xterm's palette: 16 ANSI colours, a 6×6×6 cube, 24 greys.
    public static func rgb(_ index: UInt8) -> (Int, Int, Int) {
        let ansi = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
                    (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
                    (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        switch index {
        case 0..<16: return ansi[Int(index)]
        case 16..<232:
            let cube = Int(index) - 16, level = { (step: Int) in step == 0 ? 0 : 55 + step * 40 }
            return (level(cube / 36), level(cube / 6 % 6), level(cube % 6))
        default:
            let grey = 8 + (Int(index) - 232) * 10
            return (grey, grey, grey)
        }
    }

    /// The palette index in `range` nearest to the colour, by distance in RGB.
    public static func nearest(red: Int, green: Int, blue: Int, among range: ClosedRange<UInt8>) -> UInt8 {
        nearest(rgb: (red, green, blue), among: range)
    }

    static func nearest(rgb: (Int, Int, Int), among range: ClosedRange<UInt8>) -> UInt8 {
        range.min { distance(rgb, Self.rgb($0)) < distance(rgb, Self.rgb($1)) } ?? range.lowerBound
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let (dr, dg, db) = (a.0 - b.0, a.1 - b.1, a.2 - b.2)
        return dr * dr + dg * dg + db * db
    }
}

/// How many colours the terminal shows; `none` under `NO_COLOR` or on a terminal without colour.
public enum ColorLevel: String, Sendable, CaseIterable {
    case none, colors8 = "8", colors16 = "16", colors256 = "256"

    public init(colors: Int, environment: [String: String]) {
        if let value = environment["NO_COLOR"], !value.isEmpty { self = .none; return }
        switch colors {
        case 256...: self = .colors256
        case 16...: self = .colors16
        case 8...: self = .colors8
        default: self = .none
        }
    }
}
