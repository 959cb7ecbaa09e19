import Foundation
import OrderModel
import TerminalCore

/// The screens an operator moves between.
public enum ScreenKind: String, Sendable, CaseIterable {
    case orders, order, refunds, audit, help

    /// The screens `Tab` cycles through.
    static let cycle: [ScreenKind] = [.orders, .refunds, .audit]
}

/// Everything the console shows, and nothing else: `view` draws it, `update` changes it.
public struct ConsoleState: Sendable {
    public var size: Size
    /// The store's file name, as the header shows it.
    public var storeName: String
    /// Why nothing can be changed, or nil when the operator may act.
    public var readOnlyReason: String?
    public var glyphs: Glyphs
    /// How the operator's wall clock stands to UTC, for times on screen.
    public var utcOffset: UTCOffset
    /// A new idempotency key for each action started, unique across sessions and processes: a random UUID,
    /// unless a test gives its own.
    public let newIdempotencyKey: @Sendable () -> String

    public var screen: ScreenKind = .orders
    /// Where `Esc` goes back to.
    public var history: [ScreenKind] = []
    public var orders = OrdersPane()
    public var order: OrderPane?
    public var refunds = ListPane<RefundView>()
    /// The refunds screen lists this many, pending first, then the newest; `e` on it writes every one.
    static let refundsShown = 500
    public var audit = ListPane<AuditEntry>()
    /// Orders and money per status; nil until first read, and shown as not yet known rather than as zero.
    public var totals: [StatusTotal]?
    /// The shop at a glance, for the header; nil until first read.
    public var activity: ShopActivity?
    public var input: InputMode = .none
    public var helpScroll = 0

    public var now: Timestamp
    /// When the store was last confirmed unchanged or re-read: "updated Ns ago".
    public var freshAt: Timestamp?
    public var changeToken: Int64?
    public var paused = false
    public var storeProblem: String?
    public var flash: Flash?
    /// An action waits for the order's current state before its dialog opens.
    public var pendingAction: PendingAction?
    public var quitting = false

    public init(size: Size, storeName: String, readOnlyReason: String?, glyphs: Glyphs = .unicode,
                utcOffset: UTCOffset = .fixed(seconds: 0), now: Timestamp,
                idempotencyKeys: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.size = size
        self.storeName = storeName
        self.readOnlyReason = readOnlyReason
        self.glyphs = glyphs
        self.utcOffset = utcOffset
        newIdempotencyKey = idempotencyKeys
        self.now = now
    }

    public var isReadOnly: Bool { readOnlyReason != nil }

    /// The effects that fill a console that has just started, in the order the worker answers them: the list
    /// first, as it is most of the first frame; the header's figures follow it, each shown once it is read.
    public func initialEffects() -> [Effect] {
        [.loadOrders(orders.startRequest(visibleRows: Layout(size).listRows)), .loadTotals, .checkStore, .loadActivity]
    }
}

/// A short message in the status line: gone at the next key, or after a few seconds on the clock when none comes.
public struct Flash: Sendable, Equatable {
    public var text: String
    public var role: Role
    public var until: Timestamp
}

public enum PendingAction: Sendable, Equatable {
    case cancel(String)
    case refund(String)

    var orderId: String {
        switch self {
        case .cancel(let orderId), .refund(let orderId): orderId
        }
    }
}

/// What keys are typed into, when not into the screen.
public enum InputMode: Sendable {
    case none
    case filter(TextField)
    case command(TextField)
    case dialog(Dialog)
}

/// The order screen: one order in full, scrolled.
public struct OrderPane: Sendable {
    public var orderId: String
    public var detail: OrderDetail?
    public var scroll = 0
}

/// A list read in full (refunds, audit entries) with a selection.
public struct ListPane<Row: Sendable>: Sendable, ScrollingSelection {
    public var rows: [Row] = []
    public var selected = 0
    public var top = 0
    public var loaded = false
    var rowCount: Int { rows.count }
}
