import Foundation
import OrderIngest
import OrderModel
import OrderStore

/// Builds a realistic store for trying PayDesk out: a tea shop selling mostly in CNY, some USD, EUR and JPY;
/// Chinese and Latin customers, returning guests recognised by phone; every payment state of docs/design.md §3,
/// PIN failures, charges still in flight and refunds still pending.
///
/// It is a simulation: every order's story (ingest, charge, result, cancels, refunds) becomes steps with
/// times, and all steps run in time order through the same operations real orders go through, with the
/// store's clock set to each step's time. So the audit log reads chronologically and a week-old refund
/// looks a week old.
///
/// With `tokens`, every order carries a real token that ingest verifies and decrypts; a few are made to fail
/// as real ones do (an amount that is not the order's, a key rotated out, a replayed token). Without, the
/// tokens are random bytes of the right shape.
public struct DemoStore {
    public var orders: Int
    public var seed: UInt64
    /// The demo's "now": the demo's orders fall in the week before it, the newest seconds before it; order lines
    /// alone come a second apart, the last a second before it.
    public var now: Timestamp
    public var tokens: DemoTokens?

    /// How many orders a demo holds unless it is asked for another number: `paydesk demo`'s tea shop.
    public static let defaultOrders = 200

    public init(orders: Int = defaultOrders, seed: UInt64 = 1, now: Timestamp, tokens: DemoTokens? = nil) {
        self.orders = orders
        self.seed = seed
        self.now = now
        self.tokens = tokens
    }

    /// Where an order's payment ends up.
    enum Fate {
        case authorized, charging, chargingCancelRequested, paid, failed, canceled, reversed, reversalRefused
        case partiallyRefunded, refunded, refundPending, refundFailed
        /// The token failed a check: the order waits for an operator, who may cancel it or release it.
        case held, heldCanceled, heldReleased
    }

    static let fates: [(Fate, Int)] = [
        (.authorized, 6), (.charging, 5), (.chargingCancelRequested, 2), (.paid, 38), (.failed, 12), (.canceled, 5),
        (.reversed, 4), (.reversalRefused, 3), (.partiallyRefunded, 8), (.refunded, 7), (.refundPending, 7), (.refundFailed, 3),
    ]

    enum Action {
        case ingest(String)
        case event(PaymentEventKind, reason: String? = nil, refundKey: String? = nil)
        case cancel
        case release(reason: String)
        case refund(percent: Int?, reason: RefundReason, key: String)
    }

    struct Step {
        var at: Timestamp
        var orderId: String
        var action: Action
    }

    /// Builds the store. `clock` must be the clock `store` was opened with: the simulation moves it.
    public func build(into store: PayDeskStore, clock: VirtualClock, actor: Actor) throws(StoreError) {
        var random = SeededGenerator(seed: seed)
        var steps: [Step] = []
        var guests: [Guest] = []
        for index in 0..<orders {
            let orderId = String(format: "TEA-%06d", index + 1)
            let isRecent = index >= orders - 8
            // The newest orders are seconds old, so some charges are still in flight when the demo opens.
            let age: Int64 = isRecent ? Int64(orders - index) * 3_000 : Int64.random(in: 600_000...604_800_000, using: &random)
            let createdAt = now.adding(milliseconds: -age)
            let guest = !guests.isEmpty && random.chance(15) ? random.pick(guests) : Guest.random(&random)
            guests.append(guest)
            let (line, held) = try Self.orderLine(orderId, createdAt: createdAt, guest: guest, tokens: tokens, random: &random)
            let fate = held ? random.pick([Fate.held, .held, .heldCanceled, .heldReleased])
                : isRecent ? random.pick([Fate.authorized, .charging, .charging, .chargingCancelRequested, .paid])
                : Self.pickFate(&random)
            steps += story(orderId, line: line, fate: fate, createdAt: createdAt, age: age, random: &random)
        }
        steps.sort { ($0.at, $0.orderId) < ($1.at, $1.orderId) }
        var problems: [String] = []
        let ingester = Ingester(store: store, actor: actor, verifier: tokens?.verifier, onProblem: { problems.append($0.description) })
        let processor = Actor(login: "processor")
        for step in steps {
            clock.set(step.at)
            switch step.action {
            case .ingest(let line): try ingester.ingest(lines: [line])
            case .event(let kind, let reason, let refundKey):
                try store.apply(IncomingEvent(orderId: step.orderId, kind: kind, at: step.at,
                                              processorReference: "ch_" + step.orderId.suffix(6), reason: reason,
                                              refundId: refundKey.map(PayDeskStore.refundId(forKey:))), actor: processor)
            case .cancel: try store.requestCancel(orderId: step.orderId, actor: actor)
            case .release(let reason): try store.releaseHold(orderId: step.orderId, reason: reason, actor: actor)
            case .refund(let percent, let reason, let key):
                let detail = try store.order(step.orderId)
                let amount = percent.map { Money(minorUnits: detail.payment.paid * Int64($0) / 100, currency: detail.summary.total.currency) }
                try store.requestRefund(orderId: step.orderId, amount: amount, reason: reason,
                                        note: reason == .other ? "customer called the shop" : nil, idempotencyKey: key, actor: actor)
            }
            guard problems.isEmpty else { throw .database("demo data was refused: \(problems[0])") }
        }
        clock.set(now)
    }

