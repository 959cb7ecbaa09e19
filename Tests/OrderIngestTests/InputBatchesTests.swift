import Foundation
@testable import OrderIngest
import Synchronization
import Testing

/// Ingest's input in batches, read ahead on a helper while the writer writes (`InputBatches`): through a pipe
/// whose producer pauses, as `tail -f | paydesk ingest` does.
@Suite struct InputBatchesTests {
    /// A pipe whose write end the test holds open. One thread at a time writes to it.
    final class Producer: @unchecked Sendable {
        let pipe = Pipe()
        var input: Int32 { pipe.fileHandleForReading.fileDescriptor }
        func send(_ lines: [String]) { pipe.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8)) }
        func close() throws { try pipe.fileHandleForWriting.close() }
    }

    static func texts(_ batch: InputBatches.Batch) -> [String] {
        batch.lines.map { String(decoding: $0.bytes ?? [], as: UTF8.self) }
    }

    @Test func aPauseEndsABatchAndLinesThatComeLaterAreReadAheadInOrder() throws {
        // Given a producer that sends two lines and then pauses, the pipe left open
        let producer = Producer()
        let input = InputBatches(fileDescriptor: producer.input)
        producer.send(["a", "b"])
        // When a batch is taken, Then it holds both lines and says the input paused
        let first = try input.next()
        #expect(Self.texts(first) == ["a", "b"] && first.paused && !first.ended)
        // When the producer sends more, and the helper reads ahead what is there
        producer.send(["c", "d"])
        let helper = DispatchQueue(label: "helper")
        input.readAhead(on: helper)
        // Then the next batch holds them, numbered on from the first
        let second = try input.next()
        #expect(Self.texts(second) == ["c", "d"] && second.lines.map(\.number) == [3, 4] && second.paused)
        // And when the producer closes the pipe, the batch after says the input ended
        try producer.close()
        let last = try input.next()
        #expect(last.lines.isEmpty && last.ended)
    }

    @Test func theHelperStopsAtWhatIsThereWhileAProducerTrickles() throws {
        // Given a producer that sends a line every 5 ms until told to stop (at most 4,000), and has sent a few
        let producer = Producer()
        let input = InputBatches(fileDescriptor: producer.input)
        let sent = Mutex(0), stop = DispatchSemaphore(value: 0), stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            repeat {
                let line = sent.withLock { count in
                    count += 1
                    return count
                }
                producer.send(["line \(line)"])
            } while sent.withLock({ $0 }) < 4_000 && stop.wait(timeout: .now() + .milliseconds(5)) == .timedOut
            stopped.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while sent.withLock({ $0 }) < 5, Date() < deadline { _ = stopped.wait(timeout: .now() + .milliseconds(1)) }
        // When the helper reads ahead while the lines keep coming
        let helper = DispatchQueue(label: "helper")
        input.readAhead(on: helper)
        // Then it is done long before a batch's 2,000 lines could trickle in (10 s): it reads what is there and stops
        let done = DispatchSemaphore(value: 0)
        helper.async { done.signal() }
        let finished = done.wait(timeout: .now() + 5)
        stop.signal()
        stopped.wait()
        try producer.close()
        #expect(finished == .success, "the helper kept reading while lines trickled in")
        // And every line sent is read, once, in order, by the batches that follow
        var lines: [String] = []
        while true {
            let batch = try input.next()
            lines += Self.texts(batch)
            if batch.ended { break }
        }
        #expect(lines.count >= 5 && lines == (1...lines.count).map { "line \($0)" })
    }

    @Test func theHelperNeverWaitsForAQuietProducer() throws {
        // Given an open pipe with nothing in it
        let producer = Producer()
        let input = InputBatches(fileDescriptor: producer.input)
        let helper = DispatchQueue(label: "helper")
        // When the helper is asked to read ahead
        input.readAhead(on: helper)
        // Then it is done at once: ingest waits for its helper before it returns, whatever the producer does
        let done = DispatchSemaphore(value: 0)
        helper.async { done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success, "the helper is blocked reading a quiet pipe")
        // And a line sent afterwards is still read, by the next batch
        producer.send(["late"])
        #expect(Self.texts(try input.next()) == ["late"])
        try producer.close()
    }
}
