import Foundation
import TerminalCore

/// A terminal without a screen: events come from a script, frames are kept for inspection. The script waits for
/// the store's answers by what they put on screen, never by the clock: a worker held up on a loaded machine
/// makes a run slower, not different.
public final class HeadlessTerminal: Terminal {
    /// One step of a script.
    public enum Step {
        case event(TerminalEvent)
        /// Takes the worker's answers as they come until the frame on screen shows `text`. After the terminal's
        /// patience the script gives up, notes the text in `unseen` and ends the console.
        case waitFor(String)

        public static func key(_ key: Key) -> Step { .event(.key(key)) }
        public static func resized(_ size: Size) -> Step { .event(.resized(size)) }
    }

    public private(set) var size: Size
    public private(set) var frames: [ScreenBuffer] = []
    /// For each time type-ahead was discarded, how many frames had been drawn by then.
    public private(set) var discards: [Int] = []
    public private(set) var suspensions = 0
    /// What the script waited for and never saw on screen.
    public private(set) var unseen: [String] = []
    public private(set) var stopRequested = false
    private var script: [Step]
    /// How long a `waitFor` waits before the script gives up.
    private let patience: TimeInterval
    private var waitingSince: Date?

    public init(size: Size, script: [Step] = [], patience: TimeInterval = 30) {
        self.size = size
        self.script = script
        self.patience = patience
    }

    public func nextEvent(timeoutMilliseconds: Int, wakeDescriptor: Int32) -> TerminalEvent? {
        while case .waitFor(let text)? = script.first, shows(text) {
            script.removeFirst()
            waitingSince = nil
        }
        switch script.first {
        case nil:
            stopRequested = true
            return nil
        case .event(let event):
            script.removeFirst()
            if case .resized(let new) = event { size = new }
            return event
        case .waitFor(let text):
            let since = waitingSince ?? Date()
            waitingSince = since
            let left = patience - Date().timeIntervalSince(since)
            guard left > 0 else {
                unseen.append(text)
                stopRequested = true
                return nil
            }
            // Until an answer wakes the loop, or its next tick is due.
            var wake = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&wake, 1, Int32(min(timeoutMilliseconds, Int(left * 1000) + 1)))
            return nil
        }
    }

    private func shows(_ text: String) -> Bool {
        frames.last?.lines.contains { $0.contains(text) } ?? false
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
