import Foundation
import OrderModel

/// The driver's sense of time: real for `paydesk process`, virtual in scenario tests, where a sleep moves time
/// on at once.
public protocol DriverClock: Sendable {
    func now() -> Timestamp
    func sleep(milliseconds: Int64) async
}

public struct SystemDriverClock: DriverClock {
    public init() {}
    public func now() -> Timestamp { Timestamp(date: Date()) }
    public func sleep(milliseconds: Int64) async { try? await Task.sleep(nanoseconds: UInt64(max(0, milliseconds)) * 1_000_000) }
}

/// Time that passes only when someone sleeps, so that minutes of polling run in microseconds.
public final class VirtualClock: DriverClock, @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`.
    private var time: Timestamp

    public init(_ start: Timestamp) { time = start }

    public func now() -> Timestamp { lock.withLock { time } }

    public func sleep(milliseconds: Int64) async { advance(milliseconds: milliseconds) }

    public func advance(milliseconds: Int64) { lock.withLock { time = time.adding(milliseconds: milliseconds) } }
}
