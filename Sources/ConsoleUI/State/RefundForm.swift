import Foundation
import OrderModel

/// The refund form: the order's items to pick from, the amount (their sum when picked, validated as it is
/// typed), reason, optional note; then a restatement to confirm.
public struct RefundForm: Sendable, Equatable {
    /// In the order they are drawn and Tab visits them; the form opens on the amount.
    public enum Field: Sendable, Equatable, CaseIterable { case items, amount, reason, note }

    public var orderId: String
    public var refundable: Money
    /// Every line of the payment sheet above the grand total; empty when the total is the only line.
    public var items: [RefundItem]
    /// The item the items field points at.
    public var itemCursor = 0
    public var amount: TextField
    public var reason: RefundReason = .requestedByCustomer
    public var note = TextField("", limit: 200)
    public var field: Field = .amount
    /// The form was submitted and now waits for the confirmation code.
    public var confirming = false
    public var code: ConfirmationCode
    public var idempotencyKey: String
    /// The order's payment as this form states it; the refund is sent only while the order still is so.
    public var seen: PaymentState
    /// What changed since the operator last confirmed, when the order moved under the form.
    public var changes: [OrderChange] = []

    public init(orderId: String, refundable: Money, items: [RefundItem] = [], idempotencyKey: String, seen: PaymentState) {
        self.orderId = orderId
        self.refundable = refundable
        self.items = items
        self.amount = TextField(refundable.decimalString, limit: 24)
        self.idempotencyKey = idempotencyKey
        self.seen = seen
        code = ConfirmationCode(orderId: orderId)
    }

    /// The fields this form has: without items, the form as it always was.
    var fields: [Field] { Field.allCases.filter { $0 != .items || !items.isEmpty } }

    /// The amount typed, or why it cannot be refunded.
    public var validatedAmount: Result<Money, RefundAmountProblem> {
        let text = amount.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .failure(.empty) }
        let money: Money
        do { money = try Money(parsing: text, currency: refundable.currency) } catch { return .failure(.unreadable(error.description)) }
        guard money.minorUnits > 0 else { return .failure(.notPositive) }
        guard money.minorUnits <= refundable.minorUnits else { return .failure(.moreThanRefundable(refundable)) }
        return .success(money)
    }

    public var trimmedNote: String? {
        let text = note.text.trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }

    mutating func stepReason(by offset: Int) {
        let reasons = RefundReason.allCases
        let current = reasons.firstIndex(of: reason) ?? 0
        reason = reasons[(current + reasons.count + offset) % reasons.count]
    }

    // MARK: Items

    public var pickedItems: [RefundItem] { items.filter(\.picked) }

    /// What the picked items add up to (discounts subtract), nil when none is picked.
    public var pickedSum: MoneyTotal? {
        let picked = pickedItems
        guard !picked.isEmpty else { return nil }
        return picked.reduce(.zero(refundable.currency)) { $0.adding($1.amount) }
    }

    /// The amount the picks call for: their sum, but never more than is still refundable.
    public var pickedAmount: Money? {
        guard let sum = pickedSum else { return nil }
        guard let exact = sum.exactValue, exact.minorUnits <= refundable.minorUnits else { return refundable }
        return exact
    }

    /// The picks add up to more than is still refundable, so the amount stops there.
    public var pickedSumIsCapped: Bool {
        guard let sum = pickedSum else { return false }
        return sum.exactValue.map { $0.minorUnits > refundable.minorUnits } ?? true
    }

    /// Items are picked, but the amount was typed to something else.
    public var amountDiffersFromPicks: Bool {
        guard let picked = pickedAmount else { return false }
        // Read, not validated: picks that add up to nothing are their own sum, refused as no refund.
        let text = amount.text.trimmingCharacters(in: .whitespaces)
        return (try? Money(parsing: text, currency: refundable.currency)) != picked
    }

    /// Picks or unpicks the item at the cursor; the amount becomes what the picks call for, or with none
    /// picked all that is refundable, as the form opened.
    mutating func toggleItem() {
        guard items.indices.contains(itemCursor) else { return }
        items[itemCursor].picked.toggle()
        amount.text = (pickedAmount ?? refundable).decimalString
    }
}

/// One line of the payment sheet offered for refund: an article, a discount (negative), shipping or tax.
public struct RefundItem: Sendable, Equatable {
    /// As the customer saw it: their text, shown neutralised and cut like any other.
    public var label: String
    public var amount: Money
    /// The sheet marked it an estimate.
    public var isPending: Bool
    public var picked = false

    public init(label: String, amount: Money, isPending: Bool = false) {
        self.label = label
        self.amount = amount
        self.isPending = isPending
    }

    /// The order's summary items but the last, the grand total (PassKit's rule, checked at ingest). Shipping is
    /// one of them: the sheet's total is the sum of its items, so the shipping method's own amount is not
    /// offered again, which would refund it twice.
    public static func offered(by detail: OrderDetail) -> [RefundItem] {
        let currency = detail.summary.total.currency
        return detail.details.summaryItems.dropLast().map {
            RefundItem(label: $0.label, amount: Money(minorUnits: $0.amount, currency: currency), isPending: $0.isPending)
        }
    }
}

public enum RefundAmountProblem: Error, Equatable, CustomStringConvertible {
    case empty
    case unreadable(String)
    case notPositive
    case moreThanRefundable(Money)

    public var description: String {
        switch self {
        case .empty: "enter an amount"
        case .unreadable(let reason): reason
        case .notPositive: "the amount must be more than zero"
        case .moreThanRefundable(let remainder): "at most \(remainder) is refundable"
        }
    }
}
