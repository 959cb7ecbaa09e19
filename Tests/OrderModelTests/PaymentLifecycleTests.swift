import Testing
@testable import OrderModel

/// Every (state, action) pair of docs/design.md §3. Each cell is the resulting status ("*" marks a pending cancel),
/// or "-" for a refusal.
@Suite struct PaymentLifecycleTests {
    static let states: [String: PaymentState] = [
        "authorized": .authorized(total: 1000),
        "held": PaymentState(status: .held, total: 1000),
        "charging": PaymentState(status: .charging, total: 1000),
        "charging*": PaymentState(status: .charging, cancelRequested: true, total: 1000),
        "paid": PaymentState(status: .paid, total: 1000, paid: 1000),
        "paid*": PaymentState(status: .paid, cancelRequested: true, total: 1000, paid: 1000),
        "paid+refund": PaymentState(status: .paid, total: 1000, paid: 1000, refundsInFlight: 300),
        "partially_refunded": PaymentState(status: .partiallyRefunded, total: 1000, paid: 1000, refunded: 400, refundsInFlight: 200),
        "failed": PaymentState(status: .failed, failureReason: .declined, total: 1000),
        "canceled": PaymentState(status: .canceled, total: 1000),
        "reversed": PaymentState(status: .reversed, total: 1000, paid: 1000),
        "refunded": PaymentState(status: .refunded, total: 1000, paid: 1000, refunded: 1000),
    ]
    static let actions: [(String, PaymentAction)] = [
        ("cancel", .cancel), ("refund", .requestRefund(amount: 100)), ("withdraw", .withdrawRefund(amount: 100)),
        ("submit", .chargeSubmitted), ("succeed", .chargeSucceeded), ("fail", .chargeFailed(.pinLockout)),
        ("reversed", .reversalSucceeded), ("no-reversal", .reversalUnsupported),
        ("refund-ok", .refundSucceeded(amount: 100)), ("refund-failed", .refundFailed(amount: 100)), ("release", .release),
    ]
    //                              cancel     refund     withdraw  submit      succeed  fail        reversed    no-reversal refund-ok           refund-failed  release
    static let table: [String: [String]] = [
        "held":               ["canceled", "-",       "-",       "-",        "-",     "-",        "-",        "-",     "-",                "-",       "authorized"],
        "authorized":         ["canceled", "-",       "-",       "charging", "-",     "-",        "-",        "-",     "-",                "-", "-"],
        "charging":           ["charging*", "-",      "-",       "-",        "paid",  "failed",   "-",        "-",     "-",                "-", "-"],
        "charging*":          ["-",        "-",       "-",       "-",        "paid*", "canceled", "-",        "-",     "-",                "-", "-"],
        "paid":               ["paid*",    "paid",    "-",       "-",        "-",     "-",        "-",        "-",     "-",                "-", "-"],
        "paid*":              ["-",        "-",       "-",       "-",        "-",     "-",        "reversed", "paid",  "-",                "-", "-"],
        "paid+refund":        ["-",        "paid",    "paid",    "-",        "-",     "-",        "-",        "-",     "partially_refunded", "paid", "-"],
        "partially_refunded": ["-", "partially_refunded", "partially_refunded", "-", "-", "-",    "-",        "-",     "partially_refunded", "partially_refunded", "-"],
        "failed":             ["-",        "-",       "-",       "-",        "-",     "-",        "-",        "-",     "-",                "-", "-"],
        "canceled":           ["-",        "-",       "-",       "-",        "-",     "-",        "-",        "-",     "-",                "-", "-"],
        "reversed":           ["-",        "-",       "-",       "-",        "-",     "-",        "-",        "-",     "-",                "-", "-"],
        "refunded":           ["-",        "-",       "-",       "-",        "-",     "-",        "-",        "-",     "-",                "-", "-"],
    ]

    static var pairs: [(String, Int)] {
        states.keys.sorted().flatMap { state in actions.indices.map { (state, $0) } }
    }

    @Test(arguments: pairs)
    func everyStateAndAction(stateName: String, actionIndex: Int) throws {
        let state = try #require(Self.states[stateName])
        let (actionName, action) = Self.actions[actionIndex]
        let expected = try #require(Self.table[stateName])[actionIndex]
        let outcome: String
        do {
            let next = try PaymentLifecycle.apply(action, to: state).state
            outcome = next.status.rawValue + (next.cancelRequested ? "*" : "")
        } catch {
            #expect(!error.description.isEmpty)
            outcome = "-"
        }
        #expect(outcome == expected, "\(stateName) + \(actionName)")
    }

    @Test func tableCoversEveryStatus() {
        let covered = Set(Self.states.values.map(\.status))
        #expect(covered == Set(PaymentStatus.allCases))
        #expect(Self.table.values.allSatisfy { $0.count == Self.actions.count })
    }

    @Test func refundsNeverExceedWhatWasPaid() throws {
        // Given a paid order of 10.00 with 3.00 already in flight
        let state = try #require(Self.states["paid+refund"])
        #expect(state.refundable == 700)
        // When an operator asks for exactly the remainder, Then it is accepted and nothing is left
        let all = try PaymentLifecycle.apply(.requestRefund(amount: 700), to: state).state
        #expect(all.refundable == 0)
        // And one minor unit more is refused with a reason
        #expect(throws: PaymentRefusal("the refund exceeds what may still be refunded")) {
            try PaymentLifecycle.apply(.requestRefund(amount: 701), to: state)
        }
        #expect(throws: PaymentRefusal("the refund amount must be positive")) {
            try PaymentLifecycle.apply(.requestRefund(amount: 0), to: state)
        }
    }

    @Test func refundingEverythingEndsRefunded() throws {
        var state = try PaymentLifecycle.apply(.requestRefund(amount: 1000), to: Self.states["paid"]!).state
        state = try PaymentLifecycle.apply(.refundSucceeded(amount: 1000), to: state).state
        #expect(state.status == .refunded)
        #expect(state.refunded == 1000 && state.refundsInFlight == 0 && state.refundable == 0)
    }

    @Test func refusedReversalBecomesAFullRefund() throws {
        // Given a paid order whose cancel is pending, When the bank refuses the reversal
        let transition = try PaymentLifecycle.apply(.reversalUnsupported, to: Self.states["paid*"]!)
        // Then the whole amount goes back as a refund
        #expect(transition.followUp == .automaticRefund(amount: 1000))
        #expect(transition.state.refundsInFlight == 1000 && !transition.state.cancelRequested)
        let settled = try PaymentLifecycle.apply(.refundSucceeded(amount: 1000), to: transition.state).state
        #expect(settled.status == .refunded)
    }

    @Test func failedChargeKeepsItsReason() throws {
        let failed = try PaymentLifecycle.apply(.chargeFailed(.pinIncorrect), to: Self.states["charging"]!).state
        #expect(failed.failureReason == .pinIncorrect)
        #expect(try PaymentLifecycle.apply(.chargeSucceeded, to: Self.states["charging"]!).state.paid == 1000)
    }

    @Test func refundStatesMoveOnlyForward() {
        let allowed = Set(RefundStatus.allCases.flatMap { from in
            RefundStatus.allCases.filter { from.canMove(to: $0) }.map { "\(from.rawValue)>\($0.rawValue)" }
        })
        #expect(allowed == ["pending>submitted", "pending>succeeded", "pending>failed", "pending>withdrawn",
                            "submitted>succeeded", "submitted>failed"])
    }
}
