/// An order as the customer authorised it in the Apple Pay sheet. Immutable once ingested; its payment
/// moves on separately (`PaymentState`).
public struct Order: Sendable, Equatable {
    public var orderId: String
    public var createdAt: Timestamp
    public var currency: Currency
    public var details: OrderDetails

    public init(orderId: String, createdAt: Timestamp, currency: Currency, details: OrderDetails) throws(OrderError) {
        // Checked before the details are stored, so that they move into the order rather than being copied.
        try OrderError.checkTotal(details.summaryItems, currency: currency)
        self.orderId = orderId
        self.createdAt = createdAt
        self.currency = currency
        self.details = details
    }

    /// The grand total: by PassKit's rule, the last summary item.
    public var total: Money { Money(minorUnits: details.summaryItems.last?.amount ?? 0, currency: currency) }

    /// Who placed it, as an operator would name them: the shipping contact, else the billing contact.
    public var customerName: String {
        if let name = details.shippingContact?.displayName, !name.isEmpty { return name }
        if let name = details.billingContact?.displayName, !name.isEmpty { return name }
        return details.shippingContact?.emailAddress ?? details.billingContact?.emailAddress ?? ""
    }

    /// The contact a guest is recognised by: a phone number, else an email address.
    public var customerPhone: String? { details.shippingContact?.phoneNumber ?? details.billingContact?.phoneNumber }
    public var customerEmail: String? { details.shippingContact?.emailAddress ?? details.billingContact?.emailAddress }
}

/// Everything about an order that is shown but never queried by, stored as one document.
public struct OrderDetails: Codable, Sendable, Equatable {
    public var merchantIdentifier: String
    public var countryCode: String
    public var supportedNetworks: [String]
    public var merchantCapabilities: [String]
    public var summaryItems: [SummaryItem]
    public var shippingMethod: ShippingMethod?
    /// Every method the sheet offered, the chosen one included, when the integration sends them.
    public var shippingMethods: [ShippingMethod]
    public var shippingContact: Contact?
    public var billingContact: Contact?
    public var applicationData: String?
    public var token: TokenMetadata

    public init(merchantIdentifier: String, countryCode: String, supportedNetworks: [String],
                merchantCapabilities: [String], summaryItems: [SummaryItem], shippingMethod: ShippingMethod?,
                shippingMethods: [ShippingMethod], shippingContact: Contact?, billingContact: Contact?,
                applicationData: String?, token: TokenMetadata) {
        self.merchantIdentifier = merchantIdentifier
        self.countryCode = countryCode
        self.supportedNetworks = supportedNetworks
        self.merchantCapabilities = merchantCapabilities
        self.summaryItems = summaryItems
        self.shippingMethod = shippingMethod
        self.shippingMethods = shippingMethods
        self.shippingContact = shippingContact
        self.billingContact = billingContact
        self.applicationData = applicationData
        self.token = token
    }
}

extension OrderDetails {
    /// What the items above the grand total add up to: by PassKit's rule, the grand total itself. Shown beside
    /// the total as a check, so it is computed, never assumed.
    public func sumOfOtherItems(in currency: Currency) -> MoneyTotal {
        summaryItems.dropLast().reduce(.zero(currency)) { $0.adding(Money(minorUnits: $1.amount, currency: currency)) }
    }
}

/// One line of the payment sheet. Discounts are negative; a pending item's amount is an estimate.
public struct SummaryItem: Codable, Sendable, Equatable {
    public var label: String
    /// Minor units of the order's currency.
    public var amount: Int64
    public var isPending: Bool

    public init(label: String, amount: Int64, isPending: Bool = false) {
        self.label = label
        self.amount = amount
        self.isPending = isPending
    }
}

public struct ShippingMethod: Codable, Sendable, Equatable {
    public var identifier: String
    public var label: String
    public var detail: String
    /// Minor units of the order's currency.
    public var amount: Int64

    public init(identifier: String, label: String, detail: String, amount: Int64) {
        self.identifier = identifier
        self.label = label
        self.detail = detail
        self.amount = amount
    }
}

public struct Contact: Codable, Sendable, Equatable {
    public var givenName: String?
    public var familyName: String?
    public var phoneNumber: String?
    public var emailAddress: String?
    public var postalAddress: PostalAddress?

