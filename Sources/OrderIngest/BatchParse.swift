import Foundation
import OrderModel

/// A batch of lines parsed by whoever is free: helper threads on every core but one start at once, and the
/// thread that asks for the result parses what is left before it waits. Ingest's writer asks only once it has
/// written the batch before, so while it writes it keeps a core to itself, and once it is done it helps
/// instead of waiting. (With a thread on every core, the parse took part of the writer's core from it; with one
/// parse thread, whichever stage finished first sat idle.)
final class BatchParse: @unchecked Sendable {
    private let lines: [Line]
    private let now: Timestamp
    private let verifier: (any TokenVerifying)?
    /// Each line's slot is written by the one thread that claimed it, and read only after every helper has left
    /// `helpers`.
    private let parsed: UnsafeMutableBufferPointer<Ingester.ParsedLine>
    private let claim = NSLock()
    private var nextLine = 0
    private let helpers = DispatchGroup()

    init(_ lines: [Line], now: Timestamp, verifier: (any TokenVerifying)?) {
        self.lines = lines
        self.now = now
        self.verifier = verifier
        parsed = .allocate(capacity: lines.count)
        parsed.initialize(repeating: .blank)
        for _ in 0..<max(1, ProcessInfo.processInfo.activeProcessorCount - 1) {
            helpers.enter()
            DispatchQueue.global().async {
                self.parseUnclaimedLines()
                self.helpers.leave()
            }
        }
    }

    deinit {
        parsed.deinitialize()
        parsed.deallocate()
    }

    /// The batch parsed, in line order. Call once.
    func result() -> Ingester.ParsedBatch {
        parseUnclaimedLines()
        helpers.wait()
        var batch = Ingester.ParsedBatch(now: now)
        for (line, result) in zip(lines, parsed) {
            switch result {
            case .blank: continue
            case .document(let write): batch.documents.append((line.number, write))
            case .rejected(let problem): batch.rejected.append((line.number, problem))
            }
        }
        return batch
    }

    /// Lines are claimed one at a time: a line costs tens of microseconds to parse (milliseconds with a token to
    /// verify), the claim a fraction of one.
    private func parseUnclaimedLines() {
        while let index = claimLine() {
            parsed[index] = Ingester.parse(lines[index], now: now, verifier: verifier)
        }
    }

    private func claimLine() -> Int? {
        claim.withLock {
            guard nextLine < lines.count else { return nil }
            defer { nextLine += 1 }
            return nextLine
        }
    }
}
