extension Unicode.Scalar {
    /// Terminal columns this scalar takes: 2 for East Asian wide and fullwidth characters and emoji, 0 for
    /// marks, format characters and joiners, 1 otherwise (`DisplayWidthTable`, generated from Unicode's data).
    public var columns: Int {
        // Latin text and the common CJK blocks answer without a search, since every visible cell of every
        // frame asks. Below U+0300 only the soft hyphen is not one column (controls are neutralised anyway).
        switch value {
        case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300: return 1
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return 2
        default: return columnsInTable
        }
    }

    /// The general rule: a binary search of the generated table.
    var columnsInTable: Int {
        let ranges = DisplayWidthTable.ranges
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].last < value {
                low = middle + 1
            } else if ranges[middle].first > value {
                high = middle
            } else {
                return Int(ranges[middle].columns)
            }
        }
        return 1
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
