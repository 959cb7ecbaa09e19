import Foundation
import OrderModel
import StrictJSON

extension MaskedPaymentData {
    /// Reads the decrypted JSON, keeping only masked values. The account number, cryptogram and EMV data are
    /// checked where they lie in the plaintext and never become a `String`: only the last four digits leave as
    /// text. The plaintext is taken over and wiped, whether the fields are found or not.
    init(plaintext: Data) throws(TokenError) {
        let plaintext = CardDataBytes(taking: plaintext)
        self = try Self.masked(plaintext.bytes)
    }

    private static func masked(_ plaintext: [UInt8]) throws(TokenError) -> MaskedPaymentData {
        let object: JSONValue
        do { object = try JSONDocument(parsing: plaintext).root } catch { throw .paymentData("not valid JSON (\(error))") }
        guard object.kind == .object else { throw .paymentData("not a JSON object") }
        /// What `keep` takes from a member of `lengths` ASCII digits, read where it lies; nil for anything else.
        func digits(_ name: String, _ lengths: ClosedRange<Int>, keep: (UnsafeBufferPointer<UInt8>) -> String) -> String? {
            object.member(name)?.withUTF8 { lengths.contains($0.count) && $0.allSatisfy(\.isASCIIDigit) ? keep($0) : nil } ?? nil
        }
        let all = { (digits: UnsafeBufferPointer<UInt8>) in String(decoding: digits, as: UTF8.self) }
        func text(_ name: String, in container: JSONValue = object) throws(TokenError) -> String? {
            guard let value = container.member(name), !value.isNull else { return nil }
            guard let text = value.string else { throw .paymentData("\(name) is not a string") }
            return text
        }
        guard let last4 = digits("applicationPrimaryAccountNumber", 12...19, keep: { String(decoding: $0.suffix(4), as: UTF8.self) })
        else { throw .paymentData("applicationPrimaryAccountNumber is not a card number") }
        guard let expiry = digits("applicationExpirationDate", 6...6, keep: all), let month = Int(expiry.dropFirst(2).prefix(2)), (1...12).contains(month)
        else { throw .paymentData("applicationExpirationDate is not YYMMDD") }
        guard let currency = digits("currencyCode", 3...3, keep: all) else { throw .paymentData("currencyCode is not an ISO 4217 numeric code") }
        guard let amountText = object.member("transactionAmount")?.numberText, let amount = Int64(amountText), amount >= 0 else {
            throw .paymentData("transactionAmount is not a whole number of minor units")
        }
        let details = object.member("paymentData")
        if let details, details.kind != .object, !details.isNull { throw .paymentData("paymentData is not an object") }
        let cryptogram = details?.member("onlinePaymentCryptogram")?.withUTF8 { !$0.isEmpty }
        return MaskedPaymentData(accountLast4: last4, expiration: "20\(expiry.prefix(2))-\(expiry.dropFirst(2).prefix(2))",
                                 currencyCode: currency, transactionAmount: amount, paymentDataType: try text("paymentDataType") ?? "",
                                 eciIndicator: try details.flatMap { (details) throws(TokenError) in try text("eciIndicator", in: details) },
                                 cryptogramPresent: cryptogram ?? false,
                                 deviceManufacturerIdentifier: try text("deviceManufacturerIdentifier") ?? "")
    }
}

extension UInt8 {
    var isASCIIDigit: Bool { self &- UInt8(ascii: "0") < 10 }
}
