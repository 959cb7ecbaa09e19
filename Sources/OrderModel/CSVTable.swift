/// A table as CSV (RFC 4180): a header row, then one record per row, each line ended by CRLF. Every scalar
/// in a cell that is not plainly visible is written as a `\u{…}` escape, so a cell is one line and the file is
/// safe to print; a cell with a comma or a quote is quoted, its quotes doubled. A cell a spreadsheet would run
/// as a formula (starting with `=`, `+`, `-` or `@`; a tab or carriage return is escaped already) gets a `'` in
/// front, as OWASP recommends against CSV injection, so a customer named `=HYPERLINK(…)` stays text.
public struct CSVTable: Sendable {
    public let header: [String]
    public private(set) var rows: [[String]] = []

    init(header: [String]) { self.header = header }

    public var text: String {
        ([header] + rows).map { $0.map(Self.cell).joined(separator: ",") + "\r\n" }.joined()
    }

    static func cell(_ value: String) -> String {
        var value = value.plainlyShown
        if let first = value.first, ["=", "+", "-", "@"].contains(first) { value = "'" + value }
        guard value.contains(where: { $0 == "," || $0 == "\"" }) else { return value }
        return "\"" + value.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}

extension CSVTable {
    /// The orders list: amounts as decimal strings with their currency beside them, times in RFC 3339 (UTC).
    public init(orders: [OrderSummary]) {
        self.init(header: ["order_id", "created_at", "status", "amount", "currency", "customer", "shipping", "card_last4",
                           "wallet", "refund_pending", "hold_reason"])
        for order in orders {
            rows.append([order.orderId, order.createdAt.rfc3339, order.status.rawValue, order.total.decimalString,
                    order.total.currency.code, order.customer, order.shippingLabel ?? "", order.cardLast4 ?? "", order.wallet,
                    order.refundPending ? "yes" : "no", order.holdReason ?? ""])
        }
    }

    /// The refunds list, with the same conventions.
    public init(refunds: [RefundView]) {
        self.init(header: ["refund_id", "order_id", "requested_at", "status", "amount", "currency", "reason", "note",
                           "requested_by", "failure_reason"])
        for refund in refunds {
            rows.append([refund.refundId, refund.orderId, refund.requestedAt.rfc3339, refund.status.rawValue, refund.amount.decimalString,
                    refund.amount.currency.code, refund.reason.rawValue, refund.note ?? "", refund.requestedBy,
                    refund.failureReason ?? ""])
        }
    }
}
