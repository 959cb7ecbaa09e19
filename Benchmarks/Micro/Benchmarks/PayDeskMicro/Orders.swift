import OrderModel

/// Fifty list rows as the console and `orders export` get them from the store: names in Chinese, Japanese,
/// German and English, three currencies, every status.
enum SampleOrders {
    static let customers = ["李娜", "欧阳子涵", "佐藤 美咲", "Jürgen Weiß", "Maximiliane Octavia von Hohenberg", "Zoë Nguyen", "王伟"]
    static let currencies = ["CNY", "JPY", "EUR", "KWD"].compactMap { Currency(code: $0) }
    static let statuses: [PaymentStatus] = [.authorized, .paid, .partiallyRefunded, .refunded, .failed]

    static let rows: [OrderSummary] = (0..<50).map { index in
        let created = benchmarkNow.millisecondsSinceEpoch - Int64(index) * 97_000
        let currency = currencies[index % currencies.count]
        let total = Int64(12_75 + index * 1_301)
        return OrderSummary(orderId: "LOAD-\(10_000_000 + index)", createdAt: Timestamp(millisecondsSinceEpoch: created),
                            status: statuses[index % statuses.count], failureReason: nil,
                            total: Money(minorUnits: total, currency: currency), customer: customers[index % customers.count],
                            shippingMethod: "express", shippingLabel: index % 2 == 0 ? "极速送达" : "Express Shipping",
                            wallet: index % 3 == 0 ? "UnionPay 7723" : "MasterCard 0388", cardLast4: "0388",
                            cancelRequested: false, refundPending: index % 7 == 0, tokenOutcome: .verified, tokenMismatch: false,
                            holdReason: nil, tokenFromSandbox: false, updatedAt: Timestamp(millisecondsSinceEpoch: created),
                            cursor: OrderCursor(createdAt: created, currency: currency.code, total: total, rowID: Int64(50 - index)))
    }
}
