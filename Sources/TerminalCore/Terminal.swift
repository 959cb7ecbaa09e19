/// What the console needs from a terminal. `CursesTerminal` is the real one; `HeadlessTerminal` is for tests.
public protocol Terminal: AnyObject {
    var size: Size { get }
    /// Waits at most `timeoutMilliseconds` for a key, a resize, or news of a stop. The real terminal also stops
    /// waiting when `wakeDescriptor` becomes readable (the loop's own work has arrived: a pipe the caller
    /// empties), returning nil or whatever came with it. `HeadlessTerminal` waits on it too, while its script
    /// waits for the screen.
    func nextEvent(timeoutMilliseconds: Int, wakeDescriptor: Int32) -> TerminalEvent?
    /// Shows `buffer`, sending only the cells that differ from the previous frame.
    func draw(_ buffer: ScreenBuffer)
    /// Drops every key typed but not yet read.
    func discardTypeAhead()
    /// Gives the terminal back as the shell left it and stops the process, as Ctrl-Z does elsewhere; on `fg`,
    /// takes the screen again and forgets the previous frame, so the next one is drawn whole. False when there is
    /// no shell to return to (no job control) and nothing stopped.
    func suspend() -> Bool
    /// SIGTERM, SIGHUP or SIGINT arrived: finish what is being written to the store, restore the terminal, leave.
    var stopRequested: Bool { get }
}

public enum TerminalEvent: Sendable, Equatable {
    case key(Key)
    case resized(Size)
    /// SIGTSTP from outside: suspend as for Ctrl-Z.
    case suspendRequested
    /// Continued after a stop the console did not prepare (SIGSTOP): the screen was taken again and the next
    /// frame is drawn whole.
    case resumed
}
