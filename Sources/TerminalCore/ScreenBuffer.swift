/// One terminal cell: a grapheme and what it means. A double-width grapheme is followed by a continuation
/// cell (empty text) that the terminal skips.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var role: Role

    public static let blank = Cell(text: " ", role: .text)
    @inlinable public var isContinuation: Bool { text.isEmpty }
}

/// What the screen should look like: the output of a view, compared cell by cell with the previous frame so
/// that only what changed is sent to the terminal.
public struct ScreenBuffer: Equatable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
    }

    // Inlinable: views in other modules read cells through it.
    @inlinable public subscript(x x: Int, y y: Int) -> Cell { cells[y * size.width + x] }

    /// Writes `text` from column `x` of row `y`, clipped to `limit` columns (default: to the right edge).
    /// Anything that could steer a terminal is shown as its visible escape, whatever the caller passed: the
    /// buffer is the last line of defence between customer text and the terminal. Reads no more of the text
    /// than fits, so a cell costs the same whatever the text holds. Returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, role: Role, limit: Int? = nil) -> Int {
        guard y >= 0, y < size.height, x >= 0, x < size.width else { return 0 }
        let end = min(size.width, x + max(0, limit ?? size.width))
        var column = x
        // Printable ASCII, one column a byte and nothing to replace, is most of every frame. One byte past what
        // fits is looked at too: a mark after the last character that fits belongs in its cell.
        let ascii = text.utf8.withContiguousStorageIfAvailable { utf8 -> Int? in
            let head = UnsafeBufferPointer(rebasing: utf8.prefix(end - column + 1))
            guard head.allSatisfy(\.isPrintableASCII) else { return nil }
            let fits = UnsafeBufferPointer(rebasing: head.prefix(end - column))
            setNarrow(x: column, y: y, count: fits.count) { Cell(text: fits[$0].asciiText, role: role) }
            return fits.count
        }
        if let used = ascii ?? nil { return used }
        for cluster in DisplayClusters(text, columns: end - column + 1) {
            if column + cluster.columns > end {
                // A wide character that does not fit leaves a blank rather than half a glyph.
                while column < end { set(Cell(text: " ", role: role), column, y); column += 1 }
                break
            }
            set(Cell(text: cluster.text, role: role), column, y)
            if cluster.columns == 2 { set(Cell(text: "", role: role), column + 1, y) }
            column += cluster.columns
        }
        return column - x
    }

    /// Writes `text` as `text.fitted(to: width)` reads, without making that string and reading it again: every
    /// cell of a table is drawn this way, a frame at a time. Printable ASCII goes straight into cells; other
    /// text is read cluster by cluster once, the ellipsis written over where it turns out to be cut.
    public mutating func put(_ text: String, x: Int, y: Int, role: Role, fittedTo width: Int) {
        guard width > 0, y >= 0, y < size.height, x >= 0, x + width <= size.width else {
            // Off the screen, or past its edge: the general way, which clips.
            put(text.fitted(to: width), x: x, y: y, role: role, limit: width)
            return
        }
        if let count = text.printableASCIICount(upTo: width + 1) {
            if count <= width {
                let used = put(text, x: x, y: y, role: role, limit: width)
                fill(y: y, role: role, x: x + used, width: width - used)
            } else {
                put(text, x: x, y: y, role: role, limit: width - 1)
                set(Cell(text: "…", role: role), x + width - 1, y)
            }
            return
        }
        let end = x + width
        // Where the ellipsis goes should the text not fit: after the last cluster that leaves room for it.
        var column = x, cut = x
        var clusters = DisplayClusters(text, columns: width + 2)
        var overflows = false
        while let cluster = clusters.next() {
            guard column + cluster.columns <= end else { overflows = true; break }
            set(Cell(text: cluster.text, role: role), column, y)
            if cluster.columns == 2 { set(Cell(text: "", role: role), column + 1, y) }
            column += cluster.columns
            if column < end { cut = column }
        }
        if overflows || clusters.isCut {
            set(Cell(text: "…", role: role), cut, y)
            column = cut + 1
        }
        fill(y: y, role: role, x: column, width: end - column)
    }

    /// Paints columns `x..<x+width` of row `y` (default: the whole row) with blanks in `role`.
    public mutating func fill(y: Int, role: Role, x: Int = 0, width: Int? = nil) {
        guard y >= 0, y < size.height else { return }
        let start = max(0, x), end = min(size.width, x + (width ?? size.width))
        guard start < end else { return }
        let blank = Cell(text: " ", role: role)
        setNarrow(x: start, y: y, count: end - start) { _ in blank }
    }

    /// Changes the role of existing cells, keeping their text: how a selected row is highlighted.
    public mutating func restyle(y: Int, role: Role, x: Int = 0, width: Int? = nil) {
        guard y >= 0, y < size.height else { return }
        let start = max(0, x), end = min(size.width, x + (width ?? size.width))
        guard start < end else { return }
        for column in start..<end { cells[y * size.width + column].role = role }
    }

    /// Writes `count` one-column cells from column `x` of row `y`, as `set` would one by one: inside the run
    /// every half of a wide character is overwritten anyway, so only a wide character cut at either edge has its
    /// other half blanked. Rows of ASCII and blanks, most of a frame, are written this way.
    private mutating func setNarrow(x: Int, y: Int, count: Int, _ cell: (Int) -> Cell) {
        guard count > 0 else { return }
        let start = y * size.width + x, end = start + count
        if x > 0, cells[start].isContinuation { cells[start - 1].text = " " }
        if x + count < size.width, cells[end].isContinuation { cells[end].text = " " }
        cells.withUnsafeMutableBufferPointer { cells in
            for offset in 0..<count { cells[start + offset] = cell(offset) }
        }
    }

    private mutating func set(_ cell: Cell, _ x: Int, _ y: Int) {
        let index = y * size.width + x
        // Overwriting half of a wide character blanks its other half, so no orphan half is ever drawn.
        if !cell.isContinuation, cells[index].isContinuation, x > 0 { cells[index - 1].text = " " }
        if !cells[index].isContinuation, x + 1 < size.width, cells[index + 1].isContinuation { cells[index + 1].text = " " }
        cells[index] = cell
    }

    /// Copies `region`, a buffer as wide as this one, over the rows from `y` down: a part of the screen drawn on
    /// its own, in whole rows, so no wide character is split where it meets the rest. Rows past the bottom edge
    /// are left out; a region that starts off the screen is not drawn at all.
    public mutating func paste(_ region: ScreenBuffer, atRow y: Int) {
        precondition(region.size.width == size.width, "a region \(region.size.width) wide pasted on a screen \(size.width) wide")
        guard y >= 0, y < size.height else { return }
        let start = y * size.width, count = min(region.cells.count, cells.count - start)
        cells.replaceSubrange(start..<start + count, with: region.cells.prefix(count))
    }

    /// The rows as plain text, for tests and for reading a frame back.
    public var lines: [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width where !self[x: x, y: y].isContinuation { line += self[x: x, y: y].text }
            return line
        }
    }
}
