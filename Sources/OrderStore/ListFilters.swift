import GRDB
import OrderModel

/// The orders list's filters as one SQL condition on `orders`: status, time, currency and amount. The list
/// applies it to every page, and a search applies it before it takes its matches, so that a bounded search
/// keeps the most recent orders that pass every filter.
struct ListFilters {
    let condition: SQL
    /// No filter is set: the condition holds for every order.
    let isEmpty: Bool

    init(_ query: OrderQuery) {
        var parts: [SQL] = []
        if let status = query.status { parts.append("orders.status = \(status.rawValue)") }
        if let since = query.since { parts.append("orders.created_at >= \(since.millisecondsSinceEpoch)") }
        if let until = query.until { parts.append("orders.created_at < \(until.millisecondsSinceEpoch)") }
        // Amounts compare only within their currency: a bound names its currency and keeps to it.
        let currencies = [query.currency, query.minimum?.currency, query.maximum?.currency].compactMap { $0 }
        if let currency = currencies.first {
            parts.append(currencies.allSatisfy { $0 == currency } ? "orders.currency = \(currency.code)" : "0")
        }
        if let minimum = query.minimum { parts.append("orders.total >= \(minimum.minorUnits)") }
        if let maximum = query.maximum { parts.append("orders.total <= \(maximum.minorUnits)") }
        isEmpty = parts.isEmpty
        condition = isEmpty ? "1" : parts.joined(separator: " AND ")
    }
}
