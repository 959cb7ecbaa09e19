import ApplePayToken
import ConsoleStoreAdapter
import ConsoleUI
import Crypto
import CursesTerminal
import Foundation
import GRDBSQLite
import OrderIngest
import OrderModel
import OrderStore
import PayDeskSandbox
import PaymentProcessing
import _CryptoExtras
import TerminalCore
import Themes

// PayDesk's benchmarks. Each measurement repeats the operation and prints the median, the 90th and 99th percentiles and
// the worst case. The 1,000,000-order store is built once under .build-bench/ and reused on later runs.
//
//   swift run -c release paydesk-benchmarks [SECTION ...] [options]   (--help lists them: BenchmarkArguments)
//   stages: ingest's parse and write timed apart (the ingest section prints them too)
//   startup: the console and less through a pty

let options: BenchmarkArguments
switch BenchmarkArguments.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let parsed): options = parsed
case .help:
    print(BenchmarkArguments.usage)
    exit(0)
case .refused(let problem):
    FileHandle.standardError.write(Data("paydesk-benchmarks: \(problem) (--help lists the sections and options)\n".utf8))
    exit(2)
}
func runs(_ section: String) -> Bool { options.runs(section) }
let paydeskBinary = options.paydesk
    ?? URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("paydesk").path
let scale: BenchmarkScale = options.smoke ? .smoke : .full
// A smoke run starts from nothing and leaves the full run's inputs and large store alone.
let folder = URL(fileURLWithPath: options.smoke ? ".build-bench/smoke" : ".build-bench", isDirectory: true)
if options.smoke { try? FileManager.default.removeItem(at: folder) }
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
let largeOrders = options.orders ?? scale.storeOrders
if options.smoke { print("Smoke run: every section at a tiny size, to see that each runs to its end. Its figures mean nothing.\n") }
let now = Timestamp(millisecondsSinceEpoch: 1_795_253_400_000)
let actor = Actor(login: "bench")

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Runs `body` `times` times and prints the median, the 90th percentile and the slowest run in milliseconds.
func measure(_ name: String, times: Int = 200, _ body: () throws -> Void) rethrows {
    var samples: [Double] = []
    for _ in 0..<scale.repeats(times) { samples.append(try seconds(body) * 1000) }
    report(name, samples)
}

/// Prints the median, the 90th and 99th percentiles and the slowest of `samples` (milliseconds).
func report(_ name: String, _ samples: [Double]) {
    guard !samples.isEmpty else { return print("  \(name.padding(toLength: 46, withPad: " ", startingAt: 0)) no samples") }
    let figures = [("median", 50), ("p90", 90), ("p99", 99), ("max", 100)].map { "\($0.0) \(String(format: "%7.3f", percentile(samples, $0.1))) ms" }
    print("  \(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(figures.joined(separator: "   "))")
}

