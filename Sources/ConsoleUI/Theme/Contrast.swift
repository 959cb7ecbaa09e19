import Foundation
import TerminalCore

/// The terminal's own background, which a theme cannot know: dark unless its file says `background = "light"`.
public enum TerminalBackground: String, Sendable {
    case dark, light

    /// What the terminal's default colours are taken to be, in xterm's palette.
    var defaultColors: (foreground: (Int, Int, Int), background: (Int, Int, Int)) {
        switch self {
        case .dark: ((229, 229, 229), (0, 0, 0))
        case .light: ((0, 0, 0), (255, 255, 255))
        }
    }
}

extension Theme {
    /// 3:1, WCAG's minimum for large text and for what a person must see of an interface: low enough that every
    /// shipped theme passes (the narrowest is input-error on a grey dialog, 3.5:1), high enough that a role set to
    /// hide an amount or an error (grey 240 on 237 is 1.2:1, black on the default black 1:1) does not.
    public static let minimumContrast = 3.0

    /// The roles that draw amounts, errors, warnings and failed or held orders, none of which a theme may hide.
    static let guardedRoles: [Role] = [.text, .title, .header, .selection, .newRow, .dialog, .input, .success, .warning,
                                       .error, .inputError, .statusFailed, .statusHeld]

    /// The theme with every guarded role below the floor drawn as `fallback` (the shipped theme for its
    /// background) draws it, and the names of those roles.
    public func keepingDangerVisible(fallback: Theme) -> (Theme, replaced: [Role]) {
        var theme = self
        var replaced: [Role] = []
        for role in Self.guardedRoles where (contrast(of: role) ?? .infinity) < Self.minimumContrast {
            theme.styles[role] = fallback.style(role)
            replaced.append(role)
        }
        return (theme, replaced)
    }

    /// WCAG's contrast ratio of the role's text against its background, after reverse video and with the
    /// terminal's own colours taken from `background`; nil when both are the terminal's own, which it keeps apart.
    func contrast(of role: Role) -> Double? {
        let style = self.style(role)
        var (foreground, back) = (style.foreground, style.background)
        if style.reverse { swap(&foreground, &back) }
        if foreground == .terminalDefault, back == .terminalDefault { return nil }
        let defaults = background.defaultColors
        let light = Self.luminance(foreground.rgb ?? defaults.foreground), dark = Self.luminance(back.rgb ?? defaults.background)
        return (max(light, dark) + 0.05) / (min(light, dark) + 0.05)
    }

    /// WCAG 2 relative luminance of an sRGB colour.
    static func luminance(_ rgb: (Int, Int, Int)) -> Double {
        func linear(_ channel: Int) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
    }
}

extension TerminalColor {
    /// The colour in xterm's palette; nil for the terminal's own.
    var rgb: (Int, Int, Int)? {
        guard case .indexed(let index) = self else { return nil }
        return Self.rgb(index)
    }
}
