import Foundation

/// SIGTERM, SIGINT or SIGHUP ask the driver to stop between passes; every write it made is already complete.
final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var first: String?
    private var sources: [DispatchSourceSignal] = []

    init() {
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.stop(name) }
            source.resume()
            sources.append(source)
        }
    }

    /// The first signal received, by name; nil while none was.
    var received: String? { lock.withLock { first } }

    private func stop(_ name: String) { lock.withLock { first = first ?? name } }
}
