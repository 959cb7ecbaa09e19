import OrderModel
import TerminalCore
/// What a key binding does.
public enum Action: String, Sendable, CaseIterable {
    case moveUp, moveDown, pageUp, pageDown, top, bottom
    case open, back, nextScreen, previousScreen, help, quit
    case filter, nextStatus, previousStatus, clearFilter, sortByOtherKey, reverseSort
    case commandLine, pause, cancelOrder, refund, withdrawRefund, suspend, export
    /// The header's glance, each a key away from the list behind it.
    case recentOrders, failedOrders, waitingCharges, heldOrders, pendingRefunds
}

/// One key binding: its keys, what it does, how footer and help describe it, where it works, and whether it
/// changes anything (such bindings do not exist in read-only mode, not even in help).
public struct KeyBinding: Sendable {
    public var keys: [Key]
    public var action: Action
    /// The footer's word for it; nil keeps it out of the footer (help still lists it).
    public var footer: String?
    public var help: String
    public var screens: Set<ScreenKind>
    public var mutates = false
}

/// The console's key map. Footer, help and the key handler all read this one list.
public enum KeyMap {
    static let lists: Set<ScreenKind> = [.orders, .refunds, .audit]
    static let everywhere = Set(ScreenKind.allCases)

    public static let bindings: [KeyBinding] = [
        KeyBinding(keys: [.up, .character("k")], action: .moveUp, footer: nil, help: "previous row", screens: everywhere),
        KeyBinding(keys: [.down, .character("j")], action: .moveDown, footer: nil, help: "next row", screens: everywhere),
        KeyBinding(keys: [.pageUp, .control("b")], action: .pageUp, footer: nil, help: "page up", screens: everywhere),
        KeyBinding(keys: [.pageDown, .control("f"), .character(" ")], action: .pageDown, footer: nil, help: "page down", screens: everywhere),
        KeyBinding(keys: [.home, .character("g")], action: .top, footer: nil, help: "first row", screens: everywhere),
        KeyBinding(keys: [.end, .character("G")], action: .bottom, footer: nil, help: "last row", screens: everywhere),
        KeyBinding(keys: [.enter], action: .open, footer: "open", help: "open the selected order", screens: lists),
        KeyBinding(keys: [.character("/")], action: .filter, footer: "search",
                   help: "search ids, names, email, city, phone, last 4, shipping", screens: [.orders]),
        KeyBinding(keys: [.character("s")], action: .nextStatus, footer: "status", help: "show only the next status", screens: [.orders]),
        KeyBinding(keys: [.character("S")], action: .previousStatus, footer: nil, help: "show only the previous status", screens: [.orders]),
        KeyBinding(keys: [.character("o")], action: .sortByOtherKey, footer: "sort", help: "sort by time / by amount (per currency)",
                   screens: [.orders]),
        KeyBinding(keys: [.character("O")], action: .reverseSort, footer: nil, help: "reverse the sort: newest ⇄ oldest, largest ⇄ smallest",
                   screens: [.orders]),
        KeyBinding(keys: [.character("x")], action: .clearFilter, footer: "clear",
                   help: "clear every filter: search, status, dates, currency, amounts", screens: [.orders]),
        KeyBinding(keys: [.character("c")], action: .cancelOrder, footer: "cancel", help: "cancel the order (or reverse its charge)",
                   screens: [.orders, .order], mutates: true),
        KeyBinding(keys: [.character("r")], action: .refund, footer: "refund", help: "refund part or all of the order",
                   screens: [.orders, .order], mutates: true),
        KeyBinding(keys: [.character("w")], action: .withdrawRefund, footer: "withdraw", help: "withdraw a refund not yet submitted",
                   screens: [.refunds], mutates: true),
        // Not a change: it reads the store and writes a file of the operator's own, so read-only sessions keep it.
        KeyBinding(keys: [.character("e")], action: .export, footer: "export", help: "export the list as shown (search, filters) as CSV",
                   screens: [.orders, .refunds]),
        KeyBinding(keys: [.tab], action: .nextScreen, footer: "screens", help: "orders → refunds → audit", screens: lists),
        KeyBinding(keys: [.backTab], action: .previousScreen, footer: nil, help: "audit → refunds → orders", screens: lists),
        KeyBinding(keys: [.character("a")], action: .recentOrders, footer: nil,
                   help: "every order, newest first (the header's orders per hour)", screens: lists),
        KeyBinding(keys: [.character("f")], action: .failedOrders, footer: nil,
                   help: "failed orders (the header's failure rate over the last hour)", screens: lists),
        KeyBinding(keys: [.character("i")], action: .waitingCharges, footer: nil,
                   help: "charges in flight, oldest first (the header counts those past 5 s)", screens: lists),
        KeyBinding(keys: [.character("h")], action: .heldOrders, footer: nil,
                   help: "held orders: their token failed a check", screens: lists),
        KeyBinding(keys: [.character("R")], action: .pendingRefunds, footer: nil,
                   help: "refunds, pending first", screens: lists),
        KeyBinding(keys: [.character("p")], action: .pause, footer: "pause", help: "pause or resume live updates", screens: everywhere),
        KeyBinding(keys: [.character(":")], action: .commandLine, footer: nil, help: "command line (:help lists commands)",
                   screens: everywhere),
        KeyBinding(keys: [.character("?")], action: .help, footer: "help", help: "this help", screens: everywhere),
        KeyBinding(keys: [.escape], action: .back, footer: "back", help: "back; on the orders list, clear the filters",
                   screens: [.order, .help, .orders]),
        KeyBinding(keys: [.character("q")], action: .back, footer: nil, help: "back", screens: [.order, .help]),
        KeyBinding(keys: [.character("q"), .control("c")], action: .quit, footer: "quit", help: "quit", screens: lists),
        KeyBinding(keys: [.control("c")], action: .quit, footer: nil, help: "quit", screens: [.order, .help]),
        KeyBinding(keys: KeyMap.suspendKeys, action: .suspend, footer: nil,
                   help: "suspend: back to the shell, fg returns (works in dialogs too)", screens: everywhere),
    ]

