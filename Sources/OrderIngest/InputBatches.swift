import Foundation
import OrderStore

/// Ingest's input cut into batches: whole reads until they hold `Ingester.batchLines` lines, or whatever arrived
/// before the input paused for 10 ms, so that lines piped in slowly are stored as they arrive.
///
/// While the writer writes, ingest's helper thread reads ahead (`readAhead(on:)`): the writer sets ingest's pace,
/// and reading took it 2 to 9 µs a line. The helper reads only input that is already there, never waiting for
/// more, so that it is soon done whatever the producer does (ingest waits for its helper before it returns), and
/// at most a batch of lines or `readAheadLimit` reads. Whether the input then pauses is for `next()` to see, as
/// after any read. One thread reads at a time: the writer takes what was read ahead before it reads again.
final class InputBatches: @unchecked Sendable {
    struct Batch {
        var lines: [Line]
        /// The input paused (or ended) after these lines: they are written at once.
        var paused: Bool
        var ended: Bool
    }

    /// Reads of `LineReader.readSize` (1 MiB) the helper makes ahead at most: a batch of a few kilobytes a line.
    static let readAheadLimit = 16

    private let fileDescriptor: Int32
    private var reader: LineReader
    /// Lines read and not yet in a batch, and whether the input has ended after them.
    private var lines: [Line] = []
    private var ended = false
    /// Signalled once the helper has read ahead; set and taken by the writer alone.
    private var readingAhead: DispatchSemaphore?

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
        reader = LineReader(fileDescriptor: fileDescriptor, maximumLineBytes: Ingester.maximumLineBytes)
    }

    /// The next batch: what was read ahead, and more read now until the batch is full or the input pauses.
    func next() throws(StoreError) -> Batch {
        if let readingAhead {
            readingAhead.wait()
            self.readingAhead = nil
        }
        if lines.isEmpty, !ended { try read() }
        while true {
            let paused = ended || !Self.inputReady(fileDescriptor, withinMilliseconds: 10)
            if paused || lines.count >= Ingester.batchLines {
                defer { lines = [] }
                return Batch(lines: lines, paused: paused, ended: ended)
            }
            try read()
        }
    }

    /// Reads on `queue` what input is already there, up to a batch. A read that fails is left for `next()` to
    /// make again and report.
    func readAhead(on queue: DispatchQueue) {
        guard readingAhead == nil, !ended else { return }
        let done = DispatchSemaphore(value: 0)
        readingAhead = done
        queue.async {
            var reads = 0
            while reads < Self.readAheadLimit, self.lines.count < Ingester.batchLines, !self.ended,
                  Self.inputReady(self.fileDescriptor, withinMilliseconds: 0), (try? self.read()) != nil {
                reads += 1
            }
            done.signal()
        }
    }

    /// One read's complete lines, added to those waiting.
    private func read() throws(StoreError) {
        let (read, ended) = try reader.next()
        lines += read
        self.ended = ended
    }

    /// Whether input can be read without waiting, or arrives within `milliseconds`: a file always can.
    static func inputReady(_ fileDescriptor: Int32, withinMilliseconds milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}
