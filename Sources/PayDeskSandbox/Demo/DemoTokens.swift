import Foundation
import OrderModel
import OrderStore

/// Real Apple Pay tokens for the demo's orders, from a sandbox PKI (the ApplePayToken module has one), and the
/// checks ingest runs on them. Without it the demo's tokens are random bytes of the right shape.
public struct DemoTokens: Sendable {
    /// What one order's token should hold and how it was signed.
    public struct Request: Sendable {
        public var amount: Money
        public var accountNumber: String
        /// YYMMDD, as Apple writes it.
        public var expiration: String
        public var applicationData: String
        public var transactionId: [UInt8]
        public var signedAt: Timestamp
        public var isRSA: Bool
        /// Encrypted for a key the merchant no longer has configured, as after a rotation.
        public var forRetiredKey: Bool
        /// Made to fail a check (another amount, a retired key, a replay): the order arrives held.
        public var isFlawed: Bool
    }

    /// Returns the token's `paymentData` JSON.
    public var make: @Sendable (Request) throws -> Data
    public var verifier: any TokenVerifying

    public init(verifier: any TokenVerifying, make: @escaping @Sendable (Request) throws -> Data) {
        self.verifier = verifier
        self.make = make
    }
}
