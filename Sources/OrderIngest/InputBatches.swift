import Foundation
import OrderStore

/// Ingest's input cut into batches: whole reads until they hold `Ingester.batchLines` lines, or whatever arrived
/// before the input paused, so that lines piped in slowly are stored as they arrive.
///
/// The next batch may be read ahead on ingest's helper thread (`readAhead(on:)`) while the writer writes: the
/// writer sets ingest's pace, and reading took it 2 to 9 µs a line. One thread reads at a time: the writer takes a
/// batch read ahead before it reads again.
final class InputBatches: @unchecked Sendable {
    struct Batch {
        var lines: [Line]
        /// The input paused (or ended) after these lines: they are written at once.
        var paused: Bool
        var ended: Bool
    }

    private let fileDescriptor: Int32
    private var reader: LineReader
    /// The batch being read ahead, if one is: set and taken by the writer alone.
    private var pending: ReadAhead?

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        reader = LineReader(fileDescriptor: fileDescriptor, maximumLineBytes: Ingester.maximumLineBytes)
    }

    /// The next batch: the one read ahead, or one read now.
    func next() throws(StoreError) -> Batch {
        if let pending {
            self.pending = nil
            return try pending.outcome().get()
        }
        return try read()
    }

    /// Reads the next batch on `queue`, unless no input is ready this moment: then `next()` reads it. The helper
    /// must never wait on a quiet pipe, since ingest waits for its helper before it returns.
    func readAhead(on queue: DispatchQueue) {
        guard pending == nil, Self.inputReady(fileDescriptor, withinMilliseconds: 0) else { return }
        let readAhead = ReadAhead()
        pending = readAhead
        queue.async { readAhead.finish(Result { () throws(StoreError) in try self.read() }) }
    }

    private func read() throws(StoreError) -> Batch {
        var lines: [Line] = []
        while true {
            let (read, ended) = try reader.next()
            lines += read
            // A pipe is briefly empty between a fast writer's writes; that is not a pause. 10 ms is.
            let paused = ended || !Self.inputReady(fileDescriptor, withinMilliseconds: 10)
            if paused || lines.count >= Ingester.batchLines { return Batch(lines: lines, paused: paused, ended: ended) }
        }
    }

    /// Whether input can be read without waiting, or arrives within `milliseconds`: a file always can.
    static func inputReady(_ fileDescriptor: Int32, withinMilliseconds milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// A batch read on the helper: its outcome is written there before `done` is signalled, and read by the
    /// writer only after.
    private final class ReadAhead: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<Batch, StoreError>?

        func finish(_ result: Result<Batch, StoreError>) {
            self.result = result
            done.signal()
        }

        func outcome() -> Result<Batch, StoreError> {
            done.wait()
            guard let result else { preconditionFailure("a read ahead signalled before its outcome") }
            return result
        }
    }
}
