import OrderModel
import TerminalCore

/// Everything that can happen to the console: keys, the terminal, time, and the answers to effects.
public enum Message: Sendable {
    case key(Key)
    case resized(Size)
    /// Once a second, and whenever an answer arrives: time moves on (ages, flags and highlights depend on it).
    case tick(Timestamp)
    /// The store's change token was read: unchanged means everything shown is still current.
    case storeChecked(token: Int64, at: Timestamp)
    case ordersLoaded(OrdersPageRequest, [OrderSummary])
    case searchReachLoaded(SearchReach, generation: Int)
    case totalsLoaded([StatusTotal])
    case activityLoaded(ShopActivity)
    case orderLoaded(OrderDetail)
    case refundsLoaded([RefundView])
    case auditLoaded([AuditEntry])
    case actionFinished(ActionOutcome)
    case exported(ExportOutcome)
    /// A read failed (`call`); what is on screen stays, marked as no longer current. A change never fails here:
    /// it answers for itself, done or refused (`actionFinished`).
    case storeFailed(String, call: Effect)
    /// Back from Ctrl-Z or an outside stop, everything redrawn; `stopped` is false when there was no shell to
    /// return to and the console never stopped.
    case resumed(stopped: Bool)
}

/// What a cancel, refund or withdrawal did, as the operator is told.
public struct ActionOutcome: Sendable, Equatable {
    public var succeeded: Bool
    public var title: String
    public var lines: [String]

    public init(succeeded: Bool, title: String, lines: [String]) {
        self.succeeded = succeeded
        self.title = title
        self.lines = lines
    }
}
