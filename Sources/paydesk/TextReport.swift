import ConsoleUI
import OrderModel
import OrderStore
import TerminalCore

/// Plain-text reports for people. Every piece of customer text goes through `fitted`/`neutralized`, so
/// nothing a customer typed can act on the terminal.
enum TextReport {
    static func orderTable(_ orders: [OrderSummary]) -> String {
        guard !orders.isEmpty else { return "no orders" }
        // An order id is what `refund` and `cancel` are given: never cut.
        let widths = [16, widest(orders.map(\.orderId), header: "ORDER"), 29, amountWidth(orders.map(\.total.description)), 16, 9, 16]
        var lines = [row(["CREATED (UTC)", "ORDER", "STATUS", "TOTAL", "CUSTOMER", "SHIPPING", "CARD"], widths: widths)]
        for order in orders {
            var status = order.status.rawValue
            if let reason = order.failureReason { status += " (\(reason.rawValue))" }
            if order.cancelRequested { status += " · cancel requested" }
            if order.tokenFromSandbox { status += " · SANDBOX token" }
            lines.append(row([clock(order.createdAt), order.orderId, status, order.total.description, order.customer,
                              order.shippingMethod ?? "—", order.wallet], widths: widths, rightAligned: [3]))
        }
        return lines.joined(separator: "\n")
    }

    static func refundTable(_ refunds: [RefundView]) -> String {
        guard !refunds.isEmpty else { return "no refunds" }
        let widths = [widest(refunds.map(\.refundId), header: "REFUND"), widest(refunds.map(\.orderId), header: "ORDER"), 10,
                      amountWidth(refunds.map(\.amount.description)), 21, 16,
                      widest(refunds.map(\.requestedBy), header: "BY")]
        var lines = [row(["REFUND", "ORDER", "STATUS", "AMOUNT", "REASON", "REQUESTED (UTC)", "BY"], widths: widths)]
        for refund in refunds {
            lines.append(row([refund.refundId, refund.orderId, refund.status.rawValue, refund.amount.description,
                              refund.reason.rawValue, clock(refund.requestedAt), refund.requestedBy], widths: widths, rightAligned: [3]))
        }
        return lines.joined(separator: "\n")
    }

    static func auditTable(_ entries: [AuditEntry]) -> String {
        guard !entries.isEmpty else { return "no audit entries" }
        // Who did it and what came of it are what an audit trail is read for: their columns are as wide as the
        // widest shown, never cut at a fixed width (`widest` bounds them).
        let amounts = entries.map { entry in
            entry.amount.flatMap { amount in
                entry.currencyCode.flatMap(Currency.init(code:)).map { Money(minorUnits: amount, currency: $0).description }
            } ?? ""
        }
        let widths = [24, widest(entries.map(\.actor.description), header: "ACTOR"), 18, widest(entries.map { $0.orderId ?? "—" }, header: "ORDER"),
                      amountWidth(amounts), widest(entries.map(\.outcome), header: "OUTCOME")]
        var lines = [row(["AT (UTC)", "ACTOR", "ACTION", "ORDER", "AMOUNT", "OUTCOME"], widths: widths)]
        for (entry, amount) in zip(entries, amounts) {
            lines.append(row([entry.at.rfc3339, entry.actor.description, entry.action, entry.orderId ?? "—", amount,
                              entry.outcome], widths: widths, rightAligned: [4]))
        }
        return lines.joined(separator: "\n")
    }

