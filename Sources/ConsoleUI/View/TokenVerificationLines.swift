import OrderModel

/// The token's checks in words for people: the console's order screen and `paydesk orders show` print the same
/// lines, so they live with the console rather than in the domain.
extension TokenVerification {
    /// How a line about the token should strike the reader.
    public enum Tone: Sendable { case good, bad, caution, quiet }

    /// The token's checks for people, the same in `paydesk orders show` and the console: the outcome, the
    /// masked card, and whether the amount is the order's. `time` formats the signing time.
    public static func describe(_ verification: TokenVerification?, orderTotal: Money,
                                time: (Timestamp) -> String) -> [(text: String, tone: Tone)] {
        guard let verification else {
            return [("not verified here: no merchant keys were configured when this order was ingested; the processor decrypts the token",
                     .quiet)]
        }
        let signed = verification.signingTime.flatMap(Timestamp.init(rfc3339:)).map { "signed \(time($0))" }
        var lines: [(text: String, tone: Tone)] = []
        switch verification.outcome {
        case .verified:
            switch verification.root {
            case .some(let root) where root.isApple:
                lines.append(("✓ verified: \(signed ?? "signed"), chains to \(root.description), decrypted", .good))
            case .some(let root):
                lines.append(("! verified against a SANDBOX root, never Apple's: \(signed ?? "signed"), chains to \(root.description), decrypted",
                              .caution))
            case nil:
                lines.append(("✓ verified: \(signed ?? "signed"), chain validated (its root was not recorded at the time), decrypted", .good))
            }
        case .failed:
            lines.append(("✗ not verified: \(verification.problem ?? "a check failed")", .bad))
        case .noKey:
            lines.append(("! \(signed.map { "signature verified (\($0)), but " } ?? "")not decrypted: \(verification.problem ?? "no key")", .caution))
        }
        if let payment = verification.payment {
            lines.append(("device account •••• \(payment.accountLast4) · expires \(payment.expiryOnCard) · \(payment.paymentDataType)"
                          + (payment.eciIndicator.map { " · ECI \($0)" } ?? "")
                          + (payment.cryptogramPresent ? " · cryptogram present" : " · no cryptogram"), .quiet))
            let amount = payment.amount?.description ?? "\(payment.transactionAmount) minor units of currency \(payment.currencyCode)"
            lines.append(verification.amountMismatch
                ? ("✗ the token authorises \(amount), but the order's total is \(orderTotal)", .bad)
                : ("✓ the token authorises \(amount), the order's total", .good))
        }
        return lines
    }
}
