/// A terminal without a screen: keys come from a script, frames are kept for inspection.
public final class HeadlessTerminal: Terminal {
    public private(set) var size: Size
    public private(set) var frames: [ScreenBuffer] = []
    private var script: [TerminalEvent]
    public var stopRequested = false

    public init(size: Size, script: [TerminalEvent] = []) {
        self.size = size
        self.script = script
    }

    public var lastFrame: ScreenBuffer? { frames.last }

    public func nextEvent(timeoutMilliseconds: Int) -> TerminalEvent? {
        guard !script.isEmpty else { stopRequested = true; return nil }
        let event = script.removeFirst()
        if case .resized(let new) = event { size = new }
        return event
    }

    public func draw(_ buffer: ScreenBuffer) {
        if frames.last != buffer { frames.append(buffer) }
    }
}
