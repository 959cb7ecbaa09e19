import OrderModel

/// How far the operator's wall clock is from UTC at a moment on screen.
public enum UTCOffset: Sendable, Equatable {
    /// The same offset for every moment: tests, and a zone without daylight saving.
    case fixed(seconds: Int)
    /// The host's local time at that very moment (`Timestamp.localUTCOffsetSeconds`): an order made in July
    /// shows July's offset when it is read in January.
    case local

    func seconds(at moment: Timestamp) -> Int {
        switch self {
        case .fixed(let seconds): seconds
        case .local: moment.localUTCOffsetSeconds
        }
    }
}
