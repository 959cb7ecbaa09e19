/// A table column: how narrow it may get, how wide it likes to be, and how much it matters when the terminal
/// is narrow (1 matters most).
struct TableColumn {
    var title: String
    /// Shown instead of `title` when the column is narrower than it, so that a header is never cut mid-word.
    var shortTitle: String? = nil
    var minimum: Int
    var ideal: Int
    var priority: Int
    var alignRight = false
    /// Takes whatever width is left over once every column shown has its ideal width.
    var flexible = false
    /// Grows on to this width once every column shown has its ideal width, before the flexible column: room for
    /// what reads well cut (an order id keeps its start and end) but better whole.
    var roomy: Int? = nil

    /// The header for a column `width` wide.
    func header(fitting width: Int) -> String {
        let shown = title.displayWidth <= width ? title : shortTitle ?? title
        return alignRight ? shown.rightAligned(width) : shown
    }
}

/// The columns that fit in `width`, with their widths, in their original order. Columns are taken by priority
/// (then from the left) as long as their minimum still fits; the width left over goes to them in the same order,
/// each up to its ideal, then to the roomy ones up to their roomy width, and what remains to the flexible column.
/// So a column of lower priority only appears once every column that matters more has its minimum, and a narrow
/// terminal loses columns, not their meaning.
func fit(_ columns: [TableColumn], into width: Int, gap: Int = 1) -> [(column: Int, width: Int)] {
    let byPriority = columns.indices.sorted { (columns[$0].priority, $0) < (columns[$1].priority, $1) }
    var widths: [Int: Int] = [:]
    var used = 0
    for index in byPriority {
        let needed = (widths.isEmpty ? 0 : gap) + columns[index].minimum
        guard used + needed <= width else { continue }
        widths[index] = columns[index].minimum
        used += needed
    }
    var spare = width - used
    for index in byPriority where widths[index] != nil && spare > 0 {
        let grow = min(spare, max(0, columns[index].ideal - columns[index].minimum))
        widths[index, default: 0] += grow
        spare -= grow
    }
    for index in byPriority where spare > 0 {
        guard let width = widths[index], let roomy = columns[index].roomy else { continue }
        let grow = min(spare, max(0, roomy - width))
        widths[index] = width + grow
        spare -= grow
    }
    if spare > 0, let flexible = columns.indices.first(where: { widths[$0] != nil && columns[$0].flexible }) {
        widths[flexible, default: 0] += spare
    }
    return columns.indices.compactMap { index in widths[index].map { (index, $0) } }
}
