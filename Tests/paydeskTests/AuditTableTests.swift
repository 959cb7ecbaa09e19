import OrderModel
import Testing
@testable import paydesk

/// The tables of `paydesk audit`, `orders list` and `refunds list` for people: who did it, and the ids an operator
/// types into `refund` and `cancel`, are never cut.
@Suite struct AuditTableTests {
    @Test func theActorAndOutcomeAreShownWholeHoweverLong() {
        // Given an entry by an operator with a long label, from a client the session reported
        let actor = Actor(login: "shop", operatorLabel: "Ana Lima (support, night shift)", sshClient: "2001:db8:85a3::8a2e:370:7334 52144")
        let entry = AuditEntry(at: Timestamp(millisecondsSinceEpoch: 1_795_253_400_000), actor: actor, action: "refund",
                               orderId: "TEA-000027", amount: 100, currencyCode: "CNY",
                               outcome: "requested re_89ad27c6cf0aa35b; the processor answers within the hour")
        // When the table is drawn
        let lines = TextReport.auditTable([entry]).split(separator: "\n")
        // Then its line holds the actor and the outcome whole, and the header names the same columns
        #expect(lines.count == 2)
        #expect(lines[1].contains("shop as Ana Lima (support, night shift) via 2001:db8:85a3::8a2e:370:7334 52144 (client-reported)  refund"))
        #expect(lines[1].hasSuffix("1.00 CNY  requested re_89ad27c6cf0aa35b; the processor answers within the hour"))
        #expect(lines[0].firstRange(of: "ACTION")?.lowerBound.utf16Offset(in: lines[0])
                == lines[1].firstRange(of: "refund")?.lowerBound.utf16Offset(in: lines[1]))
    }

    @Test func whoAskedForARefundIsShownWhole() {
        // Given a refund asked for by an operator with a long label
        let refund = RefundView(refundId: "re_89ad27c6cf0aa35b", orderId: "TEA-000027", amount: Money(minorUnits: 100, currency: Currency(code: "CNY")!),
                                status: .pending, reason: .requestedByCustomer, note: nil,
                                requestedAt: Timestamp(millisecondsSinceEpoch: 1_795_253_400_000),
                                requestedBy: "shop as Ana Lima (support, night shift) via 203.0.113.7 52144 (client-reported)",
                                failureReason: nil, idempotencyKey: "k1")
        // When the table is drawn, then its line ends with who asked, whole
        let lines = TextReport.refundTable([refund]).split(separator: "\n")
        #expect(lines.last?.hasSuffix("shop as Ana Lima (support, night shift) via 203.0.113.7 52144 (client-reported)") == true)
    }

    @Test func orderIdsAreShownWholeInEveryTable() {
        // Given an order id longer than the columns used to be, in an order, a refund and an audit entry
        let id = "shop-eu-2026-11-21-000000042"
        let amount = Money(minorUnits: 100, currency: Currency(code: "CNY")!)
        // When each table is drawn, then the id is whole in it
        for table in tables(orderId: id, amount: amount) {
            #expect(table.split(separator: "\n").last?.contains(" \(id) ") == true, "\(table)")
        }
    }

    @Test(arguments: [("HUF", 1_250_000_000, "12500000.00 HUF"), ("BHD", 999_999_999_999_999, "999999999999.999 BHD"),
                      ("JPY", 999_999_999_999_999, "999999999999999 JPY")])
    func amountsAreShownWholeInEveryTableAndTheColumnsAfterThemStayAligned(code: String, minorUnits: Int64, shown: String) {
        // Given an amount wider than the column's usual 14 places, in an order, a refund and an audit entry
        let amount = Money(minorUnits: minorUnits, currency: Currency(code: code)!)
        for (table, nextHeader) in zip(tables(orderId: "TEA-000027", amount: amount), ["CUSTOMER", "REASON", "OUTCOME"]) {
            // When the table is drawn, then the amount is whole, with its currency, and the next column starts under its header
            let lines = table.split(separator: "\n").map(String.init)
            let shownAt = lines[1].range(of: " " + shown + "  ")
            #expect(shownAt != nil, "\(table)")
            #expect(lines[0].range(of: nextHeader)?.lowerBound.utf16Offset(in: lines[0]) == shownAt?.upperBound.utf16Offset(in: lines[1]),
                    "\(table)")
        }
    }

    /// The order, refund and audit tables, each of one row for `orderId` and `amount`.
    private func tables(orderId: String, amount: Money) -> [String] {
        let time = Timestamp(millisecondsSinceEpoch: 1_795_253_400_000)
        let order = OrderSummary(orderId: orderId, createdAt: time, status: .paid, failureReason: nil, total: amount,
                                 customer: "王小明", shippingMethod: "standard", shippingLabel: nil, wallet: "Visa 0075", cardLast4: "0075",
                                 cancelRequested: false, refundPending: false, tokenOutcome: nil, tokenMismatch: false, holdReason: nil,
                                 tokenFromSandbox: false, updatedAt: time,
                                 cursor: OrderCursor(createdAt: 0, currency: amount.currency.code, total: amount.minorUnits, rowID: 1))
        let refund = RefundView(refundId: "re_89ad27c6cf0aa35b", orderId: orderId, amount: amount, status: .pending,
                                reason: .requestedByCustomer, note: nil, requestedAt: time, requestedBy: "shop", failureReason: nil, idempotencyKey: "k1")
        let entry = AuditEntry(at: time, actor: Actor(login: "shop"), action: "refund", orderId: orderId, amount: amount.minorUnits,
                               currencyCode: amount.currency.code, outcome: "requested")
        return [TextReport.orderTable([order]), TextReport.refundTable([refund]), TextReport.auditTable([entry])]
    }
}
