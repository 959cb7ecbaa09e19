/// The shop at a glance, as the console's header shows it: orders per minute over the last hour, how many of
/// their charges failed, charges still waiting for an answer, refunds not yet submitted. Read at `asOf`; the
/// console slides the hour along its own clock between readings, which it can because only a change to the
/// store (and so a new reading) adds orders.
public struct ShopActivity: Sendable, Equatable {
    /// Orders created in one minute (minutes since the Unix epoch, UTC), and how their charges ended so far.
    public struct Minute: Sendable, Equatable {
        public var minute: Int64
        public var orders: Int
        /// Paid, later refunded or reversed: the charge succeeded.
        public var succeeded: Int
        public var failed: Int

        public init(minute: Int64, orders: Int, succeeded: Int = 0, failed: Int = 0) {
            self.minute = minute
            self.orders = orders
            self.succeeded = succeeded
            self.failed = failed
        }
    }

    public var asOf: Timestamp
    /// Every minute with an order from 61 minutes before `asOf` on, oldest first.
    public var minutes: [Minute]
    /// Charges in flight whose last change is more than 5 s before `asOf`.
    public var chargesWaiting: Int
    /// When each younger charge in flight last changed: each passes 5 s on the console's clock, with no new reading.
    public var recentCharges: [Timestamp]
    /// Refunds requested and not yet submitted to the processor.
    public var pendingRefunds: Int

    public init(asOf: Timestamp, minutes: [Minute], chargesWaiting: Int, recentCharges: [Timestamp], pendingRefunds: Int) {
        self.asOf = asOf
        self.minutes = minutes
        self.chargesWaiting = chargesWaiting
        self.recentCharges = recentCharges
        self.pendingRefunds = pendingRefunds
    }

    /// How long a charge may wait for its answer before it needs an eye (docs/design.md §1: poll after 5 s).
    public static let chargeWaitMilliseconds: Int64 = 5_000

    /// Charges in flight for more than 5 s at `now`.
    public func chargesWaiting(at now: Timestamp) -> Int {
        chargesWaiting + recentCharges.filter { now.milliseconds(since: $0) > Self.chargeWaitMilliseconds }.count
    }

    /// The hour up to and including the minute of `now`, in `buckets` equal parts (60 divisible by it): orders,
    /// succeeded and failed charges in each, oldest first.
    public func lastHour(at now: Timestamp, buckets: Int) -> [Minute] {
        let perBucket = Int64(60 / max(1, buckets))
        let last = now.millisecondsSinceEpoch / 60_000
        let first = last - 59
        var result = (0..<Int64(60) / perBucket).map { Minute(minute: first + $0 * perBucket, orders: 0) }
        for minute in minutes where minute.minute >= first && minute.minute <= last {
            let index = Int((minute.minute - first) / perBucket)
            result[index].orders += minute.orders
            result[index].succeeded += minute.succeeded
            result[index].failed += minute.failed
        }
        return result
    }
}
