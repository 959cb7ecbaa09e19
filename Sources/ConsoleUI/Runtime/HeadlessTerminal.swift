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
        /// patience the script gives up, notes what it waited for in `unseen` and ends the console.
        case waitFor(String)
        /// The same, until the frame on screen no longer shows `text` ("loading…").
        case waitUntilGone(String)

        public static func key(_ key: Key) -> Step { .event(.key(key)) }
        public static func resized(_ size: Size) -> Step { .event(.resized(size)) }
    }

    public private(set) var size: Size
    public private(set) var frames: [ScreenBuffer] = []
    /// For each time type-ahead was discarded, how many frames had been drawn by then.
    public private(set) var discards: [Int] = []
    public private(set) var suspensions = 0
    /// What the script waited for and never saw on screen (a text to go is noted as "no more …").
    public private(set) var unseen: [String] = []
    public private(set) var stopRequested = false
    private var script: [Step]
    /// How long a wait lasts before the script gives up.
    private let patience: TimeInterval
    /// Monotonic seconds, which a change of the wall clock does not move.
    private var waitingSince: TimeInterval?
    private let onDraw: (ScreenBuffer) -> Void

    /// `onDraw` sees each frame drawn, on the console's thread, as it is drawn.
    public init(size: Size, script: [Step] = [], patience: TimeInterval = 30, onDraw: @escaping (ScreenBuffer) -> Void = { _ in }) {
        self.size = size
        self.script = script
        self.patience = patience
        self.onDraw = onDraw
    }

    public func nextEvent(timeoutMilliseconds: Int, wakeDescriptor: Int32) -> TerminalEvent? {
        while let step = script.first, seen(step) {
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
        case .waitFor(let text), .waitUntilGone(let text):
            let now = ProcessInfo.processInfo.systemUptime
            let since = waitingSince ?? now
            waitingSince = since
            let left = patience - (now - since)
            guard left > 0 else {
                if case .waitUntilGone = script.first { unseen.append("no more \(text)") } else { unseen.append(text) }
                stopRequested = true
                return nil
            }
            // Until an answer wakes the loop, or its next tick is due.
            var wake = pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&wake, 1, Int32(min(timeoutMilliseconds, Int(left * 1000) + 1)))
            return nil
        }
    }

    /// Whether the frame on screen is what a wait waits for (an event is never waited for).
    private func seen(_ step: Step) -> Bool {
        let shown = { (text: String) in self.frames.last?.lines.contains { $0.contains(text) } ?? false }
        switch step {
        case .event: return false
        case .waitFor(let text): return shown(text)
        case .waitUntilGone(let text): return frames.last != nil && !shown(text)
        }
    }

    public func draw(_ buffer: ScreenBuffer) {
        guard frames.last != buffer else { return }
        frames.append(buffer)
        onDraw(buffer)
    }

    public func discardTypeAhead() { discards.append(frames.count) }

    public func suspend() -> Bool {
        suspensions += 1
        return true
    }
}
