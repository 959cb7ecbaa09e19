import Foundation
import TerminalCore

/// A terminal without a screen: events come from a script, frames are kept for inspection. A `nil` in the
/// script is a wait in which nothing is typed, so that answers from the store can arrive.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: Size
    public private(set) var frames: [ScreenBuffer] = []
    /// For each time type-ahead was discarded, how many frames had been drawn by then.
    public private(set) var discards: [Int] = []
    public private(set) var suspensions = 0
    private var script: [TerminalEvent?]
    public private(set) var stopRequested = false

    public init(size: Size, script: [TerminalEvent?] = []) {
        self.size = size
        self.script = script
    }

    /// The wake is not waited on: a script's waits are what give the worker its time.
    public func nextEvent(timeoutMilliseconds: Int, wakeDescriptor: Int32) -> TerminalEvent? {
        guard !script.isEmpty else { stopRequested = true; return nil }
        guard let event = script.removeFirst() else {
            // At least 10 ms, however soon the next tick is due: a script's waits are counted to give the worker
            // time, not the loop's turns.
            Thread.sleep(forTimeInterval: Double(max(10, min(timeoutMilliseconds, 50))) / 1000)
            return nil
        }
        if case .resized(let new) = event { size = new }
        return event
    }

    public func draw(_ buffer: ScreenBuffer) {
        if frames.last != buffer { frames.append(buffer) }
    }

    public func discardTypeAhead() { discards.append(frames.count) }

    public func suspend() -> Bool {
        suspensions += 1
        return true
    }
}
