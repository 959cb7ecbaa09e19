extension Unicode.Scalar {
    /// Scalars that steer a terminal or the reading order instead of being read: C0/C1 controls (ESC starts
    /// every escape sequence), format characters (bidi overrides, zero-width joiners), line and paragraph
    /// separators, and private-use or unassigned code points whose rendering nobody can predict.
    public var isTerminalHazard: Bool {
        // Printable Latin and the common CJK blocks answer without a Unicode property lookup.
        switch value {
        case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0x3400...0x4DBF, 0x4E00...0x9FEF, 0xAC00...0xD7A3: return false
        default: return isTerminalHazardByProperties
        }
    }

    /// How a hazardous scalar is shown instead: `\u{1B}`, visible and inert.
    var visibleEscape: String { "\\u{\(String(value, radix: 16, uppercase: true))}" }

    /// The general rule, from the scalar's Unicode properties.
    var isTerminalHazardByProperties: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: true
        default: false
        }
    }
}

extension String {
    /// Customer text made safe to print: every hazardous scalar is shown as a visible `\u{…}` escape, so an
    /// operator sees that something was there without the terminal acting on it. Everything else, CJK and
    /// emoji included, is kept as given. Reads the whole text: the console draws through `DisplayClusters`,
    /// which neutralises only what it shows.
    public var neutralized: String {
        guard unicodeScalars.contains(where: \.isTerminalHazard) else { return self }
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar.isTerminalHazard {
                out.append(contentsOf: scalar.visibleEscape.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
