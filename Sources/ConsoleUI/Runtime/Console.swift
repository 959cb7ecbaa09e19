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
            if discardTypeAheadAfterDraw {
                terminal.discardTypeAhead()
                discardTypeAheadAfterDraw = false
            }
            let now = clock()
            let untilTick = Int(max(0, nextTick.millisecondsSinceEpoch - now.millisecondsSinceEpoch))
            // While the worker owes an answer, look for it every millisecond: the read of keys cannot also wait
            // for the worker, and an answer that waited here for 10 ms was most of a page's time to the screen.
            let timeout = mailbox.isWaiting ? min(1, untilTick) : untilTick
            if let event = terminal.nextEvent(timeoutMilliseconds: timeout) {
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
            default:
                mailbox.expect()
                worker.async { [effects, mailbox] in
                    mailbox.deliver(effects.perform(effect))
                }
            }
        }
    }
}

/// Answers from the worker, waiting for the UI thread.
final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [Message] = []
    private var outstanding = 0

    var isWaiting: Bool { lock.withLock { outstanding > 0 || !messages.isEmpty } }

    func expect() { lock.withLock { outstanding += 1 } }

    func deliver(_ message: Message?) {
        lock.withLock {
            outstanding -= 1
            if let message { messages.append(message) }
        }
    }

    func drain() -> [Message] {
        lock.withLock {
            defer { messages = [] }
            return messages
        }
    }
}
