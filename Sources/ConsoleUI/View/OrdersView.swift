import OrderModel
import TerminalCore

extension ConsoleState {
    /// The cells of a row, in the order of `orderColumns(visible:)`.
    enum OrderColumn: Int, CaseIterable { case time, order, customer, amount, status, shipping, card, flags }

    /// What matters most gets its width first: which order, how much, where it stands (1); when, and what needs
    /// an eye (2); who and how it ships (3); the card (4). Card, status and flags shorten before they are cut.
    func orderColumns(visible: Range<Int>) -> [TableColumn] {
        // Amounts are sized by every loaded row, so that the column holds still while scrolling; the rest by the
        // rows on screen, which is all a frame can afford to read.
        let amountWidth = max(10, orders.amountWidth)
        // One pass, each row read once: a read copies every string of the order.
        var idWidth = 10, shippingWidth = 8, cardShort = 4, cardFull = 4, flagsWidth = 6, customerWidth = 16
        for index in visible.clamped(to: orders.rows.indices) {
            let row = orders.rows[index], card = orders.cards[index]
            idWidth = max(idWidth, row.orderId.displayWidth(limit: 48))
            shippingWidth = max(shippingWidth, (row.shippingLabel ?? row.shippingMethod ?? "").displayWidth(limit: 24))
            (cardShort, cardFull) = (max(cardShort, card.shortWidth), max(cardFull, card.fullWidth))
            flagsWidth = max(flagsWidth, RowFlag.text(flags(of: row)).displayWidth)
            customerWidth = max(customerWidth, row.customer.displayWidth(limit: 32))
        }
        customerWidth = min(32, customerWidth)
        // Width beyond every column's ideal goes to the last column, as room at the right: given to the
        // customer, it parted each name from its amount by a hundred columns on a wide terminal.
        return [
            TableColumn(title: "Time", minimum: 11, ideal: 11, priority: 2),
            TableColumn(title: "Order", minimum: 10, ideal: min(24, idWidth), priority: 1, roomy: idWidth),
            TableColumn(title: "Customer", minimum: 8, ideal: customerWidth, priority: 3),
            TableColumn(title: "Amount", minimum: amountWidth, ideal: amountWidth, priority: 1, alignRight: true),
            TableColumn(title: "Status", minimum: 6, ideal: 13, priority: 1),
            TableColumn(title: "Shipping", minimum: 8, ideal: shippingWidth, priority: 3),
            TableColumn(title: "Card", minimum: cardShort, ideal: cardFull, priority: 4),
            TableColumn(title: "Flags", minimum: 6, ideal: flagsWidth, priority: 2, flexible: true),
        ]
    }

    func drawOrders(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        let empty = orders.isAwaited ? "loading…" : orders.isFiltered
            ? "no orders match; Esc clears the filters" : "no orders yet: paydesk ingest adds them"
        let rowRole = { (index: Int) -> Role in orders.highlighted[orders.rows[index].orderId] != nil ? .newRow : .text }
        drawTable(&buffer, layout, columns: orderColumns(visible: orders.top..<orders.top + layout.listRows), rowCount: orders.rows.count, top: orders.top,
                  selected: orders.selected, empty: empty, rowRole: rowRole) { index, widths in
            // The row read once, not once a column: each read copies every string of the order.
            let row = orders.rows[index], card = orders.cards[index], base = rowRole(index)
            return OrderColumn.allCases.map { cell($0, of: row, card: card, width: widths[$0.rawValue] ?? 0, base: base) }
        }
    }

    /// One cell of the orders table, as it reads best in `width` columns: customer text is neutralised when
    /// drawn, so it cannot steer the terminal.
    private func cell(_ column: OrderColumn, of row: OrderSummary, card: CardLabel, width: Int, base: Role) -> (String, Role) {
        switch column {
        case .time: return (wallClock(row.createdAt).short, base == .text ? .dim : base)
        case .order: return (row.orderId.orderIdFitted(to: width), base)
        case .customer: return (row.customer, base)
        case .amount: return (row.total.description, base)
        case .status: return (glyphs.label(row.status).displayWidth <= width ? glyphs.label(row.status) : glyphs.shortLabel(row.status), row.status.role)
        case .shipping: return (row.shippingLabel ?? row.shippingMethod ?? "", base)
        case .card: return (card.fitted(to: width), base)
        case .flags: return (RowFlag.text(flags(of: row), fitting: width), .warning)
        }
    }

