import Foundation
import OrderModel

/// Builds a realistic store for trying PayDesk out: a tea shop selling mostly in CNY, some USD, EUR and JPY;
/// Chinese and Latin customers, returning guests recognised by phone; every payment state of DESIGN §3,
/// PIN failures, charges still in flight and refunds still pending. Orders enter through the same ingest
/// path as real ones, and their payments move through the same operations.
///
/// The tokens are shaped like Apple Pay tokens but carry random bytes: they cannot be decrypted.
public struct DemoStore {
    public var orders: Int
    public var seed: UInt64
    /// The demo's "now": orders fall in the week before it, a few in the last minute.
    public var now: Timestamp

    public init(orders: Int = 200, seed: UInt64 = 1, now: Timestamp) {
        self.orders = orders
        self.seed = seed
        self.now = now
    }

    /// What happens to an order after it is authorised.
    enum Fate: CaseIterable {
        case authorized, charging, chargingCancelRequested, paid, failed, canceled, reversed, reversalRefused
        case partiallyRefunded, refunded, refundPending, refundFailed
    }

    static let fates: [(Fate, Int)] = [
        (.authorized, 6), (.charging, 5), (.chargingCancelRequested, 2), (.paid, 38), (.failed, 12), (.canceled, 5),
        (.reversed, 4), (.reversalRefused, 3), (.partiallyRefunded, 8), (.refunded, 7), (.refundPending, 7), (.refundFailed, 3),
    ]

    public func build(into store: PayDeskStore, actor: Actor) throws(StoreError) {
        var random = SeededGenerator(seed: seed)
        var problems: [String] = []
        var fates: [(String, Fate, Timestamp)] = []
        var lines: [String] = []
        var guests: [Guest] = []
        for index in 0..<orders {
            let orderId = String(format: "TEA-%06d", index + 1)
            // The newest orders are minutes old, so some charges are still in flight when the demo opens.
            let age: Int64 = index >= orders - 8 ? Int64(orders - index) * 4_000 : Int64.random(in: 60_000...604_800_000, using: &random)
            let createdAt = now.adding(milliseconds: -age)
            let guest = !guests.isEmpty && random.chance(15) ? random.pick(guests) : Guest.random(&random)
            guests.append(guest)
            lines.append(Self.orderLine(orderId, createdAt: createdAt, guest: guest, random: &random))
            let fate = index >= orders - 8 ? random.pick([Fate.authorized, .charging, .chargingCancelRequested, .paid])
                                           : Self.pickFate(&random)
            fates.append((orderId, fate, createdAt))
        }
        let ingester = Ingester(store: store, actor: actor, onProblem: { problems.append($0.description) })
        try ingester.ingest(lines: lines)
        guard problems.isEmpty else { throw .database("demo data was refused: \(problems[0])") }
        for (orderId, fate, createdAt) in fates {
            try play(fate, orderId: orderId, createdAt: createdAt, store: store, actor: actor, random: &random)
        }
    }

    static func pickFate(_ random: inout SeededGenerator) -> Fate {
        var roll = Int.random(in: 0..<fates.reduce(0) { $0 + $1.1 }, using: &random)
        for (fate, weight) in fates {
            if roll < weight { return fate }
            roll -= weight
        }
        return .paid
    }

    private func play(_ fate: Fate, orderId: String, createdAt: Timestamp, store: PayDeskStore, actor: Actor,
                      random: inout SeededGenerator) throws(StoreError) {
        var clock = createdAt
        func event(_ kind: PaymentEventKind, reason: String? = nil, refundId: String? = nil) throws(StoreError) {
            clock = clock.adding(milliseconds: Int64.random(in: 800...4_000, using: &random))
            let reference = "ch_" + String(orderId.suffix(6))
            try store.apply(IncomingEvent(orderId: orderId, kind: kind, at: min(clock, now), processorReference: reference,
                                          reason: reason, refundId: refundId), actor: Actor(login: "processor"))
        }
        func refund(_ part: Int?, reason: RefundReason) throws(StoreError) -> String {
            let detail = try store.order(orderId)
            let amount = part.map { Money(minorUnits: detail.payment.paid * Int64($0) / 100, currency: detail.summary.total.currency) }
            return try store.requestRefund(orderId: orderId, amount: amount, reason: reason,
                                           note: reason == .other ? "customer called the shop" : nil,
                                           idempotencyKey: "demo-\(seed)-\(orderId)-\(part ?? 100)", actor: actor).refundId
        }
        if fate == .authorized { return }
        try event(.chargeSubmitted)
        switch fate {
        case .authorized, .charging: return
        case .chargingCancelRequested:
            try store.requestCancel(orderId: orderId, actor: actor)
            return
        case .failed:
            let reason = random.pick(FailureReason.allCases)
            try event(.chargeFailed, reason: reason.rawValue)
            return
        case .canceled:
            try store.requestCancel(orderId: orderId, actor: actor)
            try event(.chargeFailed, reason: FailureReason.declined.rawValue)
            return
        default: try event(.chargeSucceeded)
        }
        switch fate {
        case .reversed, .reversalRefused:
            try store.requestCancel(orderId: orderId, actor: actor)
            try event(fate == .reversed ? .reversalSucceeded : .reversalUnsupported)
        case .partiallyRefunded:
            let id = try refund(random.pick([10, 25, 50]), reason: random.pick([.requestedByCustomer, .notDelivered, .other]))
            try event(.refundSubmitted, refundId: id)
            try event(.refundSucceeded, refundId: id)
        case .refunded:
            let id = try refund(nil, reason: random.pick([.requestedByCustomer, .duplicate, .fraudulent]))
            try event(.refundSucceeded, refundId: id)
        case .refundPending:
            _ = try refund(random.pick([20, 50, nil]), reason: random.pick(RefundReason.allCases))
        case .refundFailed:
            let id = try refund(nil, reason: .requestedByCustomer)
            try event(.refundSubmitted, refundId: id)
            try event(.refundFailed, reason: "card account closed", refundId: id)
        default: break
        }
    }
}
