import Foundation
import OrderModel
import OrderStore

// The console as an operator meets it, against `less` as the yardstick, both through a pty in the same run:
// from exec to the first complete frame, and from a key to its frame. Issue 17's goals: the first frame within
// 1.5× less's, key to frame p99 within 2 ms.

/// What the console's screen shows once each part has arrived, as text to look for in what it writes.
private struct ConsoleMarkers {
    /// The newest order's id: the list is on screen.
    let newestOrder: String
    /// The footer's last word at 132 columns, drawn on the last row.
    let footer = "screens"
    /// The glance's rate of orders per hour, and the title row's freshness: the store was read and checked.
    let glance = "/h", freshness = "updated "

    func listShown(_ output: [UInt8]) -> Bool { output.contains(newestOrder) && output.contains(footer) }
    func everythingShown(_ output: [UInt8]) -> Bool { listShown(output) && output.contains(glance) && output.contains(freshness) }
}

/// The pty's size: the console section's.
private let (columns, rows): (UInt16, UInt16) = (132, 40)

func measureConsoleAgainstLess(storePath: String, folder: URL, paydesk: String, starts: Int, lessLines: Int) throws {
    guard FileManager.default.isExecutableFile(atPath: paydesk) else {
        return try skipSection(because: "no paydesk at \(paydesk): build it (--product paydesk) or name it with --paydesk PATH")
    }
    let lessPath = "/usr/bin/less"
    guard FileManager.default.isExecutableFile(atPath: lessPath) else {
        return try skipSection(because: "no less at \(lessPath), the yardstick: install it (apt-get install less)")
    }
    let linesPath = folder.appendingPathComponent("lines-\(lessLines).txt").path
    if !FileManager.default.fileExists(atPath: linesPath) { try writePlainLines(linesPath, count: lessLines) }
    let home = folder.appendingPathComponent("console-home", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": home.path,
                       "XDG_DATA_HOME": home.path, "XDG_CONFIG_HOME": home.path, "USER": "bench", "LOGNAME": "bench"]
    let newest = try PayDeskStore(path: storePath, mode: .readOnly).orders(OrderQuery(limit: 1)).first?.orderId ?? "no order"
    let markers = ConsoleMarkers(newestOrder: newest)
    let lessName = (linesPath as NSString).lastPathComponent

    print("  through a pty, \(columns)x\(rows), from exec (\(paydesk); \(lessPath) on \(lessName)), \(starts) starts each, alternating")
    var list: [Double] = [], everything: [Double] = [], less: [Double] = [], version: [Double] = [], startMemory: [Double] = []
    var failures: [String] = []
    for _ in 0..<starts {
        // What starting the binary costs before any console work: `paydesk --version` printing its last line.
        let bare = try PtySession(paydesk, ["--version"], environment: environment, columns: columns, rows: rows)
        if let printed = bare.read(until: { $0.contains("SQLite") }) { version.append(Double(printed - bare.started) / 1e6) }
        _ = bare.end()
        let console = try PtySession(paydesk, ["--db", storePath], environment: environment, columns: columns, rows: rows)
        if let shown = console.read(until: markers.listShown) {
            list.append(Double(shown - console.started) / 1e6)
            if let all = console.read(until: markers.everythingShown) { everything.append(Double(all - console.started) / 1e6) }
        } else {
            failures.append("paydesk: no complete frame; it wrote: \(String(decoding: console.output.suffix(300), as: UTF8.self).debugDescription)")
        }
        startMemory.append(console.end())
        let pager = try PtySession(lessPath, [linesPath], environment: environment, columns: columns, rows: rows)
        if let shown = pager.read(until: { $0.contains(lessName) }) { less.append(Double(shown - pager.started) / 1e6) }
        _ = pager.end()
    }
    failures.prefix(3).forEach { print("  \($0)") }
    guard !list.isEmpty else { return try skipSection(because: "the console drew no first frame in any of \(starts) starts") }
    guard !less.isEmpty else { return try skipSection(because: "less drew no first frame in any of \(starts) starts") }
    report("first frame: console, the list on screen", list)
    if !everything.isEmpty { report("first frame: console, glance and check included", everything) }
    report("first frame: less on \(lessLines) lines", less)
    if !version.isEmpty { report("paydesk --version, start to last line", version) }
    print("  ratio console/less (medians): \(String(format: "%.2f", percentile(list, 50) / percentile(less, 50)))"
          + "   with the glance: \(String(format: "%.2f", percentile(everything, 50) / percentile(less, 50)))   goal ≤ 1.5")
    print("  console peak resident memory at its first frame: \(String(format: "%.1f", startMemory.max() ?? 0)) MiB")

    // Key to frame: a key written to the pty until the last byte of its frame (nothing more for 30 ms).
    let console = try PtySession(paydesk, ["--db", storePath], environment: environment, columns: columns, rows: rows)
    _ = console.read(until: markers.everythingShown)
    _ = console.readUntilQuiet(milliseconds: 300)
    let pager = try PtySession(lessPath, [linesPath], environment: environment, columns: columns, rows: rows)
    _ = pager.read(until: { $0.contains(lessName) })
    _ = pager.readUntilQuiet(milliseconds: 300)
    for (name, consoleKey, lessKey) in [("j", "j", "j"), ("PgDn (less: space)", "\u{1B}[6~", " ")] {
        report("key to frame through the pty: console \(name)", keyToFrame(console, consoleKey, times: 300))
        report("key to frame through the pty: less \(name)", keyToFrame(pager, lessKey, times: 300))
    }
    print("  console peak resident memory after \(2 * scale.repeats(300)) keys: \(String(format: "%.1f", console.end())) MiB; less's: \(String(format: "%.1f", pager.end())) MiB")
}

/// Each key's time from being written to the last byte of what it drew; keys that drew nothing are left out.
private func keyToFrame(_ session: PtySession, _ key: String, times: Int) -> [Double] {
    (0..<scale.repeats(times)).compactMap { _ in
        let sent = session.send(key)
        return session.readUntilQuiet(milliseconds: 30).map { Double($0 - sent) / 1e6 }
    }
}

func percentile(_ samples: [Double], _ percent: Int) -> Double {
    // None (a glance that never arrived): not a number, printed as such, rather than a trap.
    guard !samples.isEmpty else { return .nan }
    let sorted = samples.sorted()
    return sorted[min(sorted.count - 1, sorted.count * percent / 100)]
}

/// `count` numbered lines of about 80 characters, for less.
private func writePlainLines(_ path: String, count: Int) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)  // a failure is the open's error, next line
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    for first in stride(from: 0, to: count, by: 100_000) {
        let text = (first..<min(count, first + 100_000)).map {
            "line \(String(format: "%07d", $0 + 1)): a row of text about as wide as an order's row on the console, to page through\n"
        }.joined()
        try handle.write(contentsOf: Data(text.utf8))
    }
}
