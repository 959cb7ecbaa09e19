import OrderModel
import TerminalCore

/// A line of the order screen: pieces of text, each with its role. Customer text is neutralised when drawn.
struct DocumentLine {
    var pieces: [(String, Role)]

    init(_ pieces: [(String, Role)]) { self.pieces = pieces }
    init(_ text: String, _ role: Role = .text) { pieces = [(text, role)] }
    static let blank = DocumentLine("")

    /// A line wider than `width` with its last piece broken at spaces, so that a token's verification (which
    /// root it chains to), a phone number or an audit entry is read whole on any terminal, not cut at its edge.
    /// Further lines hang under where the last piece starts; a line of one piece, two columns in from its own.
    /// At most `mostLines`, the last ending in an ellipsis when there is more: customer text of an older store
    /// can be a quarter of a megabyte, and this runs on every frame, so only what those lines can show is read.
    func wrapped(to width: Int) -> [DocumentLine] {
        guard pieces.reduce(0, { $0 + $1.0.displayWidth(limit: width) }) > width, let (text, role) = pieces.last else { return [self] }
        let lead = Array(pieces.dropLast())
        let spaces = lead.isEmpty ? text.unicodeScalars.prefix { $0 == " " }.count : 0
        let hanging = lead.isEmpty ? spaces + 2 : lead.reduce(0) { $0 + $1.0.displayWidth(limit: width) }
        let room = max(1, width - hanging)
        // Every column shown is at least one scalar; two per column leaves room for the spaces a break drops.
        let readable = text.unicodeScalars.dropFirst(spaces).prefix(Self.mostLines * room * 2)
        var lines = String(readable).wrapped(to: room)
        guard !lines.isEmpty else { return [self] }
        if lines.count > Self.mostLines || readable.endIndex != text.unicodeScalars.endIndex {
            lines = Array(lines.prefix(Self.mostLines))
            lines[lines.count - 1] = (lines[lines.count - 1] + "…").fitted(to: room)
        }
        return lines.enumerated().map { index, line in
            index == 0 ? DocumentLine(lead + [(String(repeating: " ", count: spaces) + line, role)])
                : DocumentLine(String(repeating: " ", count: hanging) + line, role)
        }
    }

    static let mostLines = 8
}

