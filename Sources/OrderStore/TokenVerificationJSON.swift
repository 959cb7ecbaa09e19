import OrderModel

/// Writes a token's verification as the JSON its `Codable` conformance reads back, directly: with the merchant's
/// keys, JSONEncoder took a tenth of each order's ingest. `TokenVerificationJSONTests` holds it to what
/// JSONEncoder writes, member for member.
extension TokenVerification {
    var json: String {
        var out = JSONText()
        out.object {
            $0.member("outcome", outcome.rawValue)
            $0.member("problem", problem)
            $0.member("signingTime", signingTime)
            if let root {
                $0.object("root") {
                    $0.member("name", root.name)
                    $0.member("sha256", root.sha256)
                    $0.member("isApple", root.isApple)
                }
            }
            if let payment {
                $0.object("payment") {
                    $0.member("accountLast4", payment.accountLast4)
                    $0.member("expiration", payment.expiration)
                    $0.member("currencyCode", payment.currencyCode)
                    $0.member("transactionAmount", payment.transactionAmount)
                    $0.member("paymentDataType", payment.paymentDataType)
                    $0.member("eciIndicator", orNull: payment.eciIndicator)
                    $0.member("cryptogramPresent", payment.cryptogramPresent)
                    $0.member("deviceManufacturerIdentifier", payment.deviceManufacturerIdentifier)
                }
            }
            if let matchesOrder { $0.member("matchesOrder", matchesOrder) }
        }
        return out.text
    }
}
