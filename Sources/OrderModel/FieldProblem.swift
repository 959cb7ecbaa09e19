/// A field of outside input that is wrong, and why, reported as `field: reason`: an ingest line
/// (`line 12: summaryItems[2].amount: "12.345" has more than 2 decimal places for CNY`) or a token file
/// (`token.paymentData.header.publicKeyHash: is not a SHA-256 hash`). Ingest and `paydesk decrypt` check a
/// token's shape in one place (`PaymentTokenFields.decoded`), so both name a field and its fault the same way.
public struct FieldProblem: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String
    public var reason: String

    public init(_ field: String, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    public var description: String { "\(field): \(reason)" }
}
