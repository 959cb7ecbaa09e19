/// A table column: how narrow it may get, how wide it likes to be, and how much it matters when the terminal
/// is narrow (1 = always shown).
struct TableColumn {
    var title: String
    var minimum: Int
    var ideal: Int
    var priority: Int
    var alignRight = false
    /// Cut from the front when too long, because the end matters ("…sterCard 0388").
    var keepsEnd = false
    /// Takes whatever width is left over.
    var flexible = false
}

/// The columns that fit in `width`, with their widths, keeping their original order. The first priority is
/// always shown, squeezed if need be; a column of a later priority is shown only when every column already
/// shown can have its ideal width beside it.
func fit(_ columns: [TableColumn], into width: Int, gap: Int = 1) -> [(column: Int, width: Int)] {
    var included = Set<Int>()
    var used = 0
    var ideal = 0
    let first = columns.map(\.priority).min()
    for priority in Set(columns.map(\.priority)).sorted() {
        for (index, column) in columns.enumerated() where column.priority == priority {
            let spacing = included.isEmpty ? 0 : gap
            let fits = priority == first ? used + spacing + column.minimum <= width : ideal + spacing + column.minimum <= width
            if fits {
                included.insert(index)
                used += spacing + column.minimum
                ideal += spacing + column.ideal
            }
        }
    }
    var widths = Dictionary(uniqueKeysWithValues: included.map { ($0, columns[$0].minimum) })
    var spare = width - used
    for priority in Set(columns.map(\.priority)).sorted() {
        for (index, column) in columns.enumerated() where column.priority == priority && included.contains(index) {
            let grow = min(spare, column.ideal - column.minimum)
            if grow > 0 { widths[index, default: 0] += grow; spare -= grow }
        }
    }
    if spare > 0, let flexible = columns.indices.first(where: { included.contains($0) && columns[$0].flexible }) {
        widths[flexible, default: 0] += spare
    }
    return columns.indices.filter(included.contains).map { ($0, widths[$0] ?? 0) }
}
