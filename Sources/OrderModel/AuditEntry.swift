import Foundation

/// One line of the append-only audit log. The store chains entries by hash (`AuditEntry.chainHash`, in
/// OrderStore), so editing or deleting any entry breaks every hash after it.
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
