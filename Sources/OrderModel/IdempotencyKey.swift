/// Idempotency keys: what makes retrying a request that moves money safe. Operators choose theirs
/// (`--idempotency-key`); PayDesk makes its own for what it does by itself, and those live in a namespace
/// operators cannot enter, so no operator's key can collide with them. The namespace is the prefix
/// `paydesk:`, and the forms earlier versions used (`charge:`, `cancel:`, `reversal-refused:`, `processor:`),
/// which stores and processors may still hold.
public enum IdempotencyKey {
    public static let reservedPrefixes = ["paydesk:", "charge:", "cancel:", "reversal-refused:", "processor:"]
    public static let maximumLength = 255

    /// An operator's key, or why it cannot be one.
    public static func checkOperatorKey(_ key: String) -> String? {
        if key.isEmpty { return "an idempotency key cannot be empty" }
        if key.utf8.count > maximumLength { return "an idempotency key is at most \(maximumLength) bytes" }
        if !key.unicodeScalars.allSatisfy({ $0.isPlainlyVisible && $0 != " " }) {
            return "an idempotency key cannot contain spaces or control characters"
        }
        if let prefix = reservedPrefixes.first(where: key.hasPrefix) {
            return "idempotency keys starting with \"\(prefix)\" are PayDesk's own; choose another"
        }
        return nil
    }

    /// An operator's cancel without a key of their own: the order's first, and `#2`, `#3`… for those after a
    /// cancel that came to nothing (`#` is in no order id).
    public static func cancel(_ orderId: String, attempt: Int = 1) -> String { numbered("paydesk:cancel:\(orderId)", attempt) }

    /// The full refund that follows when the bank refuses to reverse a charge: numbered as the cancels are, as
    /// an order whose refund failed can be cancelled again.
    public static func automaticRefund(_ orderId: String, attempt: Int = 1) -> String {
        numbered("paydesk:reversal-refused:\(orderId)", attempt)
    }

    private static func numbered(_ key: String, _ attempt: Int) -> String { attempt == 1 ? key : "\(key)#\(attempt)" }

    /// A refund made at the processor directly (its dashboard, say) and reported by a payment event.
    public static func processorRefund(_ refundId: String) -> String { "paydesk:processor:\(refundId)" }
}
