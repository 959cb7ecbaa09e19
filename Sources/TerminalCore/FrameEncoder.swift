/// The bytes that turn the screen from one frame into the next: the runs of cells that changed, each after one
/// cursor movement, with a look sent only where the role changes. A frame with nothing new sends nothing.
///
/// The terminal gets these bytes as they are, not through curses: curses would compare the frame again, cell by
/// cell, after the buffers have, and took more time writing a page of the list than the console took drawing it.
public enum FrameEncoder {
    /// Unchanged cells between two changed ones are sent again when there are at most this many: a cursor
    /// movement costs about as many bytes.
    static let longestGapSentAgain = 7

    /// `shown` is what the screen holds, or nil when nothing on it can be trusted (the first frame, after a
    /// resize or a stop): then every cell is sent.
    public static func bytes(from shown: ScreenBuffer?, to next: ScreenBuffer, controls: TerminalControls) -> [UInt8] {
        let width = next.size.width, height = next.size.height
        guard width > 0 else { return [] }
        let previous = shown?.size == next.size ? shown : nil
        var encoder = RowEncoder(controls: controls)
        next.cells.withUnsafeBufferPointer { cells in
            (previous?.cells ?? []).withUnsafeBufferPointer { shownCells in
                for y in 0..<height {
                    let row = UnsafeBufferPointer(rebasing: cells[y * width..<(y + 1) * width])
                    let shownRow = previous == nil ? nil : UnsafeBufferPointer(rebasing: shownCells[y * width..<(y + 1) * width])
                    let columns = y == height - 1 && controls.scrollsAtLastCell ? width - 1 : width
                    encoder.encode(row: y, row, shown: shownRow, columns: columns)
                }
            }
        }
        if !encoder.output.isEmpty { encoder.output += controls.plain }
        return encoder.output
    }
}

private struct RowEncoder {
    let controls: TerminalControls
    var output: [UInt8] = []
    /// The look last sent; nil before the first of the frame and after the plain one.
    var look: Role?

    init(controls: TerminalControls) { self.controls = controls }

    /// Sends the changed runs among the first `columns` cells of row `y`.
    mutating func encode(row y: Int, _ cells: UnsafeBufferPointer<Cell>, shown: UnsafeBufferPointer<Cell>?, columns: Int) {
        var start = -1, end = -1
        for x in 0..<columns {
            if let shown, shown[x] == cells[x] { continue }
            if start >= 0, x - end - 1 > FrameEncoder.longestGapSentAgain {
                send(row: y, cells, shown: shown, from: start, to: end, columns: columns)
                start = -1
            }
            if start < 0 { start = x }
            end = x
        }
        if start >= 0 { send(row: y, cells, shown: shown, from: start, to: end, columns: columns) }
    }

    /// Sends cells `start...end`, widened so that no wide character, shown or new, is written in half.
    private mutating func send(row y: Int, _ cells: UnsafeBufferPointer<Cell>, shown: UnsafeBufferPointer<Cell>?,
                               from start: Int, to end: Int, columns: Int) {
        func isHalf(_ x: Int) -> Bool { cells[x].isContinuation || shown?[x].isContinuation == true }
        var first = start, last = end
        while first > 0, isHalf(first) { first -= 1 }
        while last + 1 < columns, isHalf(last + 1) { last += 1 }
        if controls.movesOnlyWhenPlain, look != nil {
            output += controls.plain
            look = nil
        }
        controls.moveCursor(&output, y, first)
        // Blanks to the end of the row, all in one role, go as one erase where that costs fewer bytes.
        var erase: [UInt8]?, lastWritten = last
        if last == cells.count - 1, cells[last].text == " ", let bytes = controls.eraseToEndOfRow(cells[last].role) {
            var blank = last
            while blank > first, cells[blank - 1].text == " ", cells[blank - 1].role == cells[last].role { blank -= 1 }
            if last - blank + 1 > bytes.count {
                (erase, lastWritten) = (bytes, blank - 1)
            }
        }
        var coveredByWide = -1
        for x in stride(from: first, through: lastWritten, by: 1) {
            // Read in place: a copy of each cell would retain and release its text.
            let text = cells[x].text.utf8
            if text.isEmpty, x == coveredByWide { continue }
            changeLook(to: cells[x].role)
            if text.count == 1, let byte = text.first, byte.isPrintableASCII {
                output.append(byte)
            } else if text.isEmpty {
                // Half of a character that is not there: a blank keeps the rest of the row in its columns.
                output.append(UInt8(ascii: " "))
            } else if x + 1 < cells.count, cells[x + 1].isContinuation, x + 1 == columns {
                // A wide character that would reach the cell never written: a blank in its place.
                output.append(UInt8(ascii: " "))
                coveredByWide = x + 1
            } else {
                let isWide = x + 1 < cells.count && cells[x + 1].isContinuation
                controls.glyph(&output, cells[x].text, isWide ? 2 : 1)
                if isWide { coveredByWide = x + 1 }
            }
        }
        if let erase {
            changeLook(to: cells[last].role)
            output += erase
        }
    }

    private mutating func changeLook(to role: Role) {
        guard role != look else { return }
        controls.changeLook(&output, look, role)
        look = role
    }
}