func residentMegabytes() -> Double {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
          let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Writes `count` order lines to a file, in chunks so memory stays small.
func writeLines(_ path: String, count: Int) throws {
    _ = FileManager.default.createFile(atPath: path, contents: nil)  // a failure is the open's error, next line
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let generator = DemoStore(orders: count, seed: 42, now: now)
    var first = 0
    while first < count {
        let chunk = min(20_000, count - first)
        try handle.write(contentsOf: Data((generator.orderLines(from: first, count: chunk).joined(separator: "\n") + "\n").utf8))
        first += chunk
    }
}

/// Ingests the file into the store at `storePath`, which exists: creating it is not ingest's work, and is left
/// out of what the callers time. The store is opened as `paydesk ingest` opens it.
func ingest(_ linesPath: String, into storePath: String, verifier: (any TokenVerifying)? = nil) throws -> IngestSummary {
    let store = try PayDeskStore(path: storePath, clock: { now })
    let ingester = Ingester(store: store, actor: actor, verifier: verifier, onProblem: { print("    rejected: \($0)") })
    let fd = open(linesPath, O_RDONLY)
    defer { close(fd) }
    try ingester.ingest(fileDescriptor: fd)
    return ingester.summary
}

/// Opens a store read-write once, so that one built by an older version gets this version's schema before
/// the read-only measurements.
func upgrade(_ path: String) {
    let elapsed = seconds { _ = try! PayDeskStore(path: path) }
    if elapsed > 1 { print("  upgraded \(path) to the current schema in \(String(format: "%.1f", elapsed)) s") }
}

func removeStore(_ path: String) {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
}

/// The large store's path, once it holds `largeOrders` orders and this version's schema: built the first time a
/// section needs it, in chunks so that neither the input nor one transaction grows with the store. A third of the
/// orders are charged, so that the status totals have something to count.
func largeStore() throws -> String {
    let path = folder.appendingPathComponent("store-\(largeOrders).sqlite").path
    if !FileManager.default.fileExists(atPath: path) {
        print("\nBuilding a store of \(largeOrders) orders (once)…")
        let store = try PayDeskStore.create(at: path, clock: { now })
        let ingester = Ingester(store: store, actor: actor, onProblem: { print("    rejected: \($0)") })
        let generator = DemoStore(orders: largeOrders, seed: 42, now: now)
        let elapsed = try seconds {
            for first in stride(from: 0, to: largeOrders, by: 20_000) {
                let count = min(20_000, largeOrders - first)
                try ingester.ingest(lines: generator.orderLines(from: first, count: count))
                try ingester.ingest(lines: (first..<first + count).filter { $0 % 3 == 0 }.flatMap { index -> [String] in
                    let id = String(format: "LOAD-%08d", index)
                    return [#"{"type":"payment_event","orderId":"\#(id)","event":"charge_submitted","at":"2026-11-21T09:30:00Z"}"#,
                            #"{"type":"payment_event","orderId":"\#(id)","event":"charge_succeeded","at":"2026-11-21T09:30:01Z"}"#]
                })
            }
        }
        print("  built in \(String(format: "%.1f", elapsed)) s, generating the lines included")
    }
    upgrade(path)
    return path
}

/// The path of ingest's input, `scale.ingestOrders` demo order lines, written the first time a section needs it.
func ingestInput() throws -> String {
    let path = folder.appendingPathComponent("ingest-\(scale.ingestOrders).jsonl").path
    if !FileManager.default.fileExists(atPath: path) { try writeLines(path, count: scale.ingestOrders) }
    return path
}

if runs("json") {
    try benchmarkJSON(folder: folder, now: now)
    printPeakMemory(after: "json")
}

if runs("tokens") {
    try await benchmarkTokens(folder: folder, now: now)
    printPeakMemory(after: "tokens")
}

// MARK: The console on the large store

if runs("console") {
    try measureHostileText(in: folder, now: now)
    let path = try largeStore()
    print("console on \(largeOrders) orders, 132x40")
    var state = ConsoleState(size: Size(width: 132, height: 40), storeName: "bench", readOnlyReason: nil, now: now)
    var effects: StoreEffects?
    /// Simulated time: idle seconds pass without waiting for them.
    final class SimulatedClock: @unchecked Sendable { var time = now }
    let clock = SimulatedClock()
    /// Runs effects and their answers until nothing is left, as the console's worker would.
    func drain(_ list: [Effect]) {
        var queue = list
        while !queue.isEmpty {
            if let message = effects?.perform(queue.removeFirst()) { queue += state.update(message) }
        }
    }
    let first = try seconds {
        effects = StoreEffects(store: PayDeskConsoleStore(try PayDeskStore(path: path, mode: .readOnly)), actor: actor,
                               exports: ExportFolder(path: NSTemporaryDirectory()), clock: { clock.time })
        drain(state.initialEffects())
        _ = state.view()
    }
    print("  first full frame (open, first page, totals, view)  \(String(format: "%.1f", first * 1000)) ms")

    // A curses screen writing to a file counts the bytes each change costs on the wire.
    let output = fopen(folder.appendingPathComponent("console-bytes.out").path, "w")!, input = fopen("/dev/null", "r")!
    let terminal = try CursesTerminal(device: .streams(input: input, output: output, size: state.size), theme: Theme.standard,
                                      environment: ["TERM": "xterm-256color"])
    terminal.draw(state.view())
    func bytes(_ body: () -> Void) -> Int {
        fflush(output)
        let before = ftell(output)
        body()
        fflush(output)
        return ftell(output) - before
    }
    /// Key to frame as the console does it: update, view, diff and draw on the UI thread. The store reads the
    /// key asks for (the next page, two screens ahead) run on the console's worker; here they run after the
    /// frame, timed apart, and their answer is drawn as the worker's would be.
    func keyToFrame(_ name: String, _ key: Key, times: Int) {
        var frames: [Double] = [], reads: [Double] = []
        for _ in 0..<scale.repeats(times) {
            var asked: [Effect] = []
            frames.append(seconds { asked = state.update(.key(key)); terminal.draw(state.view()) } * 1000)
            if !asked.isEmpty {
                reads.append(seconds { drain(asked) } * 1000)
                terminal.draw(state.view())
            }
        }
        report("key to frame: \(name) (update, view, diff, draw)", frames)
        if !reads.isEmpty { report("  its page reads on the worker (\(reads.count) of \(scale.repeats(times)))", reads) }
    }
    keyToFrame("↓", .down, times: 500)
    keyToFrame("PgDn", .pageDown, times: 300)
    keyToFrame("End", .end, times: 1)
    keyToFrame("Home", .home, times: 1)
    measure("End then Home, each with its page read", times: 50) {
        drain(state.update(.key(.end))); terminal.draw(state.view())
        drain(state.update(.key(.home))); terminal.draw(state.view())
    }
    drain(state.update(.key(.character("o"))))
    terminal.draw(state.view())
    keyToFrame("PgDn sorted by amount", .pageDown, times: 300)
    drain(state.update(.key(.character("o"))))
    terminal.draw(state.view())
    let row = bytes { drain(state.update(.key(.down))); terminal.draw(state.view()) }
    let page = bytes { drain(state.update(.key(.pageDown))); terminal.draw(state.view()) }
    let cpuBefore = processCPUSeconds()
    let idle = bytes {
        for second in 1...10 {
            clock.time = now.adding(milliseconds: Int64(second) * 1_000)
            drain(state.update(.tick(clock.time)))
            terminal.draw(state.view())
        }
    }
    let cpuAfter = processCPUSeconds()
    print("  bytes to the terminal: one-row move \(row), page move \(page), 10 idle seconds \(idle)")
    print("  CPU for 10 idle seconds (10 store checks and frames): \(String(format: "%.2f", (cpuAfter - cpuBefore) * 1000)) ms")
    terminal.restore()
    printPeakMemory(after: "console")
}

// MARK: The console from exec, through a pty, against less

if runs("startup") {
    let path = try largeStore()
    print("console on \(largeOrders) orders against less, each started as an operator's session starts it")
    try measureConsoleAgainstLess(storePath: path, folder: folder, paydesk: paydeskBinary, starts: options.starts ?? scale.repeats(30),
                                  lessLines: scale.lessLines)
    print("")
}

// MARK: The lifecycle driver

/// Runs a driver until nothing is in flight, off the main actor (the driver belongs to whoever runs it).
nonisolated func drive(_ store: PayDeskStore, _ sandbox: SandboxProcessor) async throws -> Double {
    let driver = LifecycleDriver(store: store, processor: sandbox, clock: SystemDriverClock())
    let start = DispatchTime.now().uptimeNanoseconds
    try await driver.run(untilIdle: true, pause: 0)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

if runs("driver") {
    print("Lifecycle driver over the sandbox, delays zero, every charge accepted: authorized to paid")
    for count in options.quick ? Array(scale.driverOrders.prefix(1)) : scale.driverOrders {
        let path = folder.appendingPathComponent("driver-\(count).sqlite").path
        let sandboxPath = SandboxProcessor.statePath(forStore: path)
        for file in [path, sandboxPath] { removeStore(file) }
        let store = try PayDeskStore.create(at: path)
        let ingester = Ingester(store: store, actor: actor, onProblem: { print("    rejected: \($0)") })
        var first = 0
        while first < count {
            try ingester.ingest(lines: DemoStore(orders: count, seed: 9, now: now).orderLines(from: first, count: min(20_000, count - first)))
            first += 20_000
        }
        var rates = SandboxRates()
        (rates.decline, rates.late, rates.lostNotification, rates.delayScale) = (0, 0, 0, 0)
        let sandbox = try SandboxProcessor(path: sandboxPath, rates: rates, clock: Timestamp.now)
        let elapsed = try await drive(store, sandbox)
        let paid = try store.statusTotals().filter { $0.status == .paid }.reduce(0) { $0 + $1.orders }
        print("  \(String(format: "%7d", count)) orders: \(paid) paid in \(String(format: "%.1f", elapsed)) s = \(Int(Double(paid) / elapsed)) orders/s")
        for file in [path, sandboxPath] { removeStore(file) }
    }
    printPeakMemory(after: "driver")
    print("")
}

// MARK: Ingest throughput

if runs("ingest") || options.sections.contains("stages") {
    print("Ingest (orders with tokens, no token crypto), fresh store each run, each beside SQLite alone storing its rows")
    let ingestLines = try ingestInput()
    let lineBytes = (try FileManager.default.attributesOfItem(atPath: ingestLines)[.size] as? Int) ?? 0
    print("  input: \(scale.ingestOrders) orders, \(lineBytes / scale.ingestOrders) bytes per line")
    let path = folder.appendingPathComponent("ingest-run.sqlite").path
    // What SQLite alone takes to store the same rows: whatever ingest costs beyond this is ours. Each ingest run
    // is followed by the yardstick on the rows it wrote, so both see the same load on the machine.
    let copy = folder.appendingPathComponent("ingest-sqlite-alone.sqlite").path
    try measureIngestStages(linesPath: ingestLines, storePath: path, now: now, actor: actor)
    if runs("ingest") {
        var ratios: [Double] = [], processorRatios: [Double] = []
        for run in 1...3 {
            removeStore(path)
            // Both timed parts run from a store that exists to their rows stored and their connections closed:
            // creating the store is neither's work, and closing is both's (the last connection to close copies
            // what is left of the WAL into the store).
            _ = try PayDeskStore.create(at: path, clock: { now })
            var summary = IngestSummary()
            // This thread is ingest's writer: it reads the input, writes each batch, and helps parse the next.
            // Each timed part starts with the disk quiet: the pages the part before left to write back would
            // otherwise be written during it, and so slow whichever came second.
            sync()
            let (processBefore, writerBefore) = (processCPUSeconds(), threadCPUSeconds())
            let elapsed = try seconds { summary = try ingest(ingestLines, into: path) }
            let writerCPU = threadCPUSeconds() - writerBefore, othersCPU = processCPUSeconds() - processBefore - writerCPU
            let ingestRate = Double(summary.ingested) / elapsed
            let (orders, alone, closing, aloneCPU) = try sqliteAlone(copying: path, into: copy)
            let aloneRate = Double(orders) / alone
            ratios.append(ingestRate / aloneRate)
            processorRatios.append((writerCPU + othersCPU) / Double(summary.ingested) / (aloneCPU / Double(orders)))
            func perLine(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1e6 / Double(summary.ingested)) }
            print("  run \(run): ingest \(summary.ingested) orders in \(String(format: "%.2f", elapsed)) s = \(Int(ingestRate)) orders/s "
                  + "(\(perLine(elapsed)) µs each; processor: the writer's thread \(perLine(writerCPU)) µs, the parse's \(perLine(othersCPU)) µs); "
                  + "SQLite alone \(Int(aloneRate)) orders/s (\(String(format: "%.1f", alone * 1e6 / Double(orders))) µs each, "
                  + "processor \(String(format: "%.1f", aloneCPU * 1e6 / Double(orders))) µs; "
                  + "closing took \(String(format: "%.2f", closing)) s); "
                  + "ratio \(String(format: "%.2f", ingestRate / aloneRate))")
        }
        print("  ingest / SQLite alone, median of 3: \(String(format: "%.2f", ratios.sorted()[1]))")
        // Processor time moves less with the host's load than elapsed time does, and says what ingest costs beyond
        // SQLite whatever the number of cores.
        print("  processor per order, ingest's / SQLite alone's, median of 3: \(String(format: "%.2f", processorRatios.sorted()[1]))")
        for file in [path, copy] { removeStore(file) }
    }
    printPeakMemory(after: "ingest")
}

/// "SQLite alone" (issue 17): the rows ingest wrote, inserted into a fresh store with the same schema, indexes and
/// triggers, WAL and `synchronous = NORMAL` (what the store's own connections use), 2,000 orders to a
/// transaction, by `INSERT … SELECT`: no JSON, no checks, no Swift per row. Every table ingest writes is copied:
/// the orders, their search documents (`order_search_text`, which ingest writes from Swift because SQL cannot
/// fold Unicode) and their trigram index (`order_search`, contentless, so filled from the documents), and the
/// audit entries; the triggers keep `status_totals` and `audit_head` as they do for ingest. A
/// source with rows in a table this does not copy (an input with payment events) is refused rather than
/// measured short. Timed as ingest is, up to its connection closed: SQLite checkpoints the WAL only once it holds
/// 10,000 pages, and the close copies what is left of it into the store, where ingest's checkpoints keep up as it
/// writes. Returns how many orders, how long it took, how long of that the close took, and the processor time it
/// took.
func sqliteAlone(copying source: String, into path: String) throws -> (orders: Int, seconds: Double, closing: Double, processor: Double) {
    removeStore(path)
    _ = try PayDeskStore.create(at: path)
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { fatalError("cannot open \(path)") }
    func run(_ sql: String) {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { fatalError("\(sql): \(String(cString: sqlite3_errmsg(db)))") }
    }
    func count(_ sql: String) -> Int {
        var statement: OpaquePointer?
        sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        defer { sqlite3_finalize(statement) }
        return sqlite3_step(statement) == SQLITE_ROW ? Int(sqlite3_column_int64(statement, 0)) : 0
    }
    run("PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA wal_autocheckpoint = 10000; PRAGMA temp_store = MEMORY")
    run("ATTACH '\(source)' AS source")
    for table in ["payment_events", "refunds", "charge_polls"] where count("SELECT count(*) FROM source.\(table)") > 0 {
        fatalError("SQLite alone copies orders, their search documents and audit entries; \(source) also has \(table)")
    }
    let orders = count("SELECT count(*) FROM source.orders"), entries = count("SELECT max(id) FROM source.audit_log")
    guard count("SELECT max(id) FROM source.orders") == orders, entries == orders else {
        fatalError("SQLite alone expects one audit entry per order, numbered alike, in \(source)")
    }
    sync()
    // Elapsed and processor time of the parts timed; the check between them is not.
    var processor = 0.0
    func timed(_ body: () -> Void) -> Double {
        let before = processCPUSeconds()
        defer { processor += processCPUSeconds() - before }
        return seconds(body)
    }
    let inserting = timed {
        for first in stride(from: 0, to: orders, by: 2_000) {
            func rows(_ column: String) -> String { "\(column) > \(first) AND \(column) <= \(first + 2_000)" }
            run("""
                BEGIN IMMEDIATE;
                INSERT INTO orders SELECT * FROM source.orders WHERE \(rows("id"));
                INSERT INTO order_search_text SELECT * FROM source.order_search_text WHERE \(rows("id"));
                INSERT INTO order_search (rowid, document) SELECT id, document FROM source.order_search_text WHERE \(rows("id"));
                INSERT INTO audit_log SELECT * FROM source.audit_log WHERE \(rows("id"));
                COMMIT
                """)
        }
    }
    guard count("SELECT count(*) FROM order_search_text") == count("SELECT count(*) FROM source.order_search_text") else {
        fatalError("SQLite alone did not copy every search document")
    }
    var closed = SQLITE_OK
    let closing = timed { closed = sqlite3_close(db) }
    // A statement left open would keep the connection, and the WAL it should copy, open past the timing.
    guard closed == SQLITE_OK else { fatalError("SQLite alone could not close \(path): \(String(cString: sqlite3_errstr(closed)))") }
    return (orders, inserting + closing, closing, processor)
}

if runs("contention") {
    print("Contention: constant work per refund event, and an operator's refund while ingest writes")
    try refundEventsOnOneOrder(count: scale.refundEvents, chunk: scale.refundChunk)
    try operatorRefundLatencyDuringIngest(linesPath: try ingestInput(), orders: scale.ingestOrders)
    printPeakMemory(after: "contention")
    print("")
}

guard runs("store") || runs("search") else { exit(0) }

// MARK: The large store

let largePath = try largeStore()
let storeBytes = (try FileManager.default.attributesOfItem(atPath: largePath)[.size] as? Int) ?? 0
print("\nQueries on a store of \(largeOrders) orders (\(storeBytes / 1_048_576) MiB)")

let store = try PayDeskStore(path: largePath, mode: .readOnly)
if runs("store") {
    measure("open + newest 50", times: 50) {
        let store = try! PayDeskStore(path: largePath, mode: .readOnly)
        _ = try! store.orders(OrderQuery(limit: 50))
    }
    var deepCursor = try store.orders(OrderQuery(limit: 1)).first!.cursor
    // Walk to the middle once (not timed) to get a deep cursor.
    for _ in 0..<(largeOrders / 2 / 10_000) { deepCursor = try store.orders(OrderQuery(limit: 10_000, after: deepCursor)).last!.cursor }
    measure("next page of 50 by keyset, mid-store") { _ = try! store.orders(OrderQuery(limit: 50, after: deepCursor)) }
    measure("next page of 50, status paid, mid-store") { _ = try! store.orders(OrderQuery(status: .paid, limit: 50, after: deepCursor)) }
    measure("counts and amounts per status") { _ = try! store.statusTotals() }
}

let sample = try store.order(String(format: "LOAD-%08d", largeOrders / 3))
let contact = sample.details.shippingContact!
// Search: the first page (50 rows, newest first) and how far the search reached, as `orders list --search` and
// the console ask for them. Twenty runs each; the first, on cold caches, is also printed on its own: it is what
// an operator's first search of a session costs.
let phoneDigits = contact.phoneNumber!.filter(\.isNumber)
let spacedPhone = stride(from: 0, to: phoneDigits.count, by: 4).map { start in
    String(phoneDigits.dropFirst(start).prefix(4))
}.joined(separator: " ")
// `--term TEXT` measures that term alone, `--times N` times (to profile one search: valgrind's callgrind counts
// its instructions whatever else the machine does).
let searchTimes = scale.repeats(options.times ?? 20)
let terms = options.term.map { [("--term", $0)] }
    ?? [("common name", "garcia"), ("name, some thousands", "Zoë Nguyen"), ("rare name (none match)", "Lovelace"),
        ("CJK name", "欧阳子涵"), ("email fragment", String(contact.emailAddress!.prefix(7)).uppercased()),
        ("phone digits, spaced", spacedPhone), ("order id", sample.summary.orderId), ("card last 4", sample.summary.cardLast4!),
        ("whole email address", contact.emailAddress!), ("order id prefix (matches all)", "LOAD-"),
        ("two characters", "王伟")]
for (name, text) in terms {
    let query = OrderQuery(search: text, limit: 50)
    var found = 0
    var reach = SearchReach.complete
    var pages: [Double] = []
    for _ in 0..<searchTimes { pages.append(seconds { found = try! store.orders(query).count } * 1000) }
    report("search, first page: \(name)", pages)
    measure("search, its reach: \(name)", times: searchTimes) { reach = try! store.searchReach(query) }
    print("    \(text): \(found) on the first page (\(String(format: "%.3f", pages[0])) ms the first time); \(reach)")
}
if runs("store") { measure("one order in full") { _ = try! store.order(sample.summary.orderId) } }
print("  resident memory after the queries: \(String(format: "%.1f", residentMegabytes())) MiB")
printPeakMemory(after: runs("store") ? "store" : "search")

