import OrderModel

/// One way an order moved between two readings of it (another operator, the processor, ingest), as a
/// confirmation tells the operator before asking again.
public struct OrderChange: Sendable, Equatable {
    /// What changed, in a word or two ("status", "refunded").
    public var field: String
    public var before: String
    public var after: String

    /// What differs between `old` and `new` that bears on money: the status, whether a cancel is owed, what was
    /// paid, refunded and is being refunded. Amounts in `currency`.
    static func between(_ old: PaymentState, _ new: PaymentState, currency: Currency) -> [OrderChange] {
        func money(_ minorUnits: Int64) -> String { Money(minorUnits: minorUnits, currency: currency).description }
        var changes: [OrderChange] = []
        if old.status != new.status { changes.append(OrderChange(field: "status", before: old.status.word, after: new.status.word)) }
        if old.cancelRequested != new.cancelRequested {
            changes.append(OrderChange(field: "cancel", before: old.cancelRequested ? "requested" : "none",
                                       after: new.cancelRequested ? "requested" : "none"))
        }
        if old.paid != new.paid { changes.append(OrderChange(field: "paid", before: money(old.paid), after: money(new.paid))) }
        if old.refunded != new.refunded {
            changes.append(OrderChange(field: "refunded", before: money(old.refunded), after: money(new.refunded)))
        }
        if old.refundsInFlight != new.refundsInFlight {
            changes.append(OrderChange(field: "refunds in flight", before: money(old.refundsInFlight), after: money(new.refundsInFlight)))
        }
        return changes
    }
}
