import Crypto
import Foundation

/// One line of the append-only audit log. Each entry's hash covers its fields and the previous entry's hash,
/// so editing or deleting any entry breaks every hash after it.
public struct AuditEntry: Equatable, Sendable {
    public var at: Timestamp
    public var actor: Actor
    public var action: String
    public var orderId: String?
    public var amount: Int64?
    public var currencyCode: String?
    public var idempotencyKey: String?
    public var outcome: String
    /// What the entry did to its order, when it changed anything: what `audit --verify` replays.
    public var effect: AuditEffect?

    public init(at: Timestamp, actor: Actor, action: String, orderId: String?, amount: Int64? = nil,
                currencyCode: String? = nil, idempotencyKey: String? = nil, outcome: String, effect: AuditEffect? = nil) {
        self.at = at
        self.actor = actor
        self.action = action
        self.orderId = orderId
        self.amount = amount
        self.currencyCode = currencyCode
        self.idempotencyKey = idempotencyKey
        self.outcome = outcome
        self.effect = effect
    }

    /// SHA-256 over the previous hash and every field, each length-prefixed so no two entries serialise alike.
    /// The effect is a tenth field, present only when there is one, so that entries written before effects
    /// were recorded keep their hashes.
    public func chainHash(previous: Data) -> Data {
        var hasher = SHA256()
        hasher.update(data: previous)
        let fields: [String?] = [
            String(at.millisecondsSinceEpoch), actor.login, actor.sshClient, action, orderId,
            amount.map { String($0) }, currencyCode, idempotencyKey, outcome,
        ] + (effect.map { [$0.text] } ?? [])
        for field in fields {
            let bytes = field.map { Array($0.utf8) }
            var length = UInt32(bytes?.count ?? 0xFFFF_FFFF).bigEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            if let bytes { hasher.update(data: bytes) }
        }
        return Data(hasher.finalize())
    }

    /// The hash the first entry chains from.
    public static let genesisHash = Data(repeating: 0, count: 32)
}

/// Who did it: the login name, and the SSH client ("203.0.113.9 52144") when the session came over SSH.
public struct Actor: Equatable, Sendable, CustomStringConvertible {
    public var login: String
    public var sshClient: String?

    public init(login: String, sshClient: String? = nil) {
        self.login = login
        self.sshClient = sshClient
    }

    public var description: String { sshClient.map { "\(login) via \($0)" } ?? login }
}
