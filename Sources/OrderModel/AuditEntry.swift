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

/// Who did it: the login name; the operator's label (`PAYDESK_OPERATOR`, set for each key by the forced
/// command in `authorized_keys`) when a team shares one login; and the SSH client ("203.0.113.9 52144") when
/// the session came over SSH. The client's address is what the session's environment says
/// (`SSH_CONNECTION`), so it is shown as reported, not as proven.
public struct Actor: Equatable, Sendable, CustomStringConvertible {
    public var login: String
    public var operatorLabel: String?
    public var sshClient: String?

    public init(login: String, operatorLabel: String? = nil, sshClient: String? = nil) {
        self.login = login
        self.operatorLabel = operatorLabel
        self.sshClient = sshClient
    }

    /// The most an operator's label may hold, in scalars.
    public static let maximumLabelLength = 64

    /// An operator's label, or why it cannot be one: plainly visible characters and spaces, not only spaces.
    public static func checkOperatorLabel(_ label: String) -> String? {
        if label.trimmingCharacters(in: .whitespaces).isEmpty { return "an operator label cannot be empty" }
        if label.unicodeScalars.count > maximumLabelLength { return "an operator label is at most \(maximumLabelLength) characters" }
        if !label.unicodeScalars.allSatisfy(\.isPlainlyVisible) { return "an operator label cannot contain control characters" }
        return nil
    }

    public var description: String {
        login + (operatorLabel.map { " as \($0)" } ?? "") + (sshClient.map { " via \($0) (client-reported)" } ?? "")
    }
}
