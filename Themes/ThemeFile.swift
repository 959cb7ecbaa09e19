import ConsoleUI
import SettingsFile
import TerminalCore

/// A theme file that could not be used: which file, where, which key, and what is wrong.
public typealias ThemeError = SettingsFileError

/// Theme files: the shipped ones and an operator's own, read as every settings file is read (SettingsFile), so
/// that the console itself knows nothing of TOML.
extension Theme {
    /// The shipped default (dark) theme.
    public static let standard: Theme = {
        let plain = Theme(name: "default", styles: [:], background: .dark)
        return (try? parse(ShippedThemes.text(of: "default") ?? "", file: "default.toml", name: "default", base: plain)) ?? plain
    }()

    /// The shipped light theme: what a theme for a light background falls back to.
    static let shippedLight: Theme = {
        (try? parse(ShippedThemes.text(of: "light") ?? "", file: "light.toml", name: "light", base: standard)) ?? standard
    }()

    /// The shipped theme for a terminal with `background`: what a guarded role too faint to read is drawn as.
    static func shipped(for background: TerminalBackground) -> Theme { background == .light ? shippedLight : standard }

    /// Reads a theme file's text: `[roles]` entries such as `selection = { fg = "black", bg = "cyan", bold = true }`.
    /// A problem names the file, the line and only keys of PayDesk's own: the file may be anything (`--theme
    /// /etc/passwd`), so none of its text is ever quoted.
    static func parse(_ text: String, file: String, name: String, base: Theme) throws(ThemeError) -> Theme {
        let settings = try SettingsDocument(parsing: text, file: file, exampleHeader: "[roles]", showsParserMessage: false)
        let (document, lines) = (settings.table, settings.lines)
        for key in document.keys where !["description", "background", "roles"].contains(key) {
            throw ThemeError(file: file, line: lines.line(of: key), key: nil, problem: "unknown setting; expected description, background or [roles]")
        }
        var background = base.background
        if let value = document["background"] {
            guard let chosen = value.string.flatMap(TerminalBackground.init(rawValue:)) else {
                throw ThemeError(file: file, line: lines.line(of: "background"), key: "background", problem: #"must be "dark" or "light""#)
            }
            background = chosen
        }
        var styles = Dictionary(uniqueKeysWithValues: Role.allCases.map { ($0, base.style($0)) })
        guard let roles = document["roles"] else { return Theme(name: name, styles: styles, background: background) }
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
            styles[role] = style
        }
        return Theme(name: name, styles: styles, background: background)
    }
}
