import OrderModel

/// The audit log replayed: each order's payment state and refunds as its entries say they came to be. Each
/// entry that changed an order is run through `PaymentLifecycle` again from the state before it, and must
/// arrive where it says it did; what the replay ends with is what the store must hold.
struct AuditReplay {
    struct History {
        var currency: Currency?
        var total: Int64
        var effect: AuditEffect
        var refunds: [String: AuditEffect.Refund]

        var state: PaymentState {
            PaymentState(status: effect.status, failureReason: effect.failureReason, cancelRequested: effect.cancelRequested,
                         total: total, paid: effect.paid, refunded: effect.refunded,
                         refundsInFlight: refunds.values.filter { $0.status.isInFlight }.reduce(0) { $0 &+ $1.amount })
        }

        func money(_ minorUnits: Int64) -> String {
            currency.map { Money(minorUnits: minorUnits, currency: $0).description } ?? "\(minorUnits) minor units"
        }
    }

    private(set) var orders: [String: History] = [:]

    /// A replay with room for `orders` orders' histories from the start: grown as entries came, the table was
    /// copied each time it doubled, and its last copy held both tables at once: an eighth of the peak memory.
    init(orders count: Int = 0) { orders.reserveCapacity(count) }

    /// Folds in one entry; what is wrong with it, if anything. Entries without an effect change nothing.
    mutating func apply(_ entry: AuditEntry, id: Int64) -> String? {
        guard let effect = entry.effect, let orderId = entry.orderId else { return nil }
        let refunds = Dictionary(effect.refunds.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        switch entry.action {
        case "baseline":
            orders[orderId] = History(currency: entry.currencyCode.flatMap(Currency.init(code:)), total: entry.amount ?? 0,
                                      effect: effect, refunds: refunds)
            return nil
        case "order_ingested":
            guard orders[orderId] == nil else { return "entry \(id) ingests \(orderId) a second time" }
            guard [.authorized, .held].contains(effect.status), effect.paid == 0, effect.refunded == 0, effect.refunds.isEmpty else {
                return "entry \(id) ingests \(orderId) as \(effect.status.rawValue), not as a new order"
            }
            orders[orderId] = History(currency: entry.currencyCode.flatMap(Currency.init(code:)), total: entry.amount ?? 0,
                                      effect: effect, refunds: [:])
            return nil
        default:
            guard var history = orders[orderId] else { return "entry \(id) (\(entry.action)) is about \(orderId), which the log never ingested" }
            let replayed: PaymentState
            do { replayed = try Self.replay(entry.action, effect, on: history) } catch {
                return "entry \(id) (\(entry.action) on \(orderId)) cannot have happened: \(error)"
            }
            let expected = AuditEffect(replayed, refunds: effect.refunds)
            guard expected == effect else {
                return "entry \(id) (\(entry.action) on \(orderId)) records \(effect.text), but replaying it gives \(expected.text)"
            }
            history.effect = effect
            history.refunds.merge(refunds) { $1 }
            orders[orderId] = history
            return nil
        }
    }

    struct Impossible: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The state `action` leads to from the order's state before it, by the lifecycle's rules.
    static func replay(_ action: String, _ effect: AuditEffect, on history: History) throws -> PaymentState {
        var state = history.state
        let refund = effect.refunds.first
        let known = refund.flatMap { history.refunds[$0.id] }
        func apply(_ action: PaymentAction) throws { state = try PaymentLifecycle.apply(action, to: state).state }
        func moves(from: RefundStatus?, to: RefundStatus) throws -> AuditEffect.Refund {
            guard let refund, known?.status == from, refund.status == to, known.map({ $0.amount == refund.amount }) ?? true else {
                throw Impossible("its refund does not move from \(from?.rawValue ?? "nothing") to \(to.rawValue)")
            }
            return refund
        }
        switch action {
        case "cancel": try apply(.cancel)
        case "release": try apply(.release)
        case "refund": try apply(.requestRefund(amount: try moves(from: nil, to: .pending).amount))
        case "withdraw_refund": try apply(.withdrawRefund(amount: try moves(from: .pending, to: .withdrawn).amount))
        case "charge_submitted": try apply(.chargeSubmitted)
        case "charge_succeeded": try apply(.chargeSucceeded)
        case "charge_failed": try apply(.chargeFailed(effect.failureReason ?? .processorError))
        case "reversal_succeeded": try apply(.reversalSucceeded)
        case "reversal_unsupported":
            let transition = try PaymentLifecycle.apply(.reversalUnsupported, to: state)
            guard case .automaticRefund(let amount) = transition.followUp, try moves(from: nil, to: .pending).amount == amount else {
                throw Impossible("the full refund that follows a refused reversal is not recorded")
            }
            state = transition.state
        case "refund_submitted":
            _ = try moves(from: known == nil ? nil : .pending, to: .submitted)
            if known == nil { throw Impossible("it submits a refund the log never requested") }
        case "refund_succeeded":
            // A refund made at the processor arrives already succeeded; it is requested and settled at once.
            let settled = try moves(from: known?.status == .submitted ? .submitted : known == nil ? nil : .pending, to: .succeeded)
            if known == nil { try apply(.requestRefund(amount: settled.amount)) }
            try apply(.refundSucceeded(amount: settled.amount))
        case "refund_failed":
            try apply(.refundFailed(amount: try moves(from: known?.status == .submitted ? .submitted : .pending, to: .failed).amount))
        default:
            throw Impossible("PayDesk records no such action")
        }
        return state
    }
}