    /// Order lines only, as an integration would send them: for benchmarks and load tests. The demo's `orders`
    /// arrive a second apart, the last a second before `now`, and these are the lines of orders
    /// `first..<first + count` among them: lines asked for in chunks follow one another in time, as a shop's do.
    public func orderLines(from first: Int = 0, count: Int) throws(StoreError) -> [String] {
        precondition(first >= 0 && first + count <= orders, "orders \(first)..<\(first + count) are not among the demo's \(orders)")
        var random = SeededGenerator(seed: seed &+ UInt64(first))
        var lines: [String] = []
        for index in first..<first + count {
            let createdAt = now.adding(milliseconds: -Int64(orders - index) * 1_000)
            lines.append(try Self.orderLine(String(format: "LOAD-%08d", index), createdAt: createdAt, guest: Guest.random(&random),
                                            tokens: nil, random: &random).line)
        }
        return lines
    }

    static func pickFate(_ random: inout SeededGenerator) -> Fate {
        var roll = Int.random(in: 0..<fates.reduce(0) { $0 + $1.1 }, using: &random)
        for (fate, weight) in fates {
            if roll < weight { return fate }
            roll -= weight
        }
        return .paid
    }

    /// One order's steps. Charges resolve within seconds; cancels and refunds come later, spread over the
    /// time between the order and now.
    private func story(_ orderId: String, line: String, fate: Fate, createdAt: Timestamp, age: Int64,
                       random: inout SeededGenerator) -> [Step] {
        var at = createdAt.adding(milliseconds: 400)
        var steps = [Step(at: at, orderId: orderId, action: .ingest(line))]
        func soon(_ action: Action) {
            at = at.adding(milliseconds: Int64.random(in: 300...1_200, using: &random))
            steps.append(Step(at: at, orderId: orderId, action: action))
        }
        /// Later: somewhere in the next part of the time left before now.
        func later(_ action: Action) {
            let left = now.millisecondsSinceEpoch - at.millisecondsSinceEpoch
            at = at.adding(milliseconds: Int64.random(in: left / 4...left / 2, using: &random))
            steps.append(Step(at: at, orderId: orderId, action: action))
        }
        let key = "demo-\(seed)-\(orderId)"
        switch fate {
        case .authorized, .held: return steps
        case .heldCanceled: later(.cancel); return steps
        case .heldReleased: later(.release(reason: "customer confirmed the order by phone"))
        default: break
        }
        soon(.event(.chargeSubmitted))
        switch fate {
        case .authorized, .charging: return steps
        case .chargingCancelRequested: soon(.cancel); return steps
        case .failed: soon(.event(.chargeFailed, reason: random.pick(FailureReason.allCases).rawValue)); return steps
        case .canceled:
            soon(.cancel)
            soon(.event(.chargeFailed, reason: FailureReason.declined.rawValue))
            return steps
        default: soon(.event(.chargeSucceeded))
        }
        switch fate {
        case .reversed, .reversalRefused:
            later(.cancel)
            soon(.event(fate == .reversed ? .reversalSucceeded : .reversalUnsupported))
            if fate == .reversalRefused && random.chance(50) {
                later(.event(.refundSucceeded, refundKey: IdempotencyKey.automaticRefund(orderId)))
            }
        case .partiallyRefunded:
            later(.refund(percent: random.pick([10, 25, 50]), reason: random.pick([.requestedByCustomer, .notDelivered, .other]), key: key))
            later(.event(.refundSubmitted, refundKey: key))
            soon(.event(.refundSucceeded, refundKey: key))
        case .refunded:
            later(.refund(percent: nil, reason: random.pick([.requestedByCustomer, .duplicate, .fraudulent]), key: key))
            later(.event(.refundSucceeded, refundKey: key))
        case .refundPending:
            later(.refund(percent: random.pick([20, 50, nil]), reason: random.pick([.requestedByCustomer, .duplicate, .fraudulent, .notDelivered, .other]), key: key))
        case .refundFailed:
            later(.refund(percent: nil, reason: .requestedByCustomer, key: key))
            later(.event(.refundSubmitted, refundKey: key))
            soon(.event(.refundFailed, reason: "card account closed", refundKey: key))
        default: break
        }
        return steps
    }
}
