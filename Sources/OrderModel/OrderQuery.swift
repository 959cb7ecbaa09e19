/// What the orders list shows: sorted by time or by amount, optionally one status, optionally a search, one
/// page at a time.
public struct OrderQuery: Sendable, Equatable {
    /// Amounts in different currencies cannot be compared, so sorting by amount groups the currencies and
    /// sorts the amounts within each.
    public enum ListOrder: String, Sendable, CaseIterable, CustomStringConvertible {
        case newestFirst = "newest"
        case oldestFirst = "oldest"
        case largestFirst = "largest"
        case smallestFirst = "smallest"

        public var reversed: ListOrder {
            switch self {
            case .newestFirst: .oldestFirst
            case .oldestFirst: .newestFirst
            case .largestFirst: .smallestFirst
            case .smallestFirst: .largestFirst
            }
        }

        /// The same direction by the other key: newest first becomes largest first.
        public var otherKey: ListOrder {
            switch self {
            case .newestFirst: .largestFirst
            case .oldestFirst: .smallestFirst
            case .largestFirst: .newestFirst
            case .smallestFirst: .oldestFirst
            }
        }

        public var description: String {
            switch self {
            case .newestFirst: "newest first"
            case .oldestFirst: "oldest first"
            case .largestFirst: "largest first (per currency)"
            case .smallestFirst: "smallest first (per currency)"
            }
        }
    }

    public var status: PaymentStatus?
    /// Matches an order id (prefix), a phone number (however formatted, by its last digits), an email
    /// address, the card's last 4 digits, or the start of the customer's name. A prefix matching more than
    /// 1,000 orders contributes the first 1,000 in id or name order.
    public var search: String?
    public var limit: Int
    /// Keyset paging: the page after this row, in `order`. Never OFFSET, so page 10,000 costs what page 1 does.
    public var after: OrderCursor?
    public var order: ListOrder

    public init(status: PaymentStatus? = nil, search: String? = nil, limit: Int = 50, after: OrderCursor? = nil,
                order: ListOrder = .newestFirst) {
        self.status = status
        self.search = search
        self.limit = limit
        self.after = after
        self.order = order
    }
}
