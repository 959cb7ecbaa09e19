/// Quotes a value from outside (an order id, a note, a field of a file) for a message, so that the message
/// stays one line and shows what was there wherever it goes: a terminal, a log, the audit log, a file. Every
/// scalar that is not plainly visible becomes a `\u{…}` escape, and the value is cut at `limit` scalars,
/// reading no more of it than that. Terminals get their own guard where text is drawn (TerminalCore
/// neutralises every cell and line); this one belongs to the message, which is made before anyone knows
/// where it will be shown.
public func quoted(_ text: String, limit: Int = 40) -> String {
    var shown = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        guard count < limit else { return shown + "…\"" }
        shown += scalar.shownPlainly
        count += 1
    }
    return shown + "\""
}

extension String {
    /// The text with every scalar that is not plainly visible written as a `\u{…}` escape: one line, inert
    /// wherever it is printed, and still saying what was there.
    public var plainlyShown: String {
        guard !unicodeScalars.allSatisfy(\.isPlainlyVisible) else { return self }
        return unicodeScalars.map(\.shownPlainly).joined()
    }
}

extension Unicode.Scalar {
    /// The scalar itself when plainly visible, else its `\u{…}` escape.
    var shownPlainly: String { isPlainlyVisible ? String(self) : "\\u{\(String(value, radix: 16, uppercase: true))}" }

    /// Letters, marks, numbers, punctuation, symbols and the ASCII space: what reads as itself. Everything
    /// else — controls (ESC starts every terminal escape sequence), format characters (bidi overrides, zero
    /// width joiners), other spaces, line and paragraph separators, private use and unassigned code points —
    /// does not.
    public var isPlainlyVisible: Bool {
        switch value {
        case 0x20..<0x7F: return true
        case 0..<0x20, 0x7F..<0xA0: return false
        default: break
        }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation,
             .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
