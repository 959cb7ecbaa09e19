/// How one terminal is told to show cells: what moves its cursor, what changes the look from one role's to
/// another's, how a character other than printable ASCII is written. A real terminal's come from terminfo;
/// `FrameEncoder` decides what to send, these decide how it is spelled.
public struct TerminalControls {
    /// Appends what moves the cursor to column `x` of row `y`, both counted from 0.
    public var moveCursor: (_ output: inout [UInt8], _ y: Int, _ x: Int) -> Void
    /// Appends what changes the look from `from`'s to `to`'s. From nil, the look the terminal is in is not
    /// known: all of `to`'s is sent, starting from the plain look.
    public var changeLook: (_ output: inout [UInt8], _ from: Role?, _ to: Role) -> Void
    /// What sets the plain look: the end of every frame, so that whatever writes next starts from it.
    public var plain: [UInt8]
    /// What erases from the cursor to the end of its row, leaving blanks that look as `role`'s do; nil where the
    /// terminal cannot (its erased cells would not take that role's background, or would lack its underline).
    public var eraseToEndOfRow: (_ role: Role) -> [UInt8]?
    /// Appends a cell's text that is not printable ASCII, drawn in exactly `columns` columns.
    public var glyph: (_ output: inout [UInt8], _ text: String, _ columns: Int) -> Void
    /// Writing the bottom-right cell scrolls the screen (a terminal that wraps at once, without the newline
    /// glitch), so that cell is never written.
    public var scrollsAtLastCell: Bool
    /// Moving the cursor in any look but the plain one may paint the cells it passes (no `msgr`).
    public var movesOnlyWhenPlain: Bool

    public init(moveCursor: @escaping (inout [UInt8], Int, Int) -> Void, changeLook: @escaping (inout [UInt8], Role?, Role) -> Void,
                plain: [UInt8], eraseToEndOfRow: @escaping (Role) -> [UInt8]?, glyph: @escaping (inout [UInt8], String, Int) -> Void,
                scrollsAtLastCell: Bool, movesOnlyWhenPlain: Bool) {
        self.moveCursor = moveCursor
        self.changeLook = changeLook
        self.plain = plain
        self.eraseToEndOfRow = eraseToEndOfRow
        self.glyph = glyph
        self.scrollsAtLastCell = scrollsAtLastCell
        self.movesOnlyWhenPlain = movesOnlyWhenPlain
    }
}