    /// Ctrl-Z suspends whatever is open, as it does in any terminal program.
    static let suspendKeys: [Key] = [.control("z")]
}

extension ConsoleState {
    /// The bindings that work on this screen now; in read-only mode those that change anything are gone.
    public var availableBindings: [KeyBinding] {
        bindings(on: screen)
    }

    func bindings(on screen: ScreenKind) -> [KeyBinding] {
        KeyMap.bindings.filter { $0.screens.contains(screen) && !($0.mutates && isReadOnly) }
    }

    func action(for key: Key) -> Action? {
        availableBindings.first { $0.keys.contains(key) }?.action
    }
}

/// What a key does in the refund form.
public enum FormAction: Sendable, Equatable {
    case toggleItem, nextField, previousField, nextLine, previousLine, nextReason, previousReason, chooseReason, review, dismiss
}

/// One key binding of the refund form, where only some fields take it; the keys a field does not bind are its
/// text (the amount's digits, the note).
public struct FormBinding: Sendable {
    public var keys: [Key]
    public var action: FormAction
    /// The footer's key and word; nil keeps it out of the footer (help still lists it).
    public var footer: (key: String, word: String)?
    public var help: String
    public var fields: Set<RefundForm.Field>
}

extension KeyMap {
    static let allFields = Set(RefundForm.Field.allCases)

    /// The refund form's keys. Its handler, the footer under it and help all read this one list.
    public static let refundForm: [FormBinding] = [
        FormBinding(keys: [.character(" ")], action: .toggleItem, footer: ("Space", "pick"),
                    help: "pick or unpick the item: the amount becomes the picked items' sum", fields: [.items]),
        FormBinding(keys: [.tab], action: .nextField, footer: ("Tab", "next field"), help: "next field: items, amount, reason, note",
                    fields: allFields),
        FormBinding(keys: [.backTab], action: .previousField, footer: nil, help: "previous field", fields: allFields),
        FormBinding(keys: [.down], action: .nextLine, footer: nil, help: "next item, or the next field", fields: allFields),
        FormBinding(keys: [.up], action: .previousLine, footer: nil, help: "previous item, or the previous field", fields: allFields),
        FormBinding(keys: [.right, .character(" ")], action: .nextReason, footer: ("←/→ 1-\(RefundReason.allCases.count)", "reason"), help: "next reason",
                    fields: [.reason]),
        FormBinding(keys: [.left], action: .previousReason, footer: nil, help: "previous reason", fields: [.reason]),
        FormBinding(keys: (1...RefundReason.allCases.count).compactMap { String($0).first }.map(Key.character),
                    action: .chooseReason, footer: nil, help: "that reason, by its number", fields: [.reason]),
        FormBinding(keys: [.enter], action: .review, footer: ("Enter", "review"), help: "review the refund before it is confirmed",
                    fields: allFields),
        FormBinding(keys: [.escape, .control("c")], action: .dismiss, footer: ("Esc", "cancel"), help: "close the form; nothing changes",
                    fields: allFields),
    ]
}

extension RefundForm {
    /// The form's bindings where the operator is now.
    var bindings: [FormBinding] { bindings(on: field) }

    func bindings(on field: Field) -> [FormBinding] { KeyMap.refundForm.filter { $0.fields.contains(field) } }

    func action(for key: Key) -> FormAction? { bindings.first { $0.keys.contains(key) }?.action }
}
