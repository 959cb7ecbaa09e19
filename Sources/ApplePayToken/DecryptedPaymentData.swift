import Foundation
import OrderModel

extension MaskedPaymentData {
    /// Reads the decrypted JSON, keeping only masked values: the caller wipes the plaintext afterwards.
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
        self.init(accountLast4: String(account.suffix(4)), expiration: "20\(expiry.prefix(2))-\(expiry.dropFirst(2).prefix(2))",
                  currencyCode: currency, transactionAmount: amount, paymentDataType: object["paymentDataType"] as? String ?? "",
                  eciIndicator: details["eciIndicator"] as? String,
                  cryptogramPresent: (details["onlinePaymentCryptogram"] as? String).map { !$0.isEmpty } ?? false,
                  deviceManufacturerIdentifier: object["deviceManufacturerIdentifier"] as? String ?? "")
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
