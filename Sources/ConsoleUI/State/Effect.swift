import OrderModel

/// Work the update function asks for: reads and writes of the store, run off the UI thread and answered by a
/// `Message`, and what the runtime does to the terminal itself.
public enum Effect: Sendable, Equatable {
    case checkStore
    case loadOrders(OrdersPageRequest)
    /// How far a read of a searched list reached (its first page, or one that came back short), for the list of
    /// that generation.
    case loadSearchReach(OrderQuery, generation: Int)
    case loadTotals
    case loadActivity
    case loadOrder(String)
    case loadRefunds
    case loadAudit
    case cancel(orderId: String, expecting: PaymentStatus, idempotencyKey: String)
    case refund(orderId: String, amount: Money, reason: RefundReason, note: String?, idempotencyKey: String)
    case withdraw(refundId: String)
    /// `e`: the list written to a new file in the export folder.
    case export(ExportRequest)
    case quit
    /// Ctrl-Z: give the terminal back to the shell and stop until `fg`.
    case suspend
    /// A confirmation that changes an order was opened: keys typed before it is on screen are dropped.
    case discardTypeAhead
}

/// One page of the orders list: the query, and where the rows go in the loaded window.
public struct OrdersPageRequest: Sendable, Equatable {
    public enum Placement: Sendable, Equatable {
        /// The list starts over at the query's first row (a new filter, Home).
        case start
        /// The list starts over at its last rows (End); the query runs backwards and is turned around.
        case end
        /// After the last loaded row.
        case append
        /// Before the first loaded row; the query runs backwards and is turned around.
        case prepend
        /// Visible rows re-read after a change elsewhere: rows from this index on are replaced.
        case refresh(from: Int)
    }

    public var query: OrderQuery
    public var placement: Placement
    /// Which filter the page belongs to: a page for an older filter is dropped when it arrives.
    public var generation: Int
    /// Read ahead of the selection: nothing on screen waits for it, so it is asked for once the frame in hand
    /// is drawn (`Console`).
    public var readAhead = false
}
