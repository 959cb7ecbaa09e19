/// What an audit entry did to its order: the payment state it left, and the refunds it created or moved.
/// Recorded with the entry (and covered by its hash), so that `audit --verify` can replay the log through
/// `PaymentLifecycle` and hold every order and refund in the store to it: a row edited behind PayDesk's back
/// no longer matches the history that should have produced it.
public struct AuditEffect: Equatable, Sendable {
    public struct Refund: Equatable, Sendable {
        public var id: String
        public var amount: Int64
        public var status: RefundStatus

        public init(id: String, amount: Int64, status: RefundStatus) {
            self.id = id
            self.amount = amount
            self.status = status
        }
    }

    public var status: PaymentStatus
    public var failureReason: FailureReason?
    public var cancelRequested: Bool
    public var paid: Int64
    public var refunded: Int64
    public var refunds: [Refund]

    public init(status: PaymentStatus, failureReason: FailureReason? = nil, cancelRequested: Bool = false, paid: Int64 = 0,
                refunded: Int64 = 0, refunds: [Refund] = []) {
        self.status = status
        self.failureReason = failureReason
        self.cancelRequested = cancelRequested
        self.paid = paid
        self.refunded = refunded
        self.refunds = refunds
    }

    public init(_ state: PaymentState, refunds: [Refund] = []) {
        self.init(status: state.status, failureReason: state.failureReason, cancelRequested: state.cancelRequested,
                  paid: state.paid, refunded: state.refunded, refunds: refunds)
    }

    /// One canonical line, the form hashed and stored:
    /// `paid;failure=;cancel=0;paid=1000;refunded=0;refunds=500:pending:19:re_0123456789abcdef`. A refund's id
    /// may be a processor's and hold any text, so it is written last in its refund, after its length in bytes.
    public var text: String {
        let refundList = refunds.map { "\($0.amount):\($0.status.rawValue):\($0.id.utf8.count):\($0.id)" }.joined()
        return "\(status.rawValue);failure=\(failureReason?.rawValue ?? "");cancel=\(cancelRequested ? 1 : 0);"
            + "paid=\(paid);refunded=\(refunded);refunds=\(refundList)"
    }

    /// Read as UTF-8 bytes: split as `Character`s, the text of an entry took more than its SHA-256 and its row,
    /// and `paydesk audit --verify` reads every entry's.
    public init?(text: String) {
        let fields = text.utf8.split(separator: UInt8(ascii: ";"), maxSplits: 5, omittingEmptySubsequences: false)
        guard fields.count == 6, let status = PaymentStatus(rawValue: String(Substring(fields[0]))) else { return nil }
        func value(_ index: Int, _ name: String) -> Substring? {
            let field = fields[index], label = name.utf8
            guard field.starts(with: label), field.dropFirst(label.count).first == UInt8(ascii: "=") else { return nil }
            return Substring(field.dropFirst(label.count + 1))
        }
        guard let failure = value(1, "failure"), let cancel = value(2, "cancel"), let paid = value(3, "paid").flatMap({ Int64($0) }),
              let refunded = value(4, "refunded").flatMap({ Int64($0) }), var rest = value(5, "refunds")?.utf8[...] else { return nil }
        var refunds: [Refund] = []
        while !rest.isEmpty {
            let parts = rest.split(separator: UInt8(ascii: ":"), maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let amount = Int64(Substring(parts[0])), let refundStatus = RefundStatus(rawValue: String(Substring(parts[1]))),
                  let length = Int(Substring(parts[2])), length <= parts[3].count else { return nil }
            let id = parts[3].prefix(length)
            refunds.append(Refund(id: String(Substring(id)), amount: amount, status: refundStatus))
            rest = parts[3].dropFirst(length)
        }
        self.init(status: status, failureReason: failure.isEmpty ? nil : FailureReason(rawValue: String(failure)),
                  cancelRequested: cancel == "1", paid: paid, refunded: refunded, refunds: refunds)
    }
}
