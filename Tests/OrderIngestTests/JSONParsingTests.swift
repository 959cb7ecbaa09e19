import Foundation
@testable import OrderIngest
import Testing
import OrderModel
import StrictJSON
@testable import OrderStore

@Suite struct JSONParsingTests {
    func parse(_ text: String) throws -> JSONValue { try JSONDocument(parsing: Array(text.utf8)).root }

    @Test func readsMembersWithTheirPaths() throws {
        let reader = try JSONObjectReader(try parse(#"{"a": {"b": [{"c": 5}]}, "n": null}"#))
        #expect(throws: FieldProblem("a.b[0].c", "expected a string")) {
            try reader.object("a").objects("b")[0].string("c")
        }
        #expect(try reader.optionalString("n") == nil)
        #expect(throws: FieldProblem("n", "missing")) { try reader.string("n") }
        #expect(throws: FieldProblem("line", "expected an object")) { try JSONObjectReader(try parse("[]")) }
    }

    @Test func detailsAreWrittenByteForByteAsEver() {
        // Given details with quotes, backslashes, controls, CJK, a bidi override, the extreme amounts and empty lists
        let details = OrderDetails(
            merchantIdentifier: "m.x", countryCode: "CN", supportedNetworks: ["visa", #"a"b\c"#], merchantCapabilities: ["supports3DS"],
            summaryItems: [SummaryItem(label: "茶\u{1}\u{1F}\u{7F}\u{202E}", amount: -150), SummaryItem(label: "t", amount: Int64.min, isPending: true),
                           SummaryItem(label: "", amount: 0), SummaryItem(label: "max", amount: Int64.max)],
            shippingMethod: ShippingMethod(identifier: "x", label: "\n\r\t", detail: "", amount: 1000), shippingMethods: [],
            shippingContact: Contact(givenName: "王", postalAddress: PostalAddress(city: "上海")), billingContact: Contact(), applicationData: nil,
            token: TokenMetadata(version: "EC_v1", publicKeyHash: "h=", transactionId: "ab", applicationDataHash: nil,
                                 displayName: "Visa 0224", network: "visa", type: "debit"))
        // Then the stored JSON is, byte for byte, what ingest has always stored for them
        let stored = #"{"merchantIdentifier":"m.x","countryCode":"CN","supportedNetworks":["visa","a\"b\\c"],"#
            + #""merchantCapabilities":["supports3DS"],"summaryItems":[{"label":"茶\u0001\u001f\#u{7F}\#u{202E}","amount":-150,"isPending":false},"#
            + #"{"label":"t","amount":-9223372036854775808,"isPending":true},{"label":"","amount":0,"isPending":false},"#
            + #"{"label":"max","amount":9223372036854775807,"isPending":false}],"#
            + #""shippingMethod":{"identifier":"x","label":"\u000a\u000d\u0009","detail":"","amount":1000},"shippingMethods":[],"#
            + #""shippingContact":{"givenName":"王","postalAddress":{"city":"上海"}},"billingContact":{},"#
            + #""token":{"version":"EC_v1","publicKeyHash":"h=","transactionId":"ab","displayName":"Visa 0224","network":"visa","type":"debit"}}"#
        #expect(details.jsonUTF8 == Array(stored.utf8), "\(String(decoding: details.jsonUTF8, as: UTF8.self))")
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
        #expect(try OrderDetails.decode(String(decoding: details.jsonUTF8, as: UTF8.self)) == details)
        var sparse = details
        sparse.shippingMethod = nil
        sparse.shippingContact = nil
        sparse.billingContact = nil
        sparse.applicationData = nil
        sparse.token.applicationDataHash = nil
        #expect(try OrderDetails.decode(String(decoding: sparse.jsonUTF8, as: UTF8.self)) == sparse)
    }
}