extension ConsoleState {
    /// The order screen as lines, scrolled by the body: items with the total check, shipping, contacts,
    /// payment timeline, refunds, token metadata, audit.
    func orderDocument(_ detail: OrderDetail, width: Int) -> [DocumentLine] {
        let summary = detail.summary, details = detail.details, currency = summary.total.currency
        let money = { (minor: Int64) in Money(minorUnits: minor, currency: currency).decimalString }
        var lines: [DocumentLine] = []
        func section(_ title: String) {
            lines.append(.blank)
            lines.append(DocumentLine(title, .section))
        }
        lines.append(DocumentLine([("Order \(summary.orderId)  ", .title), (glyphs.label(summary.status), summary.status.role),
                                   (summary.failureReason.map { " (\($0.rawValue))" } ?? "", .statusFailed)]))
        lines.append(DocumentLine("created \(wallClock(summary.createdAt).dateTime) · updated \(wallClock(summary.updatedAt).dateTime)"
                                  + " · merchant \(details.merchantIdentifier)", .dim))

        section("Items")
        let amountWidth = max(12, details.summaryItems.map { money($0.amount).count }.max() ?? 0)
        let labelWidth = max(10, min(40, width - amountWidth - 16))
        for (index, item) in details.summaryItems.enumerated() {
            let isTotal = index == details.summaryItems.count - 1
            let marker = item.isPending ? " (pending)" : ""
            let role: Role = isTotal ? .title : item.isPending ? .dim : .text
            lines.append(DocumentLine([("  " + item.label.fitted(to: labelWidth), role),
                                       (" " + money(item.amount).rightAligned(amountWidth), role),
                                       (isTotal ? " \(currency.code)" : marker, role)]))
        }
        let others = details.sumOfOtherItems(in: currency)
        lines.append(others == .exact(summary.total)
            ? DocumentLine("  ✓ the items add up to the total", .success)
            : DocumentLine("  ✗ the items add up to \(others), not \(summary.total)", .error))

        section("Shipping")
        if let chosen = details.shippingMethod {
            lines.append(DocumentLine("  \(chosen.label) — \(chosen.detail) · \(money(chosen.amount)) \(currency.code) (chosen)"))
        } else {
            lines.append(DocumentLine("  no shipping method", .dim))
        }
        let others2 = details.shippingMethods.filter { $0.identifier != details.shippingMethod?.identifier }
        for method in others2 {
            lines.append(DocumentLine("  also offered: \(method.label) — \(method.detail) · \(money(method.amount))", .dim))
        }
        contactLines(details.shippingContact, title: "ship to", into: &lines)
        if details.billingContact != details.shippingContact {
            contactLines(details.billingContact, title: "bill to", into: &lines)
        }

        section("Payment")
        let token = details.token
        lines.append(DocumentLine("  \(token.displayName) · \(token.network) · \(token.type)"
                                  + (detail.processorReference.map { " · processor ref \($0)" } ?? "")))
        lines.append(DocumentLine("  \(wallClock(summary.createdAt).dateTime)  authorized (the customer paid with Apple Pay)"))
        for event in detail.events {
            var text = "  \(wallClock(event.at).dateTime)  \(event.event)"
            if let amount = event.amount { text += " \(amount)" }
            if let reference = event.processorReference { text += " · \(reference)" }
            if let reason = event.reason { text += " · \(reason)" }
            if let refundId = event.refundId { text += " · \(refundId)" }
            lines.append(DocumentLine(text))
        }
        let payment = detail.payment
        lines.append(DocumentLine("  paid \(money(payment.paid)) · refunded \(money(payment.refunded)) · "
                                  + "refunds in flight \(money(payment.refundsInFlight)) · refundable \(detail.refundable)", .dim))
        if payment.cancelRequested { lines.append(DocumentLine("  a cancel was requested; the processor integration owes a reversal", .warning)) }

        section("Refunds")
        for refund in detail.refunds {
            var text = "  \(refund.refundId)  \(refund.amount)  \(refund.status.rawValue)  \(refund.reason.rawValue)"
            text += "  by \(refund.requestedBy) at \(wallClock(refund.requestedAt).dateTime)"
            lines.append(DocumentLine(text, refund.status == .failed ? .error : refund.status == .pending ? .warning : .text))
            if let note = refund.note { lines.append(DocumentLine("    note: \(note)", .dim)) }
            if let failure = refund.failureReason { lines.append(DocumentLine("    failed: \(failure)", .error)) }
        }
        if detail.refunds.isEmpty { lines.append(DocumentLine("  none", .dim)) }

        section("Apple Pay token")
        lines.append(DocumentLine("  \(token.version) · transaction \(token.transactionId) · key hash \(token.publicKeyHash)"))
        for line in TokenVerification.describe(detail.tokenVerification, orderTotal: summary.total, time: { wallClock($0).dateTime }) {
            lines.append(DocumentLine("  " + line.text, line.tone.role))
        }

        section("Audit (newest first)")
        for entry in detail.audit {
            var text = "  \(wallClock(entry.at).dateTime)  \(entry.action)  \(entry.actor)"
            if let amount = entry.amount, let code = entry.currencyCode, let entryCurrency = Currency(code: code) {
                text += "  \(Money(minorUnits: amount, currency: entryCurrency))"
            }
            lines.append(DocumentLine(text + "  \(entry.outcome)"))
        }
        // Drawn from the second column to the one before the last.
        return lines.flatMap { $0.wrapped(to: width - 2) }
    }

    private func contactLines(_ contact: Contact?, title: String, into lines: inout [DocumentLine]) {
        guard let contact else { return }
        let who = [contact.displayName, contact.phoneNumber, contact.emailAddress].compactMap { $0 }.filter { !$0.isEmpty }
        lines.append(DocumentLine([("  \(title): ", .dim), (who.joined(separator: " · "), .text)]))
        if let address = contact.postalAddress {
            let parts = [address.street, address.city, address.state, address.postalCode, address.country,
                         address.isoCountryCode.map { "(\($0.uppercased()))" }]
            lines.append(DocumentLine("           " + parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")))
        }
    }

    func drawOrder(_ buffer: inout ScreenBuffer, _ layout: Layout) {
        guard let pane = order else { return }
        guard let detail = pane.detail else {
            buffer.put("  " + (storeProblem ?? "loading \(pane.orderId)…"), x: 0, y: layout.bodyTop + 1,
                       role: storeProblem == nil ? .dim : .error)
            return
        }
        let lines = orderDocument(detail, width: size.width)
        let scroll = min(pane.scroll, max(0, lines.count - layout.bodyRows))
        for row in 0..<layout.bodyRows {
            guard let line = lines[safe: scroll + row] else { break }
            var x = 1
            for (text, role) in line.pieces {
                x += buffer.put(text, x: x, y: layout.bodyTop + row, role: role, limit: max(0, size.width - x - 1))
            }
        }
        if lines.count > layout.bodyRows {
            let marker = "\(scroll + 1)-\(min(lines.count, scroll + layout.bodyRows))/\(lines.count)"
            buffer.put(marker, x: size.width - marker.count - 1, y: layout.bodyTop, role: .dim)
        }
    }
}
