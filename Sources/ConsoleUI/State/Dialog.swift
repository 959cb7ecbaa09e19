import Foundation
import OrderModel

/// A modal box over the screen: it takes every key until it is confirmed or dismissed.
public enum Dialog: Sendable {
    case cancel(CancelConfirmation)
    case refund(RefundForm)
    case withdraw(WithdrawConfirmation)
    /// A confirmed cancel or refund waits for the order to be read again before it is sent; keys wait.
    case rechecking(Recheck)
    /// A write is running; keys wait.
    case working(String)
    case outcome(ActionOutcome)

    /// A dialog whose answer changes an order or moves money: it takes no key typed before it was drawn.
    var changesAnOrder: Bool {
        switch self {
        case .cancel, .refund, .withdraw: true
        case .rechecking, .working, .outcome: false
        }
    }
}

/// "Cancel this order?", with what will happen to the money given the order's state right now.
public struct CancelConfirmation: Sendable, Equatable {
    public var orderId: String
    public var status: PaymentStatus
    public var total: Money
    public var idempotencyKey: String
    public var code: ConfirmationCode
    /// The order's payment as this dialog states it; the cancel is sent only while the order still is so.
    public var seen: PaymentState
    /// What changed since the operator last confirmed, when the order moved under the dialog.
    public var changes: [OrderChange] = []

    public init(orderId: String, status: PaymentStatus, total: Money, idempotencyKey: String, seen: PaymentState) {
        self.orderId = orderId
        self.status = status
        self.total = total
        self.idempotencyKey = idempotencyKey
        self.seen = seen
        code = ConfirmationCode(orderId: orderId)
    }

    /// What typing the code does, in a few words.
    public var verb: String {
        switch status {
        case .authorized, .held: "cancel the order"
        case .charging: "cancel it while charging"
        default: "reverse \(total)"
        }
    }

    /// What confirming does, in the operator's words.
    public var consequence: String {
        switch status {
        case .authorized:
            "Not yet sent to the processor: the order is canceled and will never be charged."
        case .held:
            "Held, so never sent to the processor: the order is canceled and will never be charged."
        case .charging:
            "The charge is still in flight. Reversal, not refund: it is reversed once it succeeds; if it fails, the order ends canceled."
        default:
            "The charge succeeded: a reversal of \(total) is requested. If the bank refuses reversal, a full refund follows automatically."
        }
    }
}

/// "Withdraw this refund?": only a refund not yet submitted to the processor.
public struct WithdrawConfirmation: Sendable, Equatable {
    public var refund: RefundView
    public var code: ConfirmationCode

    public init(refund: RefundView) {
        self.refund = refund
        code = ConfirmationCode(orderId: refund.orderId)
    }
}
