import Foundation
import OrderModel

/// A batch of lines parsed by whoever is free: helper threads on every core but one are sent for it at once (the
/// first on ingest's helper queue, after the input it is reading ahead), and the thread that asks for the result
/// parses what is left, then waits only for lines still being parsed.
/// Ingest's writer asks only once it has written the batch before, so while it writes it keeps a core to
/// itself, and once it is done it helps instead of waiting. (With a thread on every core, the parse took part
/// of the writer's core from it; with one parse thread, whichever stage finished first sat idle.)
///
/// Helpers take lines from the front, the thread that asks from the back, so that the lines it parsed are the
/// batch's last (`ParsedBatch.firstParsedByAsker`): it frees them itself once it has written them. Freed by
/// another thread, a line's memory went back to the malloc arena of the thread that parsed it under that
/// arena's lock, while its owner was allocating from it: ingest's helper waited for the writer's arena some
/// 600 times in 30,000 lines.
final class BatchParse: @unchecked Sendable {
    private let lines: [Line]
    private let now: Timestamp
    private let actor: Actor
    private let verifier: (any TokenVerifying)?
    /// Each line's slot is written by the one thread that claimed it, before it counts the line as parsed, and
    /// read only once every line is counted.
    private let parsed: UnsafeMutableBufferPointer<Ingester.ParsedLine>
    private let progress = NSCondition()
    // Guarded by `progress`.
    /// The lines nobody has claimed yet: helpers claim `front`, the asker the one before `back`.
    private var front = 0
    private var back: Int
    private var parsedLines = 0

    /// `helpers` threads help, one for every core but the asker's unless told otherwise (tests tell): the first
    /// on `firstHelper` (ingest's helper thread, which has other work after it), the others on the global queue.
    init(_ lines: [Line], now: Timestamp, actor: Actor, verifier: (any TokenVerifying)?, firstHelper: DispatchQueue = .global(),
         helpers: Int = ProcessInfo.processInfo.activeProcessorCount - 1) {
        self.lines = lines
        self.now = now
        self.actor = actor
        self.verifier = verifier
        back = lines.count
        parsed = .allocate(capacity: lines.count)
        parsed.initialize(repeating: .blank)
        // A helper that starts after the last line was claimed finds nothing to do; nobody waits for it.
        for helper in 0..<max(0, min(helpers, lines.count - 1)) {
            (helper == 0 ? firstHelper : .global()).async { self.parseUnclaimedLines() }
        }
    }

    deinit {
        parsed.deinitialize()
        parsed.deallocate()
    }

    /// The batch parsed, in line order. Asked for once: the results move out of the batch.
    func result() -> Ingester.ParsedBatch {
        parseUnclaimedLines(asker: true)
        let firstParsedHere = progress.withLock {
            while parsedLines < lines.count { progress.wait() }
            return back
        }
        var batch = Ingester.ParsedBatch(now: now)
        batch.documents.reserveCapacity(lines.count)
        // Each result moves out of its slot, left blank for `deinit`: a copy would retain every string of the order
        // now and release it again when the slots go.
        for (index, line) in lines.enumerated() {
            if index == firstParsedHere { batch.firstParsedByAsker = batch.documents.count }
            let result = (parsed.baseAddress! + index).move()
            (parsed.baseAddress! + index).initialize(to: .blank)
            switch consume result {
            case .blank: continue
            case .document(let write): batch.documents.append((line.number, write))
            case .rejected(let problem): batch.rejected.append((line.number, problem))
            }
        }
        return batch
    }

    /// Leaves the lines nobody has claimed yet unparsed, for ingest ending on an error: the helpers stop after the
    /// line each is on (with keys, each line verifies a token). `result()` must not be asked for after this.
    func abandon() {
        progress.withLock { front = back }
    }

    /// Lines are claimed one at a time: a line costs tens of microseconds to parse (milliseconds with a token to
    /// verify), the claim a fraction of one.
    private func parseUnclaimedLines(asker: Bool = false) {
        var finished: Int?
        while let index = claimLine(after: finished, fromBack: asker) {
            parsed[index] = Ingester.parse(lines[index], now: now, actor: actor, verifier: verifier)
            finished = index
        }
    }

    /// Counts the line just parsed, if any, and claims the next one from the front, or from the back.
    private func claimLine(after finished: Int?, fromBack: Bool) -> Int? {
        progress.withLock {
            if finished != nil {
                parsedLines += 1
                if parsedLines == lines.count { progress.broadcast() }
            }
            guard front < back else { return nil }
            if fromBack {
                back -= 1
                return back
            }
            defer { front += 1 }
            return front
        }
    }
}
