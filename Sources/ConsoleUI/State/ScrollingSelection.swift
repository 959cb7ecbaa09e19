/// A list with a selected row and a first visible row: the orders window, refunds, audit entries.
protocol ScrollingSelection {
    var rowCount: Int { get }
    var selected: Int { get set }
    var top: Int { get set }
}

extension ScrollingSelection {
    /// Moves the selection by `delta` rows, stopping at either end.
    mutating func move(by delta: Int, visible: Int) {
        guard rowCount > 0 else { return }
        selected = min(max(0, selected.addingClamped(delta)), rowCount - 1)
        keepSelectionVisible(visible)
    }

    /// Keeps the selection inside the list and on screen, scrolling as little as possible.
    mutating func keepSelectionVisible(_ visible: Int) {
        selected = min(max(0, selected), max(0, rowCount - 1))
        if selected < top { top = selected }
        if visible > 0, selected >= top + visible { top = selected - visible + 1 }
        top = max(0, min(top, max(0, rowCount - 1)))
    }
}
