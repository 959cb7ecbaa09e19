/// What a cancel did.
public enum CancelOutcome: String, Sendable, Equatable, CustomStringConvertible {
    /// Nothing had been submitted: the order will never be charged.
    case canceled = "canceled, never charged"
    /// The charge is in flight: it will be reversed if it succeeds, and ends canceled if it fails.
    case cancelRequestedWhileCharging = "cancel requested while charging"
    /// The charge succeeded: a reversal was requested (a refund if the bank refuses reversal).
    case reversalRequested = "reversal requested"

    public var description: String { rawValue }
}
