extension Unicode.Scalar {
    /// Terminal columns this scalar takes: 2 for East Asian wide and fullwidth characters and emoji, 0 for
    /// combining marks and joiners, 1 otherwise.
    public var columns: Int {
        // Latin text and the common CJK blocks answer without a Unicode property lookup, the costly part of
        // drawing a frame. Below U+0300 only the soft hyphen is a mark or format character.
        switch value {
        case 0..<0xAD, 0xAE..<0x300: return 1
        case 0x3400...0x4DBF, 0x4E00...0x9FEF, 0xAC00...0xD7A3: return 2
        default: return columnsByProperties
        }
    }

    /// The general rule, from the scalar's Unicode properties.
    var columnsByProperties: Int {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
             0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
             0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
             0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
             0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1F680...0x1F6FF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

extension String {
    /// Only printable ASCII (space to tilde): one column per byte, nothing to neutralise.
    public var isPrintableASCII: Bool { utf8.allSatisfy { (0x20...0x7E).contains($0) } }

    /// Terminal columns the text takes once neutralised.
    public var displayWidth: Int { neutralized.unicodeScalars.reduce(0) { $0 + $1.columns } }

    /// Neutralised, then cut to at most `width` columns with an ellipsis, then padded with spaces to exactly
    /// `width` columns (so CJK text lines up with Latin text in a table).
    public func fitted(to width: Int) -> String {
        guard width > 0 else { return "" }
        if isPrintableASCII {
            // One column per byte: the console draws mostly this, a frame at a time.
            let count = utf8.count
            if count <= width { return self + String(repeating: " ", count: width - count) }
            return String(decoding: utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        let safe = neutralized
        var used = 0
        var out = ""
        let total = safe.unicodeScalars.reduce(0) { $0 + $1.columns }
        let limit = total > width ? width - 1 : width
        for character in safe {
            let columns = character.unicodeScalars.reduce(0) { $0 + $1.columns }
            if used + columns > limit { break }
            out.append(character)
            used += columns
        }
        if total > width { out += "…"; used += 1 }
        return out + String(repeating: " ", count: max(0, width - used))
    }
}