    static func order(_ detail: OrderDetail) -> String {
        let summary = detail.summary, details = detail.details, currency = summary.total.currency
        func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).description }
        var out: [String] = []
        out.append("Order \(summary.orderId)  \(summary.status.rawValue)\(summary.failureReason.map { " (\($0.rawValue))" } ?? "")\(detail.payment.cancelRequested ? "  · cancel requested" : "")")
        out.append("Created \(summary.createdAt.rfc3339)  merchant \(details.merchantIdentifier.neutralized)  country \(details.countryCode)")
        out.append("")
        out.append("Summary items")
        let itemWidth = max(16, amountWidth(details.summaryItems.map { money($0.amount) }))
        for item in details.summaryItems.dropLast() {
            out.append("  " + item.label.fitted(to: 34) + " " + money(item.amount).leftPadded(to: itemWidth) + (item.isPending ? "  (pending)" : ""))
        }
        if let total = details.summaryItems.last {
            out.append("  " + String(repeating: "─", count: 35 + itemWidth))
            let others = details.sumOfOtherItems(in: currency)
            let check = others == .exact(summary.total) ? "✓ adds up" : "✗ the items add up to \(others)"
            out.append("  " + "Total: \(total.label)".fitted(to: 34) + " " + money(total.amount).leftPadded(to: itemWidth) + "  " + check)
        }
        out.append("")
        if let method = details.shippingMethod {
            out.append("Shipping: \(method.label.neutralized) — \(method.detail.neutralized) (\(money(method.amount)))  [\(method.identifier.neutralized)]")
            let others = details.shippingMethods.filter { $0.identifier != method.identifier }
            if !others.isEmpty {
                out.append("  also offered: " + others.map { "\($0.label.neutralized) \($0.detail.neutralized) \(money($0.amount))" }.joined(separator: "; "))
            }
        }
        for (title, contact) in [("Ship to", details.shippingContact), ("Bill to", details.billingContact)] {
            guard let contact else { continue }
            out.append("\(title): \(contact.displayName.neutralized)  \((contact.phoneNumber ?? "").neutralized)  \((contact.emailAddress ?? "").neutralized)")
            if let address = contact.postalAddress {
                let parts = [address.street, address.city, address.state, address.postalCode, address.country].compactMap { $0 }.filter { !$0.isEmpty }
                out.append("  " + parts.joined(separator: ", ").neutralized)
            }
        }
        out.append("")
        out.append("Payment: paid \(money(detail.payment.paid)), refunded \(money(detail.payment.refunded)), refundable \(detail.refundable)")
        if let reference = detail.processorReference { out.append("  processor reference \(reference.neutralized)") }
        for event in detail.events {
            var line = "  \(event.at.rfc3339)  \(event.event)"
            if let reason = event.reason { line += "  \(reason.neutralized)" }
            if let refundId = event.refundId { line += "  \(refundId.neutralized)" }
            if let amount = event.amount { line += "  \(amount)" }
            out.append(line)
        }
        if !detail.refunds.isEmpty {
            out.append("")
            out.append("Refunds")
            let refundWidth = amountWidth(detail.refunds.map(\.amount.description))
            for refund in detail.refunds {
                var line = "  \(refund.refundId.neutralized)  \(refund.amount.description.leftPadded(to: refundWidth))  \(refund.status.rawValue)  \(refund.reason.rawValue)"
                line += "  by \(refund.requestedBy.neutralized) at \(refund.requestedAt.rfc3339)"
                if let note = refund.note { line += "  “\(note.neutralized)”" }
                if let failure = refund.failureReason { line += "  failed: \(failure.neutralized)" }
                out.append(line)
            }
        }
        let token = details.token
        out.append("")
        out.append("Apple Pay: \(token.displayName.neutralized) (\(token.network.neutralized), \(token.type.neutralized))  \(token.version)  transaction \(token.transactionId)")
        for line in TokenVerification.describe(detail.tokenVerification, orderTotal: detail.summary.total, time: \.rfc3339) {
            out.append("  " + line.text.neutralized)
        }
        if !detail.audit.isEmpty {
            out.append("")
            out.append("Audit (newest first)")
            for entry in detail.audit.prefix(10) {
                out.append("  \(entry.at.rfc3339)  \(entry.actor.description.neutralized)  \(entry.action)  \(entry.outcome.neutralized)")
            }
        }
        return out.joined(separator: "\n")
    }

    /// The width of the widest of `cells` and `header`, up to 160 columns: whole for anything PayDesk records,
    /// and still one line for anything else.
    static func widest(_ cells: [String], header: String) -> Int {
        min(cells.reduce(header.count) { max($0, $1.displayWidth) }, 160)
    }

    /// An amount is never cut, or it would lose its currency, then its digits: its column is 14 wide, so most
    /// tables line up alike, and wider when an amount needs it.
    static func amountWidth(_ amounts: [String]) -> Int { max(14, widest(amounts, header: "")) }

    static func clock(_ time: Timestamp) -> String {
        let text = time.rfc3339
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5))
    }

    static func row(_ cells: [String], widths: [Int], rightAligned: Set<Int> = []) -> String {
        zip(cells, widths).enumerated().map { index, pair in
            let (cell, width) = pair
            if rightAligned.contains(index) {
                let fitted = cell.fitted(to: width)
                let trimmed = String(fitted.reversed().drop { $0 == " " }.reversed())
                return String(repeating: " ", count: width - trimmed.displayWidth) + trimmed
            }
            return cell.fitted(to: width)
        }.joined(separator: "  ").trimmingTrailingSpaces
    }
}

extension String {
    var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) }
}
