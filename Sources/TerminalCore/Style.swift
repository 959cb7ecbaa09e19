/// How one role is drawn: colours and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: TerminalColor = .terminalDefault
    public var background: TerminalColor = .terminalDefault
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    public init(foreground: TerminalColor = .terminalDefault, background: TerminalColor = .terminalDefault,
                bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// The same style on a terminal with fewer colours.
    public func reduced(to level: ColorLevel) -> Style {
        var style = self
        style.foreground = foreground.reduced(to: level)
        style.background = background.reduced(to: level)
        return style
    }
}
