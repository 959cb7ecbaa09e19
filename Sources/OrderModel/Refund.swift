/// A request to give money back, and how far it got.
public enum RefundStatus: String, CaseIterable, Codable, Sendable {
    case pending
    case submitted
    case succeeded
    case failed
    case withdrawn

    /// Only these hold money back from being refunded again.
    public var isInFlight: Bool { self == .pending || self == .submitted }

    /// The refund lifecycle: pending → submitted → succeeded | failed; pending may be withdrawn, and a
    /// processor may settle a pending refund directly.
    public func canMove(to next: RefundStatus) -> Bool {
        switch (self, next) {
        case (.pending, .submitted), (.pending, .succeeded), (.pending, .failed), (.pending, .withdrawn),
             (.submitted, .succeeded), (.submitted, .failed): true
        default: false
        }
    }
}

/// The fixed list an operator chooses from; a free-text note can say more.
public enum RefundReason: String, CaseIterable, Codable, Sendable {
    case requestedByCustomer = "requested_by_customer"
    case duplicate
    case fraudulent
    case notDelivered = "not_delivered"
    case other
}
