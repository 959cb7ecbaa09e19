import ConsoleUI
import CursesTerminal
import Foundation
import OrderModel
import OrderStore

/// Customer names built to be expensive to draw, each about 240 KB (ingest's line limit is 256 KB): emoji
/// joined by zero-width joiners, one letter under 100,000 combining marks, CJK, emoji with modifiers, and
/// bidi overrides with escape sequences.
let hostileNames: [String] = [
    String(repeating: "👩\u{200D}", count: 35_000),
    "Z" + String(repeating: "\u{0301}", count: 100_000),
    String(repeating: "王", count: 80_000),
    String(repeating: "👍🏽\u{FE0F}", count: 20_000),
    String(repeating: "\u{202E}\u{1B}[31m", count: 40_000),
]

/// Key to frame on the orders list with the five hostile orders on screen, and the frame of one of them
/// opened: what an operator pays per key while such orders are in the store.
func measureHostileText(in folder: URL, now: Timestamp) throws {
    let path = folder.appendingPathComponent("hostile-text.sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let store = try PayDeskStore.create(at: path, clock: { now })
    let ingester = Ingester(store: store, actor: Actor(login: "bench"), onProblem: { print("    rejected: \($0)") })
    try ingester.ingest(lines: DemoStore(seed: 42, now: now).orderLines(count: 40))
    let lines = try DemoStore(seed: 43, now: now).orderLines(from: 40, count: hostileNames.count).enumerated().map { index, line in
        var order = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        var contact = order["shippingContact"] as? [String: Any] ?? [:]
        contact["givenName"] = hostileNames[index]
        contact["familyName"] = ""
        order["shippingContact"] = contact
        order["billingContact"] = contact
        order["orderId"] = "HOSTILE-\(index + 1)"
        order["createdAt"] = now.rfc3339
        return String(decoding: try JSONSerialization.data(withJSONObject: order), as: UTF8.self)
    }
    try ingester.ingest(lines: lines)
    print("console with five hostile customer names on screen (\(hostileNames.map { "\($0.utf8.count / 1024) KB" }.joined(separator: ", "))), 132x40")

    var state = ConsoleState(size: Size(width: 132, height: 40), storeName: "bench", readOnlyReason: nil, now: now)
    let effects = StoreEffects(store: try PayDeskStore(path: path, mode: .readOnly), actor: Actor(login: "bench"), clock: { now })
    func drain(_ list: [Effect]) {
        var queue = list
        while !queue.isEmpty { if let message = effects.perform(queue.removeFirst()) { queue += state.update(message) } }
    }
    drain(state.initialEffects())
    let output = fopen(folder.appendingPathComponent("hostile-bytes.out").path, "w")!, input = fopen("/dev/null", "r")!
    defer { fclose(output); fclose(input) }
    let terminal = try CursesTerminal(device: .streams(input: input, output: output, size: state.size), theme: .standard,
                                      environment: ["TERM": "xterm-256color"])
    defer { terminal.restore() }
    terminal.draw(state.view())
    var step = 0
    measure("key to frame: ↓/↑ over the hostile rows", times: 100) {
        step += 1
        drain(state.update(.key(step % 8 < 4 ? .down : .up)))
        terminal.draw(state.view())
    }
    measure("view alone (no terminal)", times: 100) { _ = state.view() }
    drain(state.update(.key(.home)))
    drain(state.update(.key(.enter)))
    measure("frame of a hostile order opened (view, diff, draw)", times: 20) {
        step += 1
        drain(state.update(.key(step % 2 == 0 ? .down : .up)))
        terminal.draw(state.view())
    }
    print("")
}
