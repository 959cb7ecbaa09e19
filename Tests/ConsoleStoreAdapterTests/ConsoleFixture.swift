import ConsoleStoreAdapter
import Foundation
@testable import OrderIngest
import OrderModel
@testable import ConsoleUI
@testable import OrderStore
import PayDeskSandbox
import TerminalCore

/// A demo store on a fixed clock, one hostile customer added, and a console state driven against it with
/// every effect run at once, so that tests read like an operator's session.
struct ConsoleFixture {
    static let now = Timestamp(rfc3339: "2026-11-21T12:00:00Z")!
    static let actor = Actor(login: "tester", sshClient: "192.0.2.7 50022")
    /// Bidi override, an OSC title sequence, a zero-width joiner and a newline, as a customer might type them.
    static let hostileName = "Eve\u{202E}gnp.exe\u{1B}]0;pwned\u{07}\u{200D}\nX"

    let store: PayDeskStore
    var state: ConsoleState
    /// Beside the store, in the test's own folder: `e` writes here.
    let exports: ExportFolder

    init(size: Size = Size(width: 80, height: 24), orders: Int = 40, readOnly: Bool = false) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-console-\(UUID().uuidString)/demo.sqlite").path
        let clock = VirtualClock(Self.now)
        let writer = try PayDeskStore.create(at: path, clock: clock.now)
        try DemoStore(orders: orders, seed: 7, now: Self.now).build(into: writer, clock: clock, actor: Actor(login: "demo"))
        clock.set(Self.now)
        try Self.addHostileOrder(to: writer)
        try self.init(opening: writer, size: size, readOnly: readOnly)
    }

    /// Another session on `other`'s store, exporting to the same folder: a second operator in the same shop.
    init(sharing other: ConsoleFixture, size: Size = Size(width: 80, height: 24), readOnly: Bool) throws {
        try self.init(opening: other.store, size: size, readOnly: readOnly)
    }

    private init(opening writer: PayDeskStore, size: Size, readOnly: Bool) throws {
        exports = ExportFolder(path: (writer.path as NSString).deletingLastPathComponent + "/exports")
        store = readOnly ? try PayDeskStore(path: writer.path, mode: .readOnly) : writer
        state = ConsoleState(size: size, storeName: "demo.sqlite", readOnlyReason: readOnly ? "--read-only was given" : nil,
                             utcOffset: .fixed(seconds: 8 * 3600), now: Self.now)
        run(state.initialEffects())
    }

    static func addHostileOrder(to store: PayDeskStore) throws {
        try ingest(orderId: "EVIL-1", into: store) { document in
            var contact = document["shippingContact"] as! [String: Any]
            contact["givenName"] = hostileName
            contact["familyName"] = ""
            document["shippingContact"] = contact
        }
    }

    /// Ingests one realistic order under `orderId`, created now, after `edit`.
    static func ingest(orderId: String, into store: PayDeskStore, verifier: (any TokenVerifying)? = nil,
                       edit: (inout [String: Any]) -> Void = { _ in }) throws {
        let line = try DemoStore(orders: 41, seed: 99, now: now).orderLines(from: 40, count: 1)[0]
        var document = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        document["orderId"] = orderId
        document["createdAt"] = now.rfc3339
        edit(&document)
        let json = String(decoding: try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]), as: UTF8.self)
        let ingester = Ingester(store: store, actor: actor, verifier: verifier, onProblem: { problem in fatalError("\(problem)") })
        try ingester.ingest(lines: [json])
    }

    /// Runs effects against the store, feeding each answer back, until nothing is left to do.
    mutating func run(_ effects: [Effect]) {
        var queue = effects
        let performer = StoreEffects(store: PayDeskConsoleStore(store), actor: Self.actor, exports: exports, clock: { Self.now })
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            if let message = performer.perform(effect) { queue += state.update(message) }
        }
    }

    mutating func send(_ message: Message) { run(state.update(message)) }

    mutating func press(_ keys: Key...) { for key in keys { send(.key(key)) } }

    mutating func type(_ text: String) {
        for character in text { send(.key(character == "\n" ? .enter : .character(character))) }
    }

    /// Answers an open confirmation as an operator must: the order's last four characters, then Enter.
    mutating func confirm(_ orderId: String) {
        type(String(orderId.suffix(4)))
        press(.enter)
    }

    var screen: [String] { state.view().lines }
}
