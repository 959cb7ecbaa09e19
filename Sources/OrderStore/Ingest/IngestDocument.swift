import OrderModel

/// One line of `paydesk ingest` input, as written (docs/ingest-format.md). Amounts and times are still text
/// here; `IngestValidation` turns them into domain values or names the field that is wrong.
enum IngestDocument: Decodable {
    case order(OrderDocument)
    case event(EventDocument)

    private enum CodingKeys: String, CodingKey { case type }

    init(from decoder: Decoder) throws {
        let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        switch type {
        case "order": self = .order(try OrderDocument(from: decoder))
        case "payment_event": self = .event(try EventDocument(from: decoder))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [CodingKeys.type],
                                                    debugDescription: "\(quoted(type)) is not order or payment_event"))
        }
    }
}

struct OrderDocument: Decodable {
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

struct SummaryItemDocument: Decodable {
    var label: String
    var amount: String
    var type: String?
}

struct ShippingMethodDocument: Decodable {
    var identifier: String
    var label: String
    var detail: String?
    var amount: String
}

struct TokenDocument: Decodable {
    var paymentData: PaymentDataDocument
    var paymentMethod: PaymentMethodDocument
    var transactionIdentifier: String
}

struct PaymentDataDocument: Decodable {
    var version: String
    var data: String
    var signature: String
    var header: HeaderDocument
}

struct HeaderDocument: Decodable {
    var ephemeralPublicKey: String?
    var wrappedKey: String?
    var publicKeyHash: String
    var transactionId: String
    var applicationData: String?
}

struct PaymentMethodDocument: Decodable {
    var displayName: String
    var network: String
    var type: String
}

struct EventDocument: Decodable {
    var orderId: String
    var event: String
    var at: String
    var processorReference: String?
    var reason: String?
    var refundId: String?
    var amount: String?
}