    public init(givenName: String? = nil, familyName: String? = nil, phoneNumber: String? = nil,
                emailAddress: String? = nil, postalAddress: PostalAddress? = nil) {
        self.givenName = givenName
        self.familyName = familyName
        self.phoneNumber = phoneNumber
        self.emailAddress = emailAddress
        self.postalAddress = postalAddress
    }

    /// "Ada Lovelace", but "王小明" for a CJK name: family name first and no space, as its owner writes it.
    public var displayName: String {
        let given = givenName ?? "", family = familyName ?? ""
        if given.unicodeScalars.contains(where: \.isHanHiraganaKatakanaOrHangul) || family.unicodeScalars.contains(where: \.isHanHiraganaKatakanaOrHangul) {
            return family + given
        }
        return given.isEmpty || family.isEmpty ? given + family : given + " " + family
    }
}

public struct PostalAddress: Codable, Sendable, Equatable {
    public var street: String?
    public var city: String?
    public var state: String?
    public var postalCode: String?
    public var country: String?
    public var isoCountryCode: String?

    public init(street: String? = nil, city: String? = nil, state: String? = nil, postalCode: String? = nil,
                country: String? = nil, isoCountryCode: String? = nil) {
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.isoCountryCode = isoCountryCode
    }
}

/// What can be known of the Apple Pay token without decrypting it. The encrypted payload itself is not kept.
public struct TokenMetadata: Codable, Sendable, Equatable {
    public var version: String
    public var publicKeyHash: String
    public var transactionId: String
    public var applicationDataHash: String?
    /// "Visa 0224": Apple's own masked name of the card.
    public var displayName: String
    public var network: String
    public var type: String

    public init(version: String, publicKeyHash: String, transactionId: String, applicationDataHash: String?,
                displayName: String, network: String, type: String) {
        self.version = version
        self.publicKeyHash = publicKeyHash
        self.transactionId = transactionId
        self.applicationDataHash = applicationDataHash
        self.displayName = displayName
        self.network = network
        self.type = type
    }

    /// The four digits at the end of `displayName`, if it ends with them.
    public var cardLast4: String? {
        displayName.withUTF8Bytes { utf8 in
            guard utf8.count >= 4 else { return nil }
            let last4 = UnsafeBufferPointer(rebasing: utf8[(utf8.count - 4)...])
            return last4.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) ? String(decoding: last4, as: UTF8.self) : nil
        }
    }
}

extension Unicode.Scalar {
    var isHanHiraganaKatakanaOrHangul: Bool {
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}

public enum OrderError: Error, Equatable, CustomStringConvertible {
    case noSummaryItems
    case totalNotPositive(Money)
    case totalPending
    case totalMismatch(total: Money, sumOfOthers: Money)
    case amountOverflow
    case beyondBound(Money)

    public var description: String {
        switch self {
        case .noSummaryItems: "an order needs at least the grand total item"
        case .totalNotPositive(let total): "grand total \(total) is not positive"
        case .totalPending: "the grand total (last item) cannot be pending"
        case .totalMismatch(let total, let sum):
            "grand total \(total) does not equal the sum of the other items \(sum)"
        case .amountOverflow: "the summary items add up to more than can be stored"
        case .beyondBound(let amount): MoneyError.beyondBound(amount).description
        }
    }

    /// PassKit's rule: the last item is the grand total, positive, final, and the sum of all the others; and
    /// PayDesk's: no amount beyond `Money.maximumMinorUnits`.
    static func checkTotal(_ items: [SummaryItem], currency: Currency) throws(OrderError) {
        guard let last = items.last else { throw .noSummaryItems }
        let total = Money(minorUnits: last.amount, currency: currency)
        guard !last.isPending else { throw .totalPending }
        guard last.amount > 0 else { throw .totalNotPositive(total) }
        for item in items {
            let amount = Money(minorUnits: item.amount, currency: currency)
            guard amount.isWithinBound else { throw .beyondBound(amount) }
        }
        let sum: Money
        do { sum = try Money.sum(items.dropLast().lazy.map { Money(minorUnits: $0.amount, currency: currency) }, currency: currency) }
        catch { throw .amountOverflow }
        guard sum == total else { throw .totalMismatch(total: total, sumOfOthers: sum) }
    }
}
