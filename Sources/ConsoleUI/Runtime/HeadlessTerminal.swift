import Foundation

/// A terminal without a screen: events come from a script, frames are kept for inspection. A `nil` in the
/// script is a wait in which nothing is typed, so that answers from the store can arrive.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: Size
    public private(set) var frames: [ScreenBuffer] = []
    private var script: [TerminalEvent?]
    public private(set) var stopRequested = false

    public init(size: Size, script: [TerminalEvent?] = []) {
        self.size = size
        self.script = script
    }

    public func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent? {
        guard !script.isEmpty else { stopRequested = true; return nil }
        guard let event = script.removeFirst() else {
            Thread.sleep(forTimeInterval: Double(min(timeoutMilliseconds, 50)) / 1000)
            return nil
        }
        if case .resized(let new) = event { size = new }
        return event
    }

    public func draw(_ buffer: ScreenBuffer) {
        if frames.last != buffer { frames.append(buffer) }
    }
}
