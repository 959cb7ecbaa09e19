import Foundation
import OrderModel

/// The driver's sense of time: real for `paydesk process`, virtual in scenario tests (`VirtualClock`, in
/// PayDeskSandbox), where a sleep moves time on at once.
public protocol DriverClock: Sendable {
    func now() -> Timestamp
    func sleep(milliseconds: Int64) async
}

public struct SystemDriverClock: DriverClock {
    public init() {}
    public func now() -> Timestamp { Timestamp.now() }
    public func sleep(milliseconds: Int64) async { try? await Task.sleep(nanoseconds: UInt64(max(0, milliseconds)) * 1_000_000) }
}
