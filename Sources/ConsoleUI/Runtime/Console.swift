import Dispatch
import Foundation
import OrderModel
import TerminalCore

/// The console's loop: one thread owns the terminal and the state; store work runs on a worker and comes back
/// as messages. It draws after each change, and when nothing happens it sleeps in the terminal's read with at
/// most one store check a second.
public final class Console {
    private let terminal: Terminal
    private let effects: StoreEffects
    private let worker = DispatchQueue(label: "PayDesk.console.store")
    private let mailbox = Mailbox()
    public private(set) var state: ConsoleState
    private var changed = true
    /// A confirmation that changes an order was opened: once it is on screen, keys typed before are dropped.
    private var discardTypeAheadAfterDraw = false
    /// Pages read ahead of the selection, asked of the worker once the frame in hand is drawn.
    private var afterDraw: [Effect] = []

    public init(store: any ConsoleStore, actor: Actor, terminal: Terminal, state: ConsoleState, exports: ExportFolder,
                clock: @escaping @Sendable () -> Timestamp) {
        self.terminal = terminal
        self.effects = StoreEffects(store: store, actor: actor, exports: exports, clock: clock)
        self.state = state
    }

    /// Runs until the operator quits or a signal asks to stop. A write already started is always finished.
    public func run() {
        let clock = effects.clock
        run(state.initialEffects())
        var nextTick = clock().adding(milliseconds: 1_000)
        while !state.quitting && !terminal.stopRequested {
            // Only a message can change the state, so a wake with nothing in it costs no frame.
            if changed {
                terminal.draw(state.view())
                changed = false
            }
            afterDraw.forEach(send)
            afterDraw = []
            if discardTypeAheadAfterDraw {
                terminal.discardTypeAhead()
                discardTypeAheadAfterDraw = false
            }
            let untilTick = Int(max(0, nextTick.millisecondsSinceEpoch - clock().millisecondsSinceEpoch))
            // The worker's answers end the wait as they arrive (`Mailbox`): the first page's among them.
            if let event = terminal.nextEvent(timeoutMilliseconds: untilTick, wakeDescriptor: mailbox.wakeDescriptor) {
                switch event {
                case .key(let key): dispatch(.key(key))
                case .resized(let size): dispatch(.resized(size))
                case .suspendRequested: run([.suspend])
                case .resumed: dispatch(.resumed(stopped: true))
                }
            }
            for message in mailbox.drain() { dispatch(message) }
            if clock() >= nextTick {
                dispatch(.tick(clock()))
                nextTick = clock().adding(milliseconds: 1_000)
            }
        }
        worker.sync {}
    }

    private func dispatch(_ message: Message) {
        changed = true
        run(state.update(message))
    }

    private func run(_ list: [Effect]) {
        for effect in list {
            switch effect {
            case .quit:
                break
            case .discardTypeAhead:
                discardTypeAheadAfterDraw = true
            case .suspend:
                // A write in progress is finished first: stopped, it would hold the store's lock until fg.
                worker.sync {}
                dispatch(.resumed(stopped: terminal.suspend()))
            case .loadOrders(let request) where request.readAhead:
                // Read while the frame was made, the page took a core from it: on 1,000,000 orders and two
                // cores, PgDn's key-to-frame p99 was 1.0-1.9 ms, and is 0.7-0.8 ms sent after the frame
                // (paydesk-benchmarks startup).
                afterDraw.append(effect)
            default:
                send(effect)
            }
        }
    }

    private func send(_ effect: Effect) {
        worker.async { [effects, mailbox] in
            mailbox.deliver(effects.perform(effect))
        }
    }
}

/// Answers from the worker, waiting for the UI thread. Each delivery also writes a byte to a pipe that the UI
/// thread's read of keys waits on, so an answer wakes it at once.
final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [Message] = []
    /// The pipe's ends: the UI thread waits on the first, deliveries write to the second. Neither blocks.
    private let wakeEnds: (read: Int32, write: Int32)

    init() {
        var ends: [Int32] = [-1, -1]
        // Without a pipe (no descriptors left), answers are still taken at the next key or tick: slower, not lost.
        if pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeEnds = (ends[0], ends[1])
    }

    deinit {
        close(wakeEnds.read)
        close(wakeEnds.write)
    }

    /// Readable while an answer is waiting to be drained.
    var wakeDescriptor: Int32 { wakeEnds.read }

    func deliver(_ message: Message?) {
        guard let message else { return }
        lock.withLock { messages.append(message) }
        // A full pipe already holds a wake; a failed write leaves the message for the next key or tick.
        var byte: UInt8 = 1
        _ = write(wakeEnds.write, &byte, 1)
    }

    /// The answers delivered so far. The pipe is emptied first: an answer delivered meanwhile leaves its byte, and
    /// the next wait returns at once for it.
    func drain() -> [Message] {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeEnds.read, &bytes, bytes.count) > 0 {}
        return lock.withLock {
            defer { messages = [] }
            return messages
        }
    }
}
