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
    /// Terminal columns the text takes once neutralised. Reads the whole text: on the console's drawing path
    /// use `displayWidth(limit:)`.
    public var displayWidth: Int {
        // Printable ASCII takes a column a byte: most of what a frame measures.
        if let count = printableASCIICount(upTo: .max) { return count }
        return DisplayClusters(self).reduce(0) { $0 + $1.columns }
    }

    /// The columns the text takes, counted no further than `limit + 1`: enough to tell whether it fits in
    /// `limit`, at a cost that does not grow with the text. Text too long to read that far does not fit. A limit
    /// below zero is taken as zero: room worked out as what is left of a line can be less than none.
    public func displayWidth(limit: Int) -> Int {
        let limit = min(max(0, limit), Int.max - 1)
        if let count = printableASCIICount(upTo: limit + 1) { return count }
        var used = 0
        var clusters = DisplayClusters(self, columns: limit + 1)
        while let cluster = clusters.next() {
            used += cluster.columns
            if used > limit { return used }
        }
        return clusters.isCut ? limit + 1 : used
    }

    /// How many of the first `limit` UTF-8 bytes there are when all of them are printable ASCII, else nil. Read
    /// in place where the string allows, as every cell of a frame asks: walking the UTF-8 view byte by byte cost
    /// more than the rest of a measure (callgrind, 60 PgDn: the view 163.0 M -> 148.8 M instructions).
    func printableASCIICount(upTo limit: Int) -> Int? {
        let inPlace = utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            let head = UnsafeBufferPointer(rebasing: bytes.prefix(limit))
            return head.allSatisfy(\.isPrintableASCII) ? head.count : nil
        }
        if let inPlace { return inPlace }
        let head = utf8.prefix(limit)
        return head.allSatisfy(\.isPrintableASCII) ? head.count : nil
    }

    /// Neutralised, then cut to at most `width` columns with an ellipsis, then padded with spaces to exactly
    /// `width` columns (so CJK text lines up with Latin text in a table). Reads only what it shows, and one
    /// cluster more to know whether the text goes on.
    public func fitted(to width: Int) -> String {
        guard width > 0 else { return "" }
        if let count = printableASCIICount(upTo: width + 1) {
            // One column per byte: the console draws mostly this, a frame at a time.
            if count <= width { return self + String(repeating: " ", count: width - count) }
            return String(decoding: utf8.prefix(width - 1), as: UTF8.self) + "…"
        }
        var out = "", used = 0
        // Where the text is cut, with the ellipsis after it, when it turns out not to fit.
        var cut = out.endIndex, usedAtCut = 0
        var clusters = DisplayClusters(self, columns: width + 2)
        var overflows = false
        while let cluster = clusters.next() {
            guard used + cluster.columns <= width else { overflows = true; break }
            out += cluster.text
            used += cluster.columns
            if used < width { (cut, usedAtCut) = (out.endIndex, used) }
        }
        if overflows || clusters.isCut {
            out = String(out[..<cut]) + "…"
            used = usedAtCut + 1
        }
        return out + String(repeating: " ", count: max(0, width - used))
    }
}

extension UInt8 {
    /// Space to tilde: one column, nothing to neutralise.
    public var isPrintableASCII: Bool { (0x20...0x7E).contains(self) }

    /// This printable ASCII byte as a one-character string, made once: most cells of every frame hold one.
    @inlinable public var asciiText: String { asciiTexts[Int(self &- 0x20)] }
}

/// Space to tilde, each as its own string.
@usableFromInline let asciiTexts: [String] = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
