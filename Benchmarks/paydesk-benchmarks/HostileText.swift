import ConsoleStoreAdapter
import ConsoleUI
import CursesTerminal
import Foundation
import GRDBSQLite
import OrderIngest
import OrderModel
import OrderStore
import PayDeskSandbox
import TerminalCore
import Themes

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
/// opened: what an operator pays per key while such orders are in the store. Ingest refuses such names now
/// (TextLimits), so they are written into the store as an older version could have stored them.
func measureHostileText(in folder: URL, now: Timestamp) throws {
    let path = folder.appendingPathComponent("hostile-text.sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    let store = try PayDeskStore.create(at: path, clock: { now })
    let ingester = Ingester(store: store, actor: Actor(login: "bench"), onProblem: { print("    rejected: \($0)") })
    try ingester.ingest(lines: DemoStore(orders: 40, seed: 42, now: now).orderLines(count: 40))
    let lines = try DemoStore(seed: 43, now: now).orderLines(from: 40, count: hostileNames.count).enumerated().map { index, line in
        var order = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        var contact = order["shippingContact"] as? [String: Any] ?? [:]
        contact["givenName"] = placeholder(index)
        contact["familyName"] = ""
        order["shippingContact"] = contact
        order["billingContact"] = contact
        order["orderId"] = "HOSTILE-\(index + 1)"
        order["createdAt"] = now.rfc3339
        return String(decoding: try JSONSerialization.data(withJSONObject: order), as: UTF8.self)
    }
    try ingester.ingest(lines: lines)
    try writeHostileNames(into: path)
    print("console with five hostile customer names on screen (\(hostileNames.map { "\($0.utf8.count / 1024) KB" }.joined(separator: ", "))), 132x40")

    var state = ConsoleState(size: Size(width: 132, height: 40), storeName: "bench", readOnlyReason: nil, now: now)
    let effects = StoreEffects(store: PayDeskConsoleStore(try PayDeskStore(path: path, mode: .readOnly)), actor: Actor(login: "bench"),
                               exports: ExportFolder(path: NSTemporaryDirectory()), clock: { now })
    func drain(_ list: [Effect]) {
        var queue = list
        while !queue.isEmpty { if let message = effects.perform(queue.removeFirst()) { queue += state.update(message) } }
    }
    drain(state.initialEffects())
    let output = fopen(folder.appendingPathComponent("hostile-bytes.out").path, "w")!, input = fopen("/dev/null", "r")!
    defer { fclose(output); fclose(input) }
    let terminal = try CursesTerminal(device: .streams(input: input, output: output, size: state.size), theme: Theme.standard,
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

/// What stands for hostile name `index` at ingest, to be replaced in the stored row.
private func placeholder(_ index: Int) -> String { "Hostile\(index + 1)Placeholder" }

/// Puts each hostile name where ingest put its placeholder: the list's name column and the order's details.
/// The trigger that keeps details as ingested is dropped first, in this throwaway store only.
private func writeHostileNames(into path: String) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { fatalError("cannot open \(path)") }
    defer { sqlite3_close(db) }
    guard sqlite3_exec(db, "DROP TRIGGER orders_keep_what_the_customer_authorised", nil, nil, nil) == SQLITE_OK else {
        fatalError(String(cString: sqlite3_errmsg(db)))
    }
    var update: OpaquePointer?
    sqlite3_prepare_v2(db, "UPDATE orders SET customer_name = ?1, details = replace(details, ?2, ?3) WHERE customer_name = ?2", -1, &update, nil)
    defer { sqlite3_finalize(update) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    for (index, name) in hostileNames.enumerated() {
        // The name as a JSON string's content: the details column is JSON
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [name]), as: UTF8.self)
        let escaped = String(quoted.dropFirst(2).dropLast(2))
        sqlite3_bind_text(update, 1, name, -1, transient)
        sqlite3_bind_text(update, 2, placeholder(index), -1, transient)
        sqlite3_bind_text(update, 3, escaped, -1, transient)
        guard sqlite3_step(update) == SQLITE_DONE, sqlite3_changes(db) == 1 else { fatalError("cannot write hostile name \(index + 1)") }
        sqlite3_reset(update)
    }
}
