import Foundation
import OrderModel
import PayDeskSandbox
import Testing

/// The benchmarks build their stores from the demo's order lines in chunks; the lifecycle driver then works
/// through the orders by creation time, so the chunks must follow one another in time as a shop's orders do.
@Suite struct DemoOrderLinesTests {
    let now = Timestamp(rfc3339: "2026-11-21T12:00:00Z")!

    func createdAt(_ line: String) throws -> Timestamp {
        let document = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        let text = try #require(document?["createdAt"] as? String)
        return try #require(Timestamp(rfc3339: text))
    }

    @Test func linesAskedForInChunksFollowOneAnotherInTime() throws {
        // Given a demo of 30 orders
        let demo = DemoStore(orders: 30, seed: 7, now: now)
        // When its lines are asked for in three chunks
        let lines = try [0, 10, 20].flatMap { try demo.orderLines(from: $0, count: 10) }
        // Then the orders are a second apart, in the order of their ids, the last a second before now
        let times = try lines.map(createdAt)
        #expect(times == (0..<30).map { now.adding(milliseconds: -Int64(30 - $0) * 1_000) })
        #expect(lines[0].contains(#""LOAD-00000000""#) && lines[29].contains(#""LOAD-00000029""#))
    }
}
