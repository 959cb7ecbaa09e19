import Testing
@testable import OrderModel

@Suite struct OrderTests {
    let cny = Currency(code: "CNY")!

    func details(_ items: [SummaryItem], shipping: Contact? = nil) -> OrderDetails {
        OrderDetails(merchantIdentifier: "merchant.com.example", countryCode: "CN", supportedNetworks: ["visa"],
                     merchantCapabilities: ["supports3DS"], summaryItems: items, shippingMethod: nil,
                     shippingMethods: [], shippingContact: shipping, billingContact: nil, applicationData: nil,
                     token: TokenMetadata(version: "EC_v1", publicKeyHash: "", transactionId: "ab",
                                          applicationDataHash: nil, displayName: "Visa 0224", network: "visa", type: "debit"))
    }

    @Test func acceptsATotalThatAddsUp() throws {
        // Given subtotal, a discount, shipping, a pending item and the grand total
        let items = [SummaryItem(label: "Tea", amount: 10000), SummaryItem(label: "Coupon", amount: -1500),
                     SummaryItem(label: "Shipping", amount: 1000), SummaryItem(label: "Tax", amount: 0, isPending: true),
                     SummaryItem(label: "Shop", amount: 9500)]
        // When the order is built, Then its total is the last item
        let order = try Order(orderId: "A1", createdAt: Timestamp(millisecondsSinceEpoch: 0), currency: cny, details: details(items))
        #expect(order.total == Money(minorUnits: 9500, currency: cny))
    }

    @Test func rejectsATotalThatDoesNotAddUpWithTheNumbers() {
        let items = [SummaryItem(label: "Tea", amount: 10000), SummaryItem(label: "Shop", amount: 11000)]
        #expect(throws: OrderError.totalMismatch(total: Money(minorUnits: 11000, currency: cny),
                                                 sumOfOthers: Money(minorUnits: 10000, currency: cny))) {
            try Order(orderId: "A1", createdAt: Timestamp(millisecondsSinceEpoch: 0), currency: cny, details: details(items))
        }
        #expect(OrderError.totalMismatch(total: Money(minorUnits: 11000, currency: cny),
                                         sumOfOthers: Money(minorUnits: 10000, currency: cny)).description
                == "grand total 110.00 CNY does not equal the sum of the other items 100.00 CNY")
    }

    @Test func rejectsNonPositiveEmptyAndPendingTotals() {
        let zero = Timestamp(millisecondsSinceEpoch: 0)
        #expect(throws: OrderError.totalNotPositive(Money(minorUnits: 0, currency: cny))) {
            try Order(orderId: "A", createdAt: zero, currency: cny, details: details([SummaryItem(label: "S", amount: 0)]))
        }
        #expect(throws: OrderError.noSummaryItems) {
            try Order(orderId: "A", createdAt: zero, currency: cny, details: details([]))
        }
        #expect(throws: OrderError.totalPending) {
            try Order(orderId: "A", createdAt: zero, currency: cny, details: details([SummaryItem(label: "S", amount: 5, isPending: true)]))
        }
        // Every item within the bound, but more of them than 64 bits can add up
        let many = Array(repeating: SummaryItem(label: "a", amount: Money.maximumMinorUnits), count: 9_300)
        #expect(throws: OrderError.amountOverflow) {
            try Order(orderId: "A", createdAt: zero, currency: cny, details: details(many + [SummaryItem(label: "S", amount: 5)]))
        }
        #expect(throws: OrderError.beyondBound(Money(minorUnits: .max, currency: cny))) {
            try Order(orderId: "A", createdAt: zero, currency: cny, details: details([
                SummaryItem(label: "a", amount: .max), SummaryItem(label: "b", amount: 1), SummaryItem(label: "S", amount: 5)]))
        }
    }

    @Test func namesCustomersAsTheyWriteThemselves() {
        #expect(Contact(givenName: "小明", familyName: "王").displayName == "王小明")
        #expect(Contact(givenName: "Ada", familyName: "Lovelace").displayName == "Ada Lovelace")
        #expect(Contact(givenName: "Cher").displayName == "Cher")
    }

    @Test func findsTheLastFourOfTheCardName() {
        func last4(_ name: String) -> String? {
            TokenMetadata(version: "", publicKeyHash: "", transactionId: "", applicationDataHash: nil,
                          displayName: name, network: "", type: "").cardLast4
        }
        #expect(last4("Visa 0224") == "0224")
        #expect(last4("MasterCard 12345") == "2345")
        #expect(last4("Amex 123") == nil)
        #expect(last4("Visa") == nil)
    }

    @Test func countryCodesAreTheAssignedOnes() {
        #expect(CountryCode.all.count == 249)
        #expect(CountryCode.isValid("CN") && CountryCode.isValid("US"))
        #expect(!CountryCode.isValid("cn") && !CountryCode.isValid("XX") && !CountryCode.isValid("CHN"))
    }
}
