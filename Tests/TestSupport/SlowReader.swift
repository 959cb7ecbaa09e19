import Foundation

/// Reads a descriptor (the far end of a socket or pipe a test writes to) on its own thread, a little at a time,
/// until told to finish and nothing more arrives: a slow terminal or reader.
public final class SlowReader: @unchecked Sendable {
    private let descriptor: Int32
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var finishing = false
    private let done = DispatchSemaphore(value: 0)

    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
        Thread.detachNewThread { self.run() }
    }

    private func run() {
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&readable, 1, 20) > 0 {
                let count = read(descriptor, &chunk, chunk.count)
                if count > 0 { lock.withLock { received += chunk[0..<count] }; continue }
                break
            }
            if lock.withLock({ finishing }) { break }
        }
        done.signal()
    }

    /// Everything read, once the writer is done and nothing more arrives.
    public func finish() -> [UInt8]? {
        lock.withLock { finishing = true }
        guard done.wait(timeout: .now() + 10) == .success else { return nil }
        return lock.withLock { received }
    }
}
