import Foundation
import OrderIngest
import OrderModel
import OrderStore

/// Where an ingested line's time goes (issue 17): ingest parses a batch on the other cores while the batch before
/// it is written on one, so it runs at the pace of the slower of the two. Here each stage runs alone, on batches
/// of 2,000 lines (ingest's are about as large): the parse's processor time per line (all cores together), and the
/// writer's time per line (one thread; the writer's own processor time too, which other work on the machine
/// changes far less than its wall clock).
func measureIngestStages(linesPath: String, storePath: String, now: Timestamp, actor: Actor) throws {
    let lines = try Data(contentsOf: URL(fileURLWithPath: linesPath)).split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
    removeStore(storePath)
    let store = try PayDeskStore.create(at: storePath, clock: { now })
    let ingester = Ingester(store: store, actor: actor, onProblem: { print("    rejected: \($0)") })
    var parseCPU = 0.0, parseWall = 0.0, write = 0.0, writeCPU = 0.0
    for first in stride(from: 0, to: lines.count, by: 2_000) {
        let batch = Array(lines[first..<min(lines.count, first + 2_000)])
        let cpuBefore = processCPUSeconds()
        var prepared: Ingester.PreparedLines?
        parseWall += seconds { prepared = ingester.prepare(batch, firstLine: first + 1, now: now) }
        parseCPU += processCPUSeconds() - cpuBefore
        let threadBefore = threadCPUSeconds()
        write += try seconds { try ingester.write(prepared!) }
        writeCPU += threadCPUSeconds() - threadBefore
    }
    let count = Double(ingester.summary.ingested)
    print("  stages apart, \(Int(count)) lines: parse \(String(format: "%.1f", parseCPU * 1e6 / count)) µs of processor a line "
          + "(\(String(format: "%.1f", parseWall * 1e6 / count)) µs of wall clock on \(ProcessInfo.processInfo.activeProcessorCount) cores); "
          + "write \(String(format: "%.1f", write * 1e6 / count)) µs a line on one thread (\(String(format: "%.1f", writeCPU * 1e6 / count)) µs of its processor)")
    removeStore(storePath)
}
