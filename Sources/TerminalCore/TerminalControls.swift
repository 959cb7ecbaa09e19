/// How one terminal is told to show cells: what moves its cursor, what sets each role's look, how a character
/// other than printable ASCII is written. A real terminal's come from terminfo; `FrameEncoder` decides what to
/// send, these decide how it is spelled.
public struct TerminalControls {
    /// Appends what moves the cursor to column `x` of row `y`, both counted from 0.
    public var moveCursor: (_ output: inout [UInt8], _ y: Int, _ x: Int) -> Void
    /// What sets each role's look, starting from the plain one, so that it is right whatever look came before.
    public var looks: [Role: [UInt8]]
    /// What sets the plain look: the end of every frame, so that whatever writes next starts from it.
    public var plain: [UInt8]
    /// Appends a cell's text that is not printable ASCII, drawn in exactly `columns` columns.
    public var glyph: (_ output: inout [UInt8], _ text: String, _ columns: Int) -> Void
    /// Writing the bottom-right cell scrolls the screen (a terminal that wraps at once, without the newline
    /// glitch), so that cell is never written.
    public var scrollsAtLastCell: Bool
    /// Moving the cursor in any look but the plain one may paint the cells it passes (no `msgr`).
    public var movesOnlyWhenPlain: Bool

    public init(moveCursor: @escaping (inout [UInt8], Int, Int) -> Void, looks: [Role: [UInt8]], plain: [UInt8],
                glyph: @escaping (inout [UInt8], String, Int) -> Void, scrollsAtLastCell: Bool, movesOnlyWhenPlain: Bool) {
        self.moveCursor = moveCursor
        self.looks = looks
        self.plain = plain
        self.glyph = glyph
        self.scrollsAtLastCell = scrollsAtLastCell
        self.movesOnlyWhenPlain = movesOnlyWhenPlain
    }
}
