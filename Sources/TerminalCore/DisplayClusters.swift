/// One terminal cell's worth of text (two columns for a wide character) and the columns it takes.
public struct DisplayCluster: Equatable, Sendable {
    public var text: String
    public var columns: Int
}

/// Text as a terminal shows it, cell by cell: a scalar that takes columns together with the zero-width scalars
/// after it (combining marks, variation selectors). A scalar that could steer the terminal comes out as its
/// visible escape (`\u{1B}`), one character per cell. A cluster longer than Unicode's stream-safe limit (a base
/// and 30 marks) is shown as U+FFFD, and marks with nothing to sit on take no cell.
///
/// It reads no more scalars than `columns` columns can show, so that text of any length, or a single cluster
/// of thousands of scalars, costs what is drawn and not what was stored.
public struct DisplayClusters: Sequence, IteratorProtocol {
    /// A base and 30 non-starters, the most Unicode's stream-safe text format (UAX #15) allows in a row.
    public static let maximumScalars = 31
    public static let replacement = "\u{FFFD}"

    private var scalars: String.UnicodeScalarView.Iterator
    private var peeked: Unicode.Scalar?
    private var escape: [UInt8] = []
    private var columnsLeft: Int
    private var scalarsLeft: Int
    /// The text goes on beyond what was read.
    public private(set) var isCut = false

    public init(_ text: String, columns: Int = .max) {
        scalars = text.unicodeScalars.makeIterator()
        columnsLeft = Swift.max(0, columns)
        // A cluster's worth of scalars per column, and one more cluster to see whether the text goes on.
        let (scalars, overflow) = columnsLeft.multipliedReportingOverflow(by: Self.maximumScalars)
        scalarsLeft = overflow ? .max : scalars.addingReportingOverflow(Self.maximumScalars).overflow ? .max : scalars + Self.maximumScalars
    }

    public mutating func next() -> DisplayCluster? {
        while true {
            guard columnsLeft > 0 else {
                if !escape.isEmpty || peek() != nil { isCut = true }
                return nil
            }
            if !escape.isEmpty { return produce(String(UnicodeScalar(escape.removeFirst())), columns: 1) }
            guard let base = peek() else { return nil }
            peeked = nil
            if base.isTerminalHazard {
                escape = Array(base.visibleEscape.utf8)
                continue
            }
            guard let follower = peek(), follower.columns == 0, !follower.isTerminalHazard else {
                // A scalar alone, as nearly every cluster is: no view to build and convert.
                if (0x20..<0x7F).contains(base.value) { return produce(UInt8(base.value).asciiText, columns: 1) }
                let columns = base.columns
                if columns == 0 { continue }
                return produce(String(base), columns: columns)
            }
            var text = String.UnicodeScalarView()
            text.append(base)
            var count = 1
            while let follower = peek(), follower.columns == 0, !follower.isTerminalHazard {
                peeked = nil
                count += 1
                if count <= Self.maximumScalars { text.append(follower) }
            }
            if count > Self.maximumScalars { return produce(Self.replacement, columns: 1) }
            let columns = base.columns
            if columns == 0 { continue }
            return produce(String(text), columns: columns)
        }
    }

    private mutating func produce(_ text: String, columns: Int) -> DisplayCluster {
        columnsLeft -= columns
        return DisplayCluster(text: text, columns: columns)
    }

    /// The next scalar, read once; nil at the end of the text or of what may be read.
    private mutating func peek() -> Unicode.Scalar? {
        if let peeked { return peeked }
        guard scalarsLeft > 0 else {
            if !isCut, scalars.next() != nil { isCut = true }
            return nil
        }
        scalarsLeft -= 1
        peeked = scalars.next()
        return peeked
    }
}
