import GRDB
import OrderModel

// The read models are OrderModel values; here is how the store reads them from its rows.

extension OrderSummary {
    /// The values a summary is read from, in the order a list selects them: the columns of `orders`, whether a
    /// refund waits (one index probe per row), and whether the token came from Apple's sandbox.
    enum Field: Int, CaseIterable {
        case id, orderId, createdAt, status, failureReason, currency, total, customerName, shippingMethod, shippingLabel,
             wallet, cardLast4, cancelRequested, tokenOutcome, tokenMismatch, holdReason, updatedAt, refundPending, tokenSandbox

        var name: String {
            switch self {
            case .id: "id"
            case .orderId: "order_id"
            case .createdAt: "created_at"
            case .status: "status"
            case .failureReason: "failure_reason"
            case .currency: "currency"
            case .total: "total"
            case .customerName: "customer_name"
            case .shippingMethod: "shipping_method"
            case .shippingLabel: "shipping_label"
            case .wallet: "wallet"
            case .cardLast4: "card_last4"
            case .cancelRequested: "cancel_requested"
            case .tokenOutcome: "token_outcome"
            case .tokenMismatch: "token_mismatch"
            case .holdReason: "hold_reason"
            case .updatedAt: "updated_at"
            case .refundPending: "refund_pending"
            case .tokenSandbox: "token_sandbox"
            }
        }

        /// The field in a list's select: a column of `orders`, or what is worked out for each row.
        var sql: String {
            switch self {
            case .refundPending:
                // By its order: the planner, left to choose, searched the refunds by status, reading every pending
                // refund for every row of the page.
                """
                EXISTS (SELECT 1 FROM refunds INDEXED BY refunds_by_order
                        WHERE refunds.order_ref = orders.id AND refunds.status = 'pending') AS refund_pending
                """
            case .tokenSandbox: "coalesce(json_extract(token_verification, '$.root.isApple') = 0, 0) AS token_sandbox"
            default: "orders.\(name)"
            }
        }
    }

    /// What a list selects: every field, in order, so that its rows are read by position.
    static let selection = Field.allCases.map(\.sql).joined(separator: ", ")

    /// A row of `selection`, read by position: reading by name lowercases every column name on the way to the
    /// one asked for (GRDB), which cost more than the query itself on a page of 200 rows.
    init(listRow row: Row) throws(StoreError) {
        try self.init(row) { $0.rawValue }
    }

    /// A row with the fields under their names, in any order (a whole `orders` row); those missing read as NULL.
    init(_ row: Row) throws(StoreError) {
        let positions = Dictionary(row.columnNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        try self.init(row) { positions[$0.name] }
    }

    private init(_ row: Row, at position: (Field) -> Int?) throws(StoreError) {
        var orderId = "?"
        func value<Value: DatabaseValueConvertible>(_ field: Field) throws(StoreError) -> Value? {
            guard let index = position(field) else { return nil }
            return try row.checked(atIndex: index, in: "order \(quoted(orderId))", as: Value?.self)
        }
        orderId = try value(.orderId) ?? "?"
        func required<Value: DatabaseValueConvertible>(_ field: Field) throws(StoreError) -> Value {
            guard let found: Value = try value(field) else { throw .database("order \(quoted(orderId)) has no \(field.name)") }
            return found
        }
        let code: String = try required(.currency)
        guard let currency = Currency(code: code) else { throw .database("order \(quoted(orderId)) has unknown currency \(quoted(code))") }
        guard let status = PaymentStatus(rawValue: try required(.status)) else { throw .database("order \(quoted(orderId)) has an unknown status") }
        let createdAt: Int64 = try required(.createdAt), total: Int64 = try required(.total)
        self.init(orderId: orderId,
                  createdAt: Timestamp(millisecondsSinceEpoch: createdAt),
                  status: status,
                  failureReason: (try value(.failureReason) as String?).flatMap(FailureReason.init(rawValue:)),
                  total: Money(minorUnits: total, currency: currency),
                  customer: try required(.customerName),
                  shippingMethod: try value(.shippingMethod),
                  shippingLabel: try value(.shippingLabel),
                  wallet: try required(.wallet),
                  cardLast4: try value(.cardLast4),
                  cancelRequested: try required(.cancelRequested),
                  refundPending: try value(.refundPending) ?? false,
                  tokenOutcome: (try value(.tokenOutcome) as String?).flatMap(TokenVerification.Outcome.init(rawValue:)),
                  tokenMismatch: try required(.tokenMismatch),
                  holdReason: try value(.holdReason),
                  tokenFromSandbox: try value(.tokenSandbox) ?? false,
                  updatedAt: Timestamp(millisecondsSinceEpoch: try required(.updatedAt)),
                  cursor: OrderCursor(createdAt: createdAt, currency: code, total: total, rowID: try required(.id)))
    }
}

extension RefundView {
    init(_ record: RefundRecord, orderId: String, currency: Currency) {
        self.init(refundId: record.refundId,
                  orderId: orderId,
                  amount: Money(minorUnits: record.amount, currency: currency),
                  status: record.status,
                  reason: record.reason,
                  note: record.note,
                  requestedAt: Timestamp(millisecondsSinceEpoch: record.requestedAt),
                  requestedBy: record.requestedBy,
                  failureReason: record.failureReason,
                  idempotencyKey: record.idempotencyKey)
    }
}
