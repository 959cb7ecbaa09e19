import ArgumentParser
import OrderModel
import OrderStore

// The fixed lists of docs/design.md §3 as option values: ArgumentParser checks them and lists the choices in help.
extension PaymentStatus: ExpressibleByArgument {}
extension RefundStatus: ExpressibleByArgument {}
extension RefundReason: ExpressibleByArgument {}
extension OrderQuery.ListOrder: ExpressibleByArgument {}

/// How many rows one listing may ask for: enough for any script, bounded so a typo cannot read a whole store.
enum ListLimit {
    static func check(_ limit: Int) throws {
        guard (1...100_000).contains(limit) else { throw ValidationError("--limit must be between 1 and 100000") }
    }

    /// What a listing cut at its limit says.
    static func moreExist(_ what: String, shown: Int) -> String {
        shown == 1 ? "only the first of the \(what) is shown; more exist (raise --limit, at most 100000)"
            : "the first \(shown) \(what) are shown; more exist (raise --limit, at most 100000)"
    }
}
