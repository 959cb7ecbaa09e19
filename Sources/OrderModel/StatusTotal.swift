/// How many orders are in a status, and what they add up to, per currency.
public struct StatusTotal: Sendable, Equatable {
    public var status: PaymentStatus
    public var orders: Int
    public var amount: MoneyTotal

    public init(status: PaymentStatus, orders: Int, amount: MoneyTotal) {
        self.status = status
        self.orders = orders
        self.amount = amount
    }
}
