/// What may be shown of decrypted payment data: the last four digits of the device account number, the expiry,
/// amount and currency, the data type, ECI and whether a cryptogram is present. The full account number,
/// cryptogram, EMV data and PIN data have no place in this type, so no description, dump, encoding or stored
/// copy of it can leak them.
public struct MaskedPaymentData: Sendable, Equatable, Codable, CustomStringConvertible {
    public var accountLast4: String
    /// YYYY-MM.
    public var expiration: String
    /// ISO 4217 numeric, as the token carries it ("840").
    public var currencyCode: String
    /// Minor units of that currency.
    public var transactionAmount: Int64
    public var paymentDataType: String
    public var eciIndicator: String?
    public var cryptogramPresent: Bool
    public var deviceManufacturerIdentifier: String

    public init(accountLast4: String, expiration: String, currencyCode: String, transactionAmount: Int64,
                paymentDataType: String, eciIndicator: String?, cryptogramPresent: Bool, deviceManufacturerIdentifier: String) {
        self.accountLast4 = accountLast4
        self.expiration = expiration
        self.currencyCode = currencyCode
        self.transactionAmount = transactionAmount
        self.paymentDataType = paymentDataType
        self.eciIndicator = eciIndicator
        self.cryptogramPresent = cryptogramPresent
        self.deviceManufacturerIdentifier = deviceManufacturerIdentifier
    }

    /// docs/design.md §4's JSON: a token without an ECI (Mastercard) says `"eciIndicator": null`, not nothing.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accountLast4, forKey: .accountLast4)
        try container.encode(expiration, forKey: .expiration)
        try container.encode(currencyCode, forKey: .currencyCode)
        try container.encode(transactionAmount, forKey: .transactionAmount)
        try container.encode(paymentDataType, forKey: .paymentDataType)
        try container.encode(eciIndicator, forKey: .eciIndicator)
        try container.encode(cryptogramPresent, forKey: .cryptogramPresent)
        try container.encode(deviceManufacturerIdentifier, forKey: .deviceManufacturerIdentifier)
    }

    /// The token's amount in its own currency, or nil when PayDesk does not know that currency.
    public var amount: Money? {
        Currency(numericCode: currencyCode).map { Money(minorUnits: transactionAmount, currency: $0) }
    }

    /// `MM/YY`, as printed on a card.
    public var expiryOnCard: String { "\(expiration.suffix(2))/\(expiration.dropFirst(2).prefix(2))" }

    /// `•••• 0075  02/29  USD 1.00  3DSecure  ECI 7  cryptogram present`
    public var description: String {
        "•••• \(accountLast4)  \(expiryOnCard)  \(amount?.description ?? "\(transactionAmount) minor units of \(currencyCode)")  \(paymentDataType)"
            + (eciIndicator.map { "  ECI \($0)" } ?? "") + (cryptogramPresent ? "  cryptogram present" : "")
    }
}

/// The root certificate a token's signing chain ends at: Apple Root CA - G3, bundled, or a root the merchant
/// trusted explicitly for sandbox tokens. Named and fingerprinted wherever a token is shown, so that a sandbox
/// root is never taken for Apple's.
public struct TokenRoot: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The root's common name, as its certificate says.
    public var name: String
    /// SHA-256 of the root's DER encoding, upper-case hex in pairs separated by colons.
    public var sha256: String
    /// Whether it is the bundled Apple Root CA - G3 (by its fingerprint, not its name).
    public var isApple: Bool

    public init(name: String, sha256: String, isApple: Bool) {
        self.name = name
        self.sha256 = sha256
        self.isApple = isApple
    }

    /// `Apple Root CA - G3 (SHA-256 63:34:…:79)`, or `SANDBOX root "PayDesk Sandbox Root CA" (SHA-256 …)`.
    public var description: String {
        isApple ? "Apple Root CA - G3 (SHA-256 \(sha256))" : "SANDBOX root \(quoted(name, limit: 64)) (SHA-256 \(sha256))"
    }
}

/// What ingest learnt from an order's Apple Pay token with the merchant's keys: verified (and what it holds,
/// masked), the check that failed, or that no configured key matches. An order whose token fails is still
/// stored, since the payment behind it may be real; it is flagged instead.
public struct TokenVerification: Sendable, Equatable, Codable {
    public enum Outcome: String, Sendable, Codable {
        case verified
        case failed
        case noKey = "no_key"
    }

    public var outcome: Outcome
    /// The failed check in one line ("signature: …", "chain: …"): never key material or card data.
    public var problem: String?
    /// When Apple signed the token (RFC 3339), once the signature checked out.
    public var signingTime: String?
    /// The root its chain ends at, once the chain validated; nil in what versions before it was recorded stored.
    public var root: TokenRoot?
    public var payment: MaskedPaymentData?
    /// Whether the token's amount and currency are the order's total; nil until the token is decrypted.
    public var matchesOrder: Bool?

    public init(outcome: Outcome, problem: String? = nil, signingTime: String? = nil, root: TokenRoot? = nil,
                payment: MaskedPaymentData? = nil, orderTotal: Money? = nil) {
        self.outcome = outcome
        self.problem = problem
        self.signingTime = signingTime
        self.root = root
        self.payment = payment
        if let payment, let orderTotal {
            matchesOrder = payment.currencyCode == orderTotal.currency.numericCode && payment.transactionAmount == orderTotal.minorUnits
        }
    }

    /// Verified, but the customer authorised another amount or currency than the order says.
    public var amountMismatch: Bool { matchesOrder == false }

    /// Why an order with this token is held (`PaymentStatus.onArrival`), in one line that names the check:
    /// nil when it goes ahead.
    public func holdReason(orderTotal: Money) -> String? {
        switch outcome {
        case .verified:
            guard amountMismatch, let payment else { return nil }
            let authorised = payment.amount?.description ?? "\(payment.transactionAmount) minor units of currency \(payment.currencyCode)"
            return "amount: the token authorises \(authorised), but the order's total is \(orderTotal)"
        case .failed, .noKey:
            return problem ?? "a check failed"
        }
    }
}

/// The fields of a token's `paymentData`, as ingest read them (base64 and hex still encoded).
public struct PaymentTokenFields: Sendable {
    public var version: String
    public var data: String
    public var signature: String
    public var ephemeralPublicKey: String?
    public var wrappedKey: String?
    public var publicKeyHash: String
    public var transactionId: String
    public var applicationData: String?

    public init(version: String, data: String, signature: String, ephemeralPublicKey: String?, wrappedKey: String?,
                publicKeyHash: String, transactionId: String, applicationData: String?) {
        self.version = version
        self.data = data
        self.signature = signature
        self.ephemeralPublicKey = ephemeralPublicKey
        self.wrappedKey = wrappedKey
        self.publicKeyHash = publicKeyHash
        self.transactionId = transactionId
        self.applicationData = applicationData
    }
}

/// Checks a token with the merchant's keys as an order is accepted. The ApplePayToken module provides one;
/// ingest takes any, so that the store knows nothing of cryptography.
public protocol TokenVerifying: Sendable {
    /// `acceptedAt` is when the merchant accepted the payment (the order's creation): the replay window is
    /// judged against it, so an order ingested hours later is judged by when it happened.
    func verify(_ token: PaymentTokenFields, orderTotal: Money, acceptedAt: Timestamp) -> TokenVerification
}
