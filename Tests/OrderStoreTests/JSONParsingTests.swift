import Foundation
import Testing
import OrderModel
@testable import OrderStore

@Suite struct JSONParsingTests {
    func parse(_ text: String) throws(JSONValue.SyntaxError) -> JSONValue {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONValue.SyntaxError) -> JSONValue in try JSONValue.parse(buffer) }
    }

    @Test func parsesWhatJSONAllows() throws {
        #expect(try parse(#" {"a": [1, -2.5e3, true, false, null], "b": {"c": "d"}} "#)
                == .object([JSONMember(key: "a", value: .array([.number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null])),
                            JSONMember(key: "b", value: .object([JSONMember(key: "c", value: .string("d"))]))]))
        #expect(try parse(#""\"\\\/\b\f\n\r\t\u00e9\u738b\ud83d\ude42""#) == .string("\"\\/\u{08}\u{0C}\n\r\té王🙂"))
        #expect(try parse(#""王小明 raw UTF-8""#) == .string("王小明 raw UTF-8"))
    }

    @Test(arguments: [#"{"a":1"#, #"{"a" 1}"#, #"[1,]"#, #""unterminated"#, "\"tab\there\"", #""\x""#,
                      #""\ud83d""#, #"{"a":1} x"#, "tru", "", #"{"a":1,}"#])
    func rejects(text: String) {
        #expect(throws: JSONValue.SyntaxError.self) { try parse(text) }
    }

    @Test func rejectsInvalidUTF8AndDeepNesting() {
        let invalid: [UInt8] = [0x22, 0xC3, 0x28, 0x22]
        #expect(throws: JSONValue.SyntaxError.self) {
            try invalid.withUnsafeBufferPointer { (b) throws(JSONValue.SyntaxError) in _ = try JSONValue.parse(b) }
        }
        #expect(throws: JSONValue.SyntaxError(offset: 32, reason: "nested too deeply")) {
            try parse(String(repeating: "[", count: 10_000))
        }
    }

    @Test func readsMembersWithTheirPaths() throws {
        let reader = try JSONObjectReader(try parse(#"{"a": {"b": [{"c": 5}]}, "n": null}"#), path: "")
        #expect(throws: FieldProblem("a.b[0].c", "expected a string")) {
            try reader.object("a").objects("b")[0].string("c")
        }
        #expect(try reader.optionalString("n") == nil)
        #expect(throws: FieldProblem("n", "missing")) { try reader.string("n") }
        #expect(throws: FieldProblem("x", "appears twice")) { try JSONObjectReader(try parse(#"{"x": "1", "x": "2"}"#), path: "") }
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
