/// How many orders are in a status, and what they add up to, per currency.
public struct StatusTotal: Sendable, Equatable {
    public var status: PaymentStatus
    public var orders: Int
    public var amount: MoneyTotal
    /// The money refunded from these orders: all of a refunded order's total, a part of a part-refunded one's.
    public var refunded: MoneyTotal

    /// `refunded` defaults to none, as for every status but the two that follow a refund.
    public init(status: PaymentStatus, orders: Int, amount: MoneyTotal, refunded: MoneyTotal? = nil) {
        self.status = status
        self.orders = orders
        self.amount = amount
        self.refunded = refunded ?? .zero(amount.currency)
    }
}
