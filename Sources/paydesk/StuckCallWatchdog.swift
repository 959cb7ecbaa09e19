import Foundation

/// `--max-wait` is checked by the driver between passes, so a processor call that never returns would keep it
/// from ever checking. This fires `grace` after the deadline if the run has not ended by then; what it does
/// (report and exit) is as safe as kill -9, because every write is one transaction.
final class StuckCallWatchdog {
    /// Time for a pass that is merely slow to finish after the deadline.
    static let grace: Int64 = 10_000

    private let timer: any DispatchSourceTimer

    init(deadline milliseconds: Int64, _ fire: @escaping @Sendable () -> Void) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(Int(milliseconds)))
        timer.setEventHandler(handler: fire)
        timer.resume()
    }

    func cancel() { timer.cancel() }
}
