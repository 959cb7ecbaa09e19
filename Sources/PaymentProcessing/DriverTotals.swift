import Logging
import OrderModel

/// What a driver has done: counted as it goes, logged per pass at debug level and in full when it stops.
public struct DriverTotals: Sendable, Equatable {
    public var submitted = 0
    public var polls = 0
    public var paid = 0
    public var failed = 0
    public var reversed = 0
    public var reversalsRefused = 0
    public var refunded = 0
    public var refundsFailed = 0
    /// Steps that failed and are left for a later pass.
    public var retries = 0

    public init() {}

    /// Every counter with the name the log gives it.
    private static var counters: [(name: String, count: WritableKeyPath<DriverTotals, Int>)] {
        [("submitted", \.submitted), ("polls", \.polls), ("paid", \.paid), ("failed", \.failed), ("reversed", \.reversed),
         ("reversalsRefused", \.reversalsRefused), ("refunded", \.refunded), ("refundsFailed", \.refundsFailed), ("retries", \.retries)]
    }

    mutating func count(_ recorded: PaymentEventKind) {
        switch recorded {
        case .chargeSucceeded: paid += 1
        case .chargeFailed: failed += 1
        case .reversalSucceeded: reversed += 1
        case .reversalUnsupported: reversalsRefused += 1
        case .refundSucceeded: refunded += 1
        case .refundFailed: refundsFailed += 1
        case .chargeSubmitted, .refundSubmitted: break
        }
    }

    public var metadata: Logger.Metadata {
        Dictionary(uniqueKeysWithValues: Self.counters.map { ($0.name, .stringConvertible(self[keyPath: $0.count])) })
    }

    static func - (after: DriverTotals, before: DriverTotals) -> DriverTotals {
        var difference = after
        for counter in counters { difference[keyPath: counter.count] -= before[keyPath: counter.count] }
        return difference
    }
}
