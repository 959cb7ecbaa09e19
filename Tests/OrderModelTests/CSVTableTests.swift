import OrderModel
import Testing

@Suite struct CSVTableTests {
    static func order(customer: String, shipping: String? = "Express, 1 day") -> OrderSummary {
        OrderSummary(orderId: "TEA-000001", createdAt: Timestamp(millisecondsSinceEpoch: 1_795_253_400_000), status: .paid,
                     failureReason: nil, total: Money(minorUnits: 52_920, currency: Currency(code: "CNY")!), customer: customer,
                     shippingMethod: "express", shippingLabel: shipping, wallet: "Visa 0224", cardLast4: "0224",
                     cancelRequested: false, refundPending: true, tokenOutcome: nil, tokenMismatch: false, holdReason: nil,
                     tokenFromSandbox: false, updatedAt: Timestamp(millisecondsSinceEpoch: 1_795_253_400_000),
                     cursor: OrderCursor(createdAt: 0, currency: "CNY", total: 52_920, rowID: 1))
    }

    @Test func anOrderIsOneRecordWithItsAmountBesideItsCurrency() {
        // Given an order whose shipping label holds a comma and a customer whose name holds a quote
        let table = CSVTable(orders: [Self.order(customer: "Li \"Tea\" Wang")])
        // Then the file is a header and one record, CRLF-ended, the comma and the quote enclosed as RFC 4180 says
        #expect(table.text == "order_id,created_at,status,amount,currency,customer,shipping,card_last4,wallet,refund_pending,hold_reason\r\n"
            + "TEA-000001,2026-11-21T09:30:00Z,paid,529.20,CNY,\"Li \"\"Tea\"\" Wang\",\"Express, 1 day\",0224,Visa 0224,yes,\r\n")
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""), ("+86 138 0013 8000", "'+86 138 0013 8000"),
        ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tx", "\\u{9}x"), ("\r=1", "\\u{D}=1"),
        ("a\u{1B}]0;pwned\u{07}", "a\\u{1B}]0;pwned\\u{7}"), ("two\nlines", "two\\u{A}lines"), ("Zoë 王", "Zoë 王"),
    ])
    func aCellNeitherRunsAsAFormulaNorSteersATerminal(customer: String, cell: String) {
        let record = CSVTable(orders: [Self.order(customer: customer, shipping: nil)]).text.split(separator: "\r\n")[1]
        #expect(record == "TEA-000001,2026-11-21T09:30:00Z,paid,529.20,CNY,\(cell),,0224,Visa 0224,yes,")
    }
}
