import Foundation
import OrderModel
import PaymentProcessing

/// Time that passes only when someone moves it: a sleep of the lifecycle driver moves it on at once, so that
/// minutes of polling run in microseconds, and the demo sets it to each step of its simulation, so that a
/// week-old refund looks a week old. Pass `now` as a store's clock to share it with the store.
public final class VirtualClock: DriverClock, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var time: Timestamp

    public init(_ start: Timestamp) { time = start }

    public func now() -> Timestamp { lock.withLock { time } }

    public func sleep(milliseconds: Int64) async { advance(milliseconds: milliseconds) }

    public func advance(milliseconds: Int64) { lock.withLock { time = time.adding(milliseconds: milliseconds) } }

    public func set(_ time: Timestamp) { lock.withLock { self.time = time } }
}
