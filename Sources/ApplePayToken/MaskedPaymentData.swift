import Foundation

/// What may be shown of decrypted payment data: the last four digits of the device account number, the expiry,
/// amount and currency, the data type, ECI and whether a cryptogram is present. The full account number,
/// cryptogram, EMV data and PIN data are never stored in this type, so no description, dump or encoding of it
/// can leak them.
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

    /// DESIGN §4's JSON: a token without an ECI (Mastercard) says `"eciIndicator": null`, not nothing.
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

    /// `•••• 0075  02/29  840 100 minor  3DSecure  ECI 7  cryptogram present`
    public var description: String {
        let month = expiration.suffix(2), year = expiration.dropFirst(2).prefix(2)
        return "•••• \(accountLast4)  \(month)/\(year)  \(currencyCode) \(transactionAmount) minor  \(paymentDataType)"
            + (eciIndicator.map { "  ECI \($0)" } ?? "") + (cryptogramPresent ? "  cryptogram present" : "")
    }

    /// Reads the decrypted JSON, keeping only masked values.
    init(plaintext: Data) throws(TokenError) {
        guard let object = try? JSONSerialization.jsonObject(with: plaintext) as? [String: Any] else {
            throw .paymentData("not a JSON object")
        }
        guard let account = object["applicationPrimaryAccountNumber"] as? String, account.count >= 12,
              account.allSatisfy(\.isASCIIDigit) else { throw .paymentData("applicationPrimaryAccountNumber is not a card number") }
        guard let expiry = object["applicationExpirationDate"] as? String, expiry.count == 6, expiry.allSatisfy(\.isASCIIDigit),
              let month = Int(expiry.dropFirst(2).prefix(2)), (1...12).contains(month)
        else { throw .paymentData("applicationExpirationDate is not YYMMDD") }
        guard let currency = object["currencyCode"] as? String, currency.count == 3, currency.allSatisfy(\.isASCIIDigit) else {
            throw .paymentData("currencyCode is not an ISO 4217 numeric code")
        }
        guard let amount = (object["transactionAmount"] as? NSNumber).flatMap({ Int64(exactly: $0.int64Value) }), amount >= 0 else {
            throw .paymentData("transactionAmount is not a whole number of minor units")
        }
        let details = object["paymentData"] as? [String: Any] ?? [:]
        accountLast4 = String(account.suffix(4))
        expiration = "20\(expiry.prefix(2))-\(expiry.dropFirst(2).prefix(2))"
        currencyCode = currency
        transactionAmount = amount
        paymentDataType = object["paymentDataType"] as? String ?? ""
        eciIndicator = details["eciIndicator"] as? String
        cryptogramPresent = (details["onlinePaymentCryptogram"] as? String).map { !$0.isEmpty } ?? false
        deviceManufacturerIdentifier = object["deviceManufacturerIdentifier"] as? String ?? ""
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
