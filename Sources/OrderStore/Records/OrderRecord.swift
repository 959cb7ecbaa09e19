import Foundation
import GRDB
import OrderModel

/// A row of `orders`: the ingested order, the columns it is listed and searched by, and its payment state.
struct OrderRecord: Codable, Sendable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "orders"

    var id: Int64?
    var orderId: String
    var fingerprint: Data
    var createdAt: Int64
    var currency: String
    var total: Int64
    var status: PaymentStatus
    var failureReason: FailureReason?
    var processorReference: String?
    var cancelRequested: Bool
    var cancelRequestedAt: Int64?
    var cancelRequestedBy: String?
    var cancelIdempotencyKey: String?
    var paid: Int64
    var refunded: Int64
    var updatedAt: Int64
    var customerName: String
    var customerPhoneReversed: String?
    var customerEmail: String?
    var cardLast4: String?
    var wallet: String
    var shippingMethod: String?
    var shippingLabel: String?
    /// The order's details as JSON, as read back; nil when the order was read for its payment state
    /// (`fetch(orderId:)`), which never needs them: they are most of the row, and reading them cost the driver a
    /// tenth of its time. A new order's are written from `NewOrder`.
    var details: String?
    var tokenOutcome: TokenVerification.Outcome?
    var tokenMismatch: Bool
    /// `TokenVerification` as JSON: masked data only.
    var tokenVerification: String?
    /// Why the order was held on arrival (the failed check); kept after a release, as history.
    var holdReason: String?
    /// The sum of this order's refunds pending or submitted, kept by the schema's triggers; never written here.
    var refundsInFlight: Int64 = 0

    enum Columns {
        static let id = Column("id")
        static let orderId = Column("order_id")
        static let createdAt = Column("created_at")
        static let status = Column("status")
    }

    static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
    static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Inserts new orders, many a statement (`BulkInsert`), leaving out any whose id is stored already or came
    /// earlier among them. Returns the row id of each order inserted, by its order id. Ingest inserts millions of
    /// rows, and GRDB's Codable persistence would cost more than the rest of ingest together.
    static func insertNew(_ orders: OrderLines, _ db: Database) throws -> [String: Int64] {
        var inserted: [String: Int64] = [:]
        inserted.reserveCapacity(orders.count)
        try bulkInsert.run(orders.count, db, bind: { orders[$0].record.bindInserted(&$1, details: orders[$0].details) }) { row in
            let orderId = row.string(1)
            if inserted[orderId] == nil { inserted[orderId] = row.int64(0) }
        }
        return inserted
    }

    private static let bulkInsert = BulkInsert("""
        INSERT INTO orders (order_id, fingerprint, created_at, currency, total, status, cancel_requested, paid, refunded, updated_at,
                            customer_name, customer_phone_reversed, customer_email, card_last4, wallet, shipping_method, shipping_label,
                            details, token_outcome, token_mismatch, token_verification, hold_reason)
        """, row: "(?, ?, ?, ?, ?, ?, 0, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        suffix: "ON CONFLICT (order_id) DO NOTHING RETURNING id, order_id")

    /// The values of `bulkInsert`'s placeholders, in order.
    private func bindInserted(_ values: inout StatementValues, details: [UInt8]) {
        values.add(orderId)
        values.add(fingerprint)
        values.add(createdAt)
        values.add(currency)
        values.add(total)
        values.add(status.rawValue)
        values.add(updatedAt)
        values.add(customerName)
        values.add(customerPhoneReversed)
        values.add(customerEmail)
        values.add(cardLast4)
        values.add(wallet)
        values.add(shippingMethod)
        values.add(shippingLabel)
        values.add(utf8: details)
        values.add(tokenOutcome?.rawValue)
        values.add(tokenMismatch)
        values.add(tokenVerification)
        values.add(holdReason)
    }

    /// Every column but `details`, in the order `init(selected:)` reads them.
    static let selection = """
        id, order_id, fingerprint, created_at, currency, total, status, failure_reason, processor_reference, cancel_requested,
        cancel_requested_at, cancel_requested_by, cancel_idempotency_key, paid, refunded, updated_at, customer_name,
        customer_phone_reversed, customer_email, card_last4, wallet, shipping_method, shipping_label, token_outcome,
        token_mismatch, token_verification, hold_reason, refunds_in_flight
        """

    /// The order with this id, without its details, through one cached statement read by column position: every
    /// payment event and operator request reads its order, and GRDB's query builder, its rows (which name their
    /// columns first) and Codable decoding by column name cost the driver more than the rest of an event together
    /// (docs/design.md §3, `paydesk-benchmarks driver`).
    static func fetch(orderId: String, _ db: Database) throws -> OrderRecord? {
        var order: OrderRecord?
        try db.run(fetchSQL, bind: { $0.add(orderId) }) { order = try OrderRecord(selected: $0) }
        return order
    }

    private static let fetchSQL = "SELECT \(selection) FROM orders WHERE order_id = ?"

    /// Reads a row of `selection`. A status, reason or outcome this build does not know is an error, as it is
    /// when Codable reads the row.
    init(selected row: StatementRow) throws {
        func known<Value: RawRepresentable>(_ column: Int32, _ name: String) throws -> Value? where Value.RawValue == String {
            guard let raw = row.optionalString(column) else { return nil }
            guard let value = Value(rawValue: raw) else { throw StoreError.database("orders.\(name): unknown value \(quoted(raw))") }
            return value
        }
        id = row.int64(0)
        orderId = row.string(1)
        fingerprint = row.data(2)
        createdAt = row.int64(3)
        currency = row.string(4)
        total = row.int64(5)
        guard let status: PaymentStatus = try known(6, "status") else { throw StoreError.database("orders.status: missing") }
        self.status = status
        failureReason = try known(7, "failure_reason")
        processorReference = row.optionalString(8)
        cancelRequested = row.bool(9)
        cancelRequestedAt = row.optionalInt64(10)
        cancelRequestedBy = row.optionalString(11)
        cancelIdempotencyKey = row.optionalString(12)
        paid = row.int64(13)
        refunded = row.int64(14)
        updatedAt = row.int64(15)
        customerName = row.string(16)
        customerPhoneReversed = row.optionalString(17)
        customerEmail = row.optionalString(18)
        cardLast4 = row.optionalString(19)
        wallet = row.string(20)
        shippingMethod = row.optionalString(21)
        shippingLabel = row.optionalString(22)
        details = nil
        tokenOutcome = try known(23, "token_outcome")
        tokenMismatch = row.bool(24)
        tokenVerification = row.optionalString(25)
        holdReason = row.optionalString(26)
        refundsInFlight = row.int64(27)
    }

    init(order: Order, fingerprint: Data, now: Timestamp) {
        self.orderId = order.orderId
        self.fingerprint = fingerprint
        self.createdAt = order.createdAt.millisecondsSinceEpoch
        self.currency = order.currency.code
        self.total = order.total.minorUnits
        self.status = .authorized
        self.cancelRequested = false
        self.paid = 0
        self.refunded = 0
        self.updatedAt = now.millisecondsSinceEpoch
        self.customerName = order.customerName
        self.customerPhoneReversed = order.customerPhone.flatMap(Self.searchablePhone)
        self.customerEmail = order.customerEmail?.lowercasedIfNeeded()
        self.cardLast4 = order.details.token.cardLast4
        self.wallet = order.details.token.displayName
        self.shippingMethod = order.details.shippingMethod?.identifier
        self.shippingLabel = order.details.shippingMethod?.label
        self.details = nil
        self.tokenMismatch = false
    }

    /// Records what the merchant's keys made of the token, and holds the order unless it verified and matches.
    mutating func record(_ verification: TokenVerification) throws {
        tokenOutcome = verification.outcome
        tokenMismatch = verification.amountMismatch
        tokenVerification = verification.json
        status = .onArrival(verification)
        holdReason = try verification.holdReason(orderTotal: Money(minorUnits: total, currency: currencyValue()))
    }

    /// A phone number's digits, last first: "+86 138-0013-8000" and "13800138000" then share a prefix, so an
    /// index finds a number however the guest typed it.
    static func searchablePhone(_ phone: String) -> String? {
        var digits = phone.utf8.filter { $0 &- UInt8(ascii: "0") < 10 }
        guard digits.count >= 5 else { return nil }
        digits.reverse()
        return String(decoding: digits, as: UTF8.self)
    }

    /// The currency; the store only ever holds codes that ingest accepted.
    func currencyValue() throws(StoreError) -> Currency {
        guard let value = Currency(code: currency) else { throw .database("order \(orderId) has unknown currency \(currency)") }
        return value
    }

    /// What the state machine needs. `refundsInFlight` is passed in because a refund inserted earlier in the
    /// same transaction has already moved the stored sum past this record's copy.
    func paymentState(refundsInFlight: Int64) -> PaymentState {
        PaymentState(status: status, failureReason: failureReason, cancelRequested: cancelRequested, total: total,
                     paid: paid, refunded: refunded, refundsInFlight: refundsInFlight)
    }

    /// What the audit log records this order's state as, with the refunds an entry touched.
    func effect(_ refunds: [RefundRecord] = []) -> AuditEffect {
        AuditEffect(status: status, failureReason: failureReason, cancelRequested: cancelRequested, paid: paid, refunded: refunded,
                    refunds: refunds.map { AuditEffect.Refund(id: $0.refundId, amount: $0.amount, status: $0.status) })
    }

    mutating func adopt(_ state: PaymentState, at now: Timestamp) {
        status = state.status
        failureReason = state.failureReason
        cancelRequested = state.cancelRequested
        paid = state.paid
        refunded = state.refunded
        updatedAt = now.millisecondsSinceEpoch
    }
}
