import OrderModel
import StrictJSON

/// One line of `paydesk ingest` input, as written (docs/ingest-format.md). Amounts and times are still text
/// here; `IngestValidation` turns them into domain values or names the field that is wrong.
enum IngestDocument {
    case order(OrderLineDocument)
    case event(EventLineDocument)

    /// One line, without its line ending (and without the byte-order mark that may start line 1: one
    /// anywhere else is refused).
    init(line: ArraySlice<UInt8>) throws(FieldProblem) {
        let json: JSONValue
        do { json = try JSONDocument(parsing: line, byteOrderMark: .refused).root } catch {
            throw FieldProblem("line", "not valid JSON (\(error))")
        }
        let root = try JSONObjectReader(json)
        switch try root.string("type") {
        case "order": self = .order(try OrderLineDocument(root))
        case "payment_event": self = .event(try EventLineDocument(root))
        case let other: throw FieldProblem("type", "\(quoted(other)) is not order or payment_event")
        }
    }
}

struct OrderLineDocument {
    var orderId: String
    var createdAt: String
    var merchantIdentifier: String
    var countryCode: String
    var currencyCode: String
    var supportedNetworks: [String]
    var merchantCapabilities: [String]
    var summaryItems: [SummaryItemDocument]
    var shippingMethod: ShippingMethodDocument?
    var shippingMethods: [ShippingMethodDocument]?
    var shippingContact: Contact?
    var billingContact: Contact?
    var applicationData: String?
    var token: TokenDocument
}

extension OrderLineDocument {
    /// Through the memberwise initialiser: assigned member by member, the document was built, copied out and
    /// destroyed (every string retained and released once more).
    init(_ json: JSONObjectReader) throws(FieldProblem) {
        self.init(orderId: try json.string("orderId"), createdAt: try json.string("createdAt"),
                  merchantIdentifier: try json.string("merchantIdentifier"), countryCode: try json.string("countryCode"),
                  currencyCode: try json.string("currencyCode"), supportedNetworks: try json.strings("supportedNetworks"),
                  merchantCapabilities: try json.strings("merchantCapabilities"),
                  summaryItems: try json.objects("summaryItems").map(SummaryItemDocument.init),
                  shippingMethod: try json.optionalObject("shippingMethod").map(ShippingMethodDocument.init),
                  shippingMethods: try json.optionalObjects("shippingMethods")?.map(ShippingMethodDocument.init),
                  shippingContact: try json.optionalObject("shippingContact").map(Self.contact),
                  billingContact: try json.optionalObject("billingContact").map(Self.contact),
                  applicationData: try json.optionalString("applicationData"), token: try TokenDocument(json.object("token")))
    }

    /// Contacts are customer data: every field optional, kept as given.
    static func contact(_ json: JSONObjectReader) throws(FieldProblem) -> Contact {
        Contact(givenName: try json.optionalString("givenName"), familyName: try json.optionalString("familyName"),
                phoneNumber: try json.optionalString("phoneNumber"), emailAddress: try json.optionalString("emailAddress"),
                postalAddress: try json.optionalObject("postalAddress").map { address throws(FieldProblem) in
                    PostalAddress(street: try address.optionalString("street"), city: try address.optionalString("city"),
                                  state: try address.optionalString("state"), postalCode: try address.optionalString("postalCode"),
                                  country: try address.optionalString("country"),
                                  isoCountryCode: try address.optionalString("isoCountryCode"))
                })
    }
}

struct SummaryItemDocument {
    var label: String
    var amount: String
    var type: String?

    init(_ json: JSONObjectReader) throws(FieldProblem) {
        label = try json.string("label")
        amount = try json.string("amount")
        type = try json.optionalString("type")
    }
}

struct ShippingMethodDocument {
    var identifier: String
    var label: String
    var detail: String?
    var amount: String

    init(_ json: JSONObjectReader) throws(FieldProblem) {
        identifier = try json.string("identifier")
        label = try json.string("label")
        detail = try json.optionalString("detail")
        amount = try json.string("amount")
    }
}

struct TokenDocument {
    /// `paymentData` and its `header`: what the merchant's keys check.
    var fields: PaymentTokenFields
    var paymentMethod: PaymentMethodDocument
    var transactionIdentifier: String

    init(_ json: JSONObjectReader) throws(FieldProblem) {
        let paymentData = try json.object("paymentData")
        let version = try paymentData.string("version")
        let data = try paymentData.string("data")
        let signature = try paymentData.string("signature")
        let header = try paymentData.object("header")
        fields = PaymentTokenFields(
            version: version, data: data, signature: signature,
            ephemeralPublicKey: try header.optionalString("ephemeralPublicKey"), wrappedKey: try header.optionalString("wrappedKey"),
            publicKeyHash: try header.string("publicKeyHash"), transactionId: try header.string("transactionId"),
            applicationData: try header.optionalString("applicationData"))
        paymentMethod = try PaymentMethodDocument(json.object("paymentMethod"))
        transactionIdentifier = try json.string("transactionIdentifier")
    }
}

struct PaymentMethodDocument {
    var displayName: String
    var network: String
    var type: String

    init(_ json: JSONObjectReader) throws(FieldProblem) {
        displayName = try json.string("displayName")
        network = try json.string("network")
        type = try json.string("type")
    }
}

struct EventLineDocument {
    var orderId: String
    var event: String
    var at: String
    var processorReference: String?
    var reason: String?
    var refundId: String?
    var amount: String?

    init(_ json: JSONObjectReader) throws(FieldProblem) {
        orderId = try json.string("orderId")
        event = try json.string("event")
        at = try json.string("at")
        processorReference = try json.optionalString("processorReference")
        reason = try json.optionalString("reason")
        refundId = try json.optionalString("refundId")
        amount = try json.optionalString("amount")
    }
}
