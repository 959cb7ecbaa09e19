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
    /// Found anywhere in the order id, the customers' names, email addresses and cities, the card's last 4 and
    /// the shipping label, ignoring case and accents; a phone number by its digits (`SearchText`). Matches come
    /// in the list's order, every one of them, unless the term is in so many orders (or so short) that it is
    /// looked for by reading the list itself: then a page reads at most `searchWindow` (`shortTermWindow` for one character)
    /// orders, and `SearchReach` says when that was not enough to fill it.
    public var search: String?
    /// Orders created at or after this moment.
    public var since: Timestamp?
    /// Orders created before this moment.
    public var until: Timestamp?
    public var currency: Currency?
    /// Totals of at least this much, in its currency; only orders in that currency.
    public var minimum: Money?
    /// Totals of at most this much, in its currency; only orders in that currency.
    public var maximum: Money?
    public var limit: Int
    /// Keyset paging: the page after this row, in `order`. Never OFFSET, so page 10,000 costs what page 1 does.
    public var after: OrderCursor?
    public var order: ListOrder

    /// How many orders a page of a search reads, in the list's order, when the index cannot narrow the term.
    public static let searchWindow = 100_000
    /// The same for a single character, which the index cannot serve.
    public static let shortTermWindow = 10_000

    public init(status: PaymentStatus? = nil, search: String? = nil, since: Timestamp? = nil, until: Timestamp? = nil,
                currency: Currency? = nil, minimum: Money? = nil, maximum: Money? = nil, limit: Int = 50,
                after: OrderCursor? = nil, order: ListOrder = .newestFirst) {
        self.status = status
        self.search = search
        self.since = since
        self.until = until
        self.currency = currency
        self.minimum = minimum
        self.maximum = maximum
        self.limit = limit
        self.after = after
        self.order = order
    }

    /// The term the search looks for, folded; nil when there is no search.
    public var searchTerm: String? { search.flatMap(SearchText.term(for:)) }
}

/// How much of the list a search looked through, so that a bounded answer is never mistaken for a complete one.
public enum SearchReach: Sendable, Equatable, CustomStringConvertible {
    /// Every order that matches can be in the list.
    case complete
    /// The page read this many orders of the list, in its order, without filling up: matches further down the
    /// list, if any, are not in it.
    case readOrdersOfTheList(Int)

    public var isComplete: Bool { self == .complete }

    public var description: String {
        switch self {
        case .complete: "every match"
        case .readOrdersOfTheList(let window):
            "search stopped after reading \(window) orders of the list (a longer term or a filter reaches further)"
        }
    }
}
