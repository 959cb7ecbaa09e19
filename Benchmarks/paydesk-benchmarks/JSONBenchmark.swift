import Foundation
import OrderModel
import OrderStore
import PayDeskSandbox
import StrictJSON

/// The JSON reader on ingest's own lines (demo orders of about 6 KB, each with a token), one core: parsing
/// alone, parsing and reading every string as ingest reads them, and Foundation's JSONSerialization on the
/// same bytes for scale. The lines are also written to `.build-bench/json-lines.jsonl` for comparisons
/// outside this program.
func benchmarkJSON(folder: URL, now: Timestamp) throws {
    let count = scale.jsonLines
    let lines = try DemoStore(orders: count, seed: 42, now: now).orderLines(count: count).map { Array($0.utf8) }
    let bytes = lines.reduce(0) { $0 + $1.count }
    try Data(lines.map { $0 + [0x0A] }.joined()).write(to: folder.appendingPathComponent("json-lines.jsonl"))
    print("JSON reader: \(count) demo order lines, \(bytes / count) bytes per line, one core")

    /// Runs `body` over every line three times and prints the best run as MB/s and µs per line.
    func rate(_ name: String, _ body: ([UInt8]) throws -> Void) rethrows {
        var best = Double.infinity
        for _ in 0..<3 {
            best = min(best, try seconds { for line in lines { try body(line) } })
        }
        print("  \(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%7.1f", Double(bytes) / best / 1e6)) MB/s"
              + "  \(String(format: "%6.2f", best / Double(count) * 1e6)) µs/line")
    }
    try rate("StrictJSON: parse") { _ = try JSONDocument(parsing: $0) }
    try rate("StrictJSON: parse, then decode every string") { line in
        var characters = 0
        func visit(_ value: JSONValue) {
            switch value.kind {
            case .object: for member in value.members { visit(member.value) }
            case .array: for element in value.elements { visit(element) }
            case .string: characters += value.string?.utf8.count ?? 0
            default: break
            }
        }
        visit(try JSONDocument(parsing: line).root)
        precondition(characters > 0)
    }
    try rate("Foundation JSONSerialization: parse") { _ = try JSONSerialization.jsonObject(with: Data($0)) }
    print("")
}
