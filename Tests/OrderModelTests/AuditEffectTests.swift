import Testing
@testable import OrderModel

/// What an audit entry did to its order, written as one canonical line and read back exactly.
@Suite struct AuditEffectTests {
    @Test(arguments: [
        AuditEffect(status: .authorized),
        AuditEffect(status: .canceled, failureReason: .pinLockout),
        AuditEffect(status: .paid, cancelRequested: true, paid: 10_000, refunded: 2_500,
                    refunds: [.init(id: "re_0123456789abcdef", amount: 500, status: .pending),
                              .init(id: "processor;id:with,separators:9:x", amount: 2_500, status: .succeeded)]),
        AuditEffect(status: .refunded, paid: 1, refunded: 1, refunds: [.init(id: "", amount: 1, status: .succeeded)]),
        // Read as bytes: a separator with a combining mark after it is still a separator inside an id.
        AuditEffect(status: .partiallyRefunded, paid: 9, refunded: 2, refunds: [.init(id: ";\u{301}e\u{301}:\u{301}", amount: 2, status: .succeeded)]),
    ])
    func readsBackWhatItWrites(effect: AuditEffect) {
        #expect(AuditEffect(text: effect.text) == effect, "\(effect.text)")
    }

    @Test(arguments: ["", "paid", "paid;failure=;cancel=0;paid=x;refunded=0;refunds=", "nope;failure=;cancel=0;paid=0;refunded=0;refunds=",
                      "paid;failure=;cancel=0;paid=0;refunded=0;refunds=5:pending:99:short",
                      "paid;failures=;cancel=0;paid=0;refunded=0;refunds=", "paid;failure=;cancel=0;paid=0;refunded=0;refunds",
                      "paid;failure=;cancel=0;paid=0;refunded=0"])
    func refusesWhatItDidNotWrite(text: String) {
        #expect(AuditEffect(text: text) == nil)
    }

    /// The text is covered by the entry's hash: stored chains verify only while it is written byte for byte as
    /// documented.
    @Test func writesTheDocumentedLine() {
        let refund = AuditEffect.Refund(id: "re_0123456789abcdef", amount: 500, status: .pending)
        #expect(AuditEffect(status: .paid, paid: 1_000, refunds: [refund]).text
                == "paid;failure=;cancel=0;paid=1000;refunded=0;refunds=500:pending:19:re_0123456789abcdef")
        #expect(AuditEffect(status: .failed, failureReason: .pinLockout, cancelRequested: true).text
                == "failed;failure=pin_lockout;cancel=1;paid=0;refunded=0;refunds=")
        let processors = [AuditEffect.Refund(id: "é", amount: -1, status: .failed), AuditEffect.Refund(id: "", amount: 2, status: .succeeded)]
        #expect(AuditEffect(status: .partiallyRefunded, paid: 3, refunded: 2, refunds: processors).text
                == "partially_refunded;failure=;cancel=0;paid=3;refunded=2;refunds=-1:failed:2:é2:succeeded:0:")
    }
}
