/// What the console needs from a terminal. `CursesTerminal` is the real one; `HeadlessTerminal` is for tests.
public protocol Terminal: AnyObject {
    var size: Size { get }
    /// Waits at most `timeoutMilliseconds` for a key or a resize.
    func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent?
    /// Shows `buffer`, sending only the cells that differ from the previous frame.
    func draw(_ buffer: ScreenBuffer)
    /// SIGTERM, SIGHUP or SIGINT arrived: finish what is being written, restore the terminal, leave.
    var stopRequested: Bool { get }
}

public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    case resized(Size)
}
