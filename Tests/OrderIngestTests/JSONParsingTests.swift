import Foundation
@testable import OrderIngest
import Testing
import OrderModel
import StrictJSON
@testable import OrderStore

@Suite struct JSONParsingTests {
    func parse(_ text: String) throws -> JSONValue { try JSONDocument(parsing: Array(text.utf8)).root }

    @Test func readsMembersWithTheirPaths() throws {
        let reader = try JSONObjectReader(try parse(#"{"a": {"b": [{"c": 5}]}, "n": null}"#), path: "")
        #expect(throws: FieldProblem("a.b[0].c", "expected a string")) {
            try reader.object("a").objects("b")[0].string("c")
        }
        #expect(try reader.optionalString("n") == nil)
        #expect(throws: FieldProblem("n", "missing")) { try reader.string("n") }
        #expect(throws: FieldProblem("line", "expected an object")) { try JSONObjectReader(try parse("[]"), path: "") }
    }

    @Test func detailsRoundTripThroughTheCodableReader() throws {
        // Given details with every optional present and hostile text in every string
        let hostile = "\"\\\u{1B}[31m\n\u{0}王\u{202E}🙂"
        let contact = Contact(givenName: hostile, familyName: "王", phoneNumber: "+86 138", emailAddress: "a@b.c",
                              postalAddress: PostalAddress(street: hostile, city: "上海", state: "", postalCode: "200000",
                                                           country: "中国", isoCountryCode: "cn"))
        let details = OrderDetails(
            merchantIdentifier: "merchant.x", countryCode: "CN", supportedNetworks: ["visa", hostile], merchantCapabilities: ["supports3DS"],
            summaryItems: [SummaryItem(label: hostile, amount: -150), SummaryItem(label: "t", amount: 0, isPending: true)],
            shippingMethod: ShippingMethod(identifier: "x", label: hostile, detail: "", amount: 1000),
            shippingMethods: [ShippingMethod(identifier: "y", label: "b", detail: "d", amount: 0)],
            shippingContact: contact, billingContact: Contact(), applicationData: hostile,
            token: TokenMetadata(version: "EC_v1", publicKeyHash: "h", transactionId: "ab", applicationDataHash: "cd",
                                 displayName: hostile, network: "visa", type: "debit"))
        // When written and read back, Then nothing changed
        #expect(try OrderDetails.decode(details.json) == details)
        var sparse = details
        sparse.shippingMethod = nil
        sparse.shippingContact = nil
        sparse.billingContact = nil
        sparse.applicationData = nil
        sparse.token.applicationDataHash = nil
        #expect(try OrderDetails.decode(sparse.json) == sparse)
    }
}
