import CNcursesw
import TerminalCore

/// Each role's curses attributes and colour pair, allocated once per distinct pair of colours.
struct CursesPalette {
    private var byRole: [Role: (attr_t, Int32)] = [:]

    init(styles: [(role: Role, style: Style)], level: ColorLevel) {
        var pairs: [[Int32]: Int32] = [:]
        for (role, style) in styles {
            var attributes: attr_t = 0
            if style.bold { attributes |= paydesk_a_bold() }
            if style.dim { attributes |= paydesk_a_dim() }
            if style.underline { attributes |= paydesk_a_underline() }
            if style.reverse { attributes |= paydesk_a_reverse() }
            var pair: Int32 = 0
            if level != .none {
                let colors = [Self.number(style.foreground), Self.number(style.background)]
                if colors != [-1, -1] {
                    if let known = pairs[colors] {
                        pair = known
                    } else if Int32(pairs.count + 1) < paydesk_color_pairs() {
                        pair = Int32(pairs.count + 1)
                        init_extended_pair(pair, colors[0], colors[1])
                        pairs[colors] = pair
                    }
                }
            }
            byRole[role] = (attributes, pair)
        }
    }

    func attributes(for role: Role) -> (attr_t, Int32) { byRole[role] ?? (0, 0) }

    private static func number(_ color: TerminalColor) -> Int32 {
        switch color {
        case .terminalDefault: -1
        case .indexed(let index): Int32(index)
        }
    }
}
