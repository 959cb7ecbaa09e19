import Foundation
import SettingsFile
import TerminalCore
import Themes
import TOMLKit

/// Colours and attributes by role. Every theme starts from the shipped default and overrides only the roles it
/// names, so a two-line theme file is a complete theme.
public struct Theme: Sendable {
    public let name: String
    var styles: [Role: Style]
    /// What the terminal's own background is taken to be, for the contrast of roles that keep its colours.
    var background: TerminalBackground = .dark

    public func style(_ role: Role) -> Style { styles[role] ?? Style() }

    /// The theme as a terminal with `level` colours can show it. Without colour, the roles that have to stand
    /// out from their surroundings are drawn in reverse video, so the selected row is visible in every case.
    public func reduced(to level: ColorLevel) -> Theme {
        var reduced = self
        for (role, style) in styles { reduced.styles[role] = style.reduced(to: level) }
        if level == .none {
            for role in [Role.selection, .badge, .dialogTitle, .input, .footerKey] {
                reduced.styles[role, default: Style()].reverse = true
            }
        }
        return reduced
    }

    /// The shipped default (dark) theme.
    public static let standard: Theme = {
        let plain = Theme(name: "default", styles: [:], background: .dark)
        return (try? parse(ShippedThemes.text(of: "default") ?? "", file: "default.toml", name: "default", base: plain)) ?? plain
    }()

    /// The shipped light theme: what a theme for a light background falls back to.
    static let shippedLight: Theme = {
        (try? parse(ShippedThemes.text(of: "light") ?? "", file: "light.toml", name: "light", base: standard)) ?? standard
    }()

    /// Reads a theme file's text: `[roles]` entries such as `selection = { fg = "black", bg = "cyan", bold = true }`.
    /// A problem names the file, the line and only keys of PayDesk's own: the file may be anything (`--theme
    /// /etc/passwd`), so none of its text is ever quoted.
    static func parse(_ text: String, file: String, name: String, base: Theme) throws(ThemeError) -> Theme {
        let settings = try SettingsDocument(parsing: text, file: file, exampleHeader: "[roles]", showsParserMessage: false)
        let (document, lines) = (settings.table, settings.lines)
        for key in document.keys where !["description", "background", "roles"].contains(key) {
            throw ThemeError(file: file, line: lines.line(of: key), key: nil, problem: "unknown setting; expected description, background or [roles]")
        }
        var theme = Theme(name: name, styles: base.styles, background: base.background)
        if let value = document["background"] {
            guard let background = value.string.flatMap(TerminalBackground.init(rawValue:)) else {
                throw ThemeError(file: file, line: lines.line(of: "background"), key: "background", problem: #"must be "dark" or "light""#)
            }
            theme.background = background
        }
        guard let roles = document["roles"] else { return theme }
        guard let table = roles.table else {
            throw ThemeError(file: file, line: lines.line(of: "roles"), key: "roles", problem: "must be a table: [roles]")
        }
        for key in table.keys {
            let problem = { (what: String) in ThemeError(file: file, line: lines.line(of: key, inTable: "roles"), key: key, problem: what) }
            guard let role = Role.allCases.first(where: { $0.rawValue == key }) else {
                throw ThemeError(file: file, line: lines.line(of: key, inTable: "roles"), key: nil,
                                 problem: "unknown role; roles are \(Role.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let entry = table[key]?.table else { throw problem(#"expected a table such as { fg = "cyan", bold = true }"#) }
            var style = Style()
            for attribute in entry.keys {
                switch attribute {
                case "fg", "bg":
                    let value = entry[attribute]
                    let color = value?.string.flatMap(TerminalColor.init(name:))
                        ?? value?.int.flatMap { (0...255).contains($0) ? TerminalColor.indexed(UInt8($0)) : nil }
                    guard let color else {
                        throw problem("\(attribute) must be default, a colour name, 0-255 or \"#rrggbb\"")
                    }
                    if attribute == "fg" { style.foreground = color } else { style.background = color }
                case "bold", "dim", "underline", "reverse":
                    guard let on = entry[attribute]?.bool else { throw problem("\(attribute) must be true or false") }
                    switch attribute {
                    case "bold": style.bold = on
                    case "dim": style.dim = on
                    case "underline": style.underline = on
                    default: style.reverse = on
                    }
                default:
                    throw problem("unknown attribute; expected fg, bg, bold, dim, underline, reverse")
                }
            }
            theme.styles[role] = style
        }
        return theme
    }
}

extension Theme: RoleStyles {
    public func styles(for level: ColorLevel) -> [(role: Role, style: Style)] {
        let reduced = reduced(to: level)
        return Role.allCases.map { ($0, reduced.style($0)) }
    }
}

/// A theme file that could not be used: which file, where, which key, and what is wrong.
public typealias ThemeError = SettingsFileError