    /// What needs an operator's eye, most urgent first: an order held and the check that failed, a charge
    /// without an answer for more than 5 s, a cancel requested, a refund waiting, a token whose amount is not the
    /// order's, that failed a check or that no configured key opens (on an order released or ingested before
    /// holds), and last a token signed by a sandbox root.
    func flags(of row: OrderSummary) -> [RowFlag] {
        var flags: [RowFlag] = []
        if row.status == .held {
            // The check that failed, as the reason names it ("replay window: …"): why it waits for a person.
            flags.append(RowFlag("HELD", detail: row.holdReason.map { String($0.prefix { $0 != ":" }) }))
        }
        if row.status == .charging, now.milliseconds(since: row.updatedAt) > 5_000 {
            flags.append(RowFlag("WAIT", detail: age(of: row.updatedAt, at: now)))
        }
        if row.cancelRequested { flags.append(RowFlag("CANCEL")) }
        if row.refundPending { flags.append(RowFlag("REFUND")) }
        if row.status != .held {
            if row.tokenMismatch { flags.append(RowFlag("MISMATCH")) }
            switch row.tokenOutcome {
            case .failed: flags.append(RowFlag("UNVERIFIED"))
            case .noKey: flags.append(RowFlag("NOKEY"))
            case .verified, nil: break
            }
        }
        if row.tokenFromSandbox { flags.append(RowFlag("SANDBOX")) }
        return flags
    }
}

/// A flag on an order's row: a word, and a detail that goes first when the column is narrow ("WAIT 12s").
struct RowFlag: Equatable {
    var word: String
    var detail: String?

    init(_ word: String, detail: String? = nil) {
        self.word = word
        self.detail = detail.flatMap { $0.isEmpty ? nil : $0 }
    }

    var full: String { detail.map { "\(word) \($0)" } ?? word }

    /// Every flag in full.
    static func text(_ flags: [RowFlag]) -> String { flags.map(\.full).joined(separator: " ") }

    /// The flags in `width` columns: in full if they fit, else without their details, else the most urgent
    /// that fit and how many more there are ("HELD +2"); a word is never cut.
    static func text(_ flags: [RowFlag], fitting width: Int) -> String {
        let full = text(flags)
        if full.displayWidth <= width { return full }
        let words = flags.map(\.word)
        if words.joined(separator: " ").displayWidth <= width { return words.joined(separator: " ") }
        for shown in stride(from: words.count - 1, through: 0, by: -1) {
            let more = "+\(words.count - shown)"
            let text = (words.prefix(shown) + [more]).joined(separator: " ")
            if text.displayWidth <= width { return text }
        }
        return ""
    }
}

/// A card as the list shows it: "MasterCard 0388" whole where it fits, else its brand abbreviated ("MC 0388"),
/// else the last four digits alone; never cut from the left, so the brand is never half a word.
struct CardLabel {
    let full: String
    let short: String
    let last4: String

    /// Columns `full` and `short` take, counted to 40: what the card column is sized by.
    let fullWidth: Int
    let shortWidth: Int

    init(_ wallet: String) {
        full = wallet
        // In ASCII every byte is a Character: the last space is found without reading Characters backwards, which
        // took a third of the time a card took.
        let isASCII = wallet.utf8.allSatisfy { $0 < 0x80 }
        if let space = isASCII ? wallet.utf8.lastIndex(of: UInt8(ascii: " ")) : wallet.lastIndex(of: " ") {
            let brand = String(wallet[..<space])
            last4 = String(wallet[wallet.index(after: space)...])
            short = (Self.abbreviations[brand.lowercased()] ?? brand) + " " + last4
        } else {
            (short, last4) = (wallet, wallet)
        }
        fullWidth = full.displayWidth(limit: 40)
        shortWidth = short.displayWidth(limit: 40)
    }

    /// The networks Apple Pay names, as card brands are commonly abbreviated.
    static let abbreviations = [
        "mastercard": "MC", "amex": "Amex", "american express": "Amex", "visa": "Visa", "unionpay": "UnionPay",
        "china unionpay": "UnionPay", "chinaunionpay": "UnionPay", "discover": "Disc", "jcb": "JCB", "maestro": "Maestro",
        "cartes bancaires": "CB", "cartesbancaires": "CB", "interac": "Interac", "eftpos": "eftpos", "elo": "Elo", "mada": "mada",
    ]

    func fitted(to width: Int) -> String {
        for text in [full, short, last4] where text.displayWidth(limit: width + 1) <= width { return text }
        return last4.fitted(to: width)
    }
}
