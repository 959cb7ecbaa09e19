import Crypto
import Foundation
import OrderModel

/// How the store chains its audit log: each entry's hash covers its fields and the previous entry's hash, so
/// editing or deleting any entry breaks every hash after it (docs/design.md §3).
extension AuditEntry {
    /// SHA-256 over the previous hash and every field, each length-prefixed so no two entries serialise alike.
    /// The effect is a tenth field and the operator's label an eleventh, each present only when needed (the
    /// effect, possibly absent, when there is a label), so that entries written before either was recorded keep
    /// their hashes.
    func chainHash(previous: Data) -> Data {
        var hasher = SHA256()
        hasher.update(data: previous)
        var fields: [String?] = [
            String(at.millisecondsSinceEpoch), actor.login, actor.sshClient, action, orderId,
            amount.map { String($0) }, currencyCode, idempotencyKey, outcome,
        ]
        if effect != nil || actor.operatorLabel != nil { fields.append(effect?.text) }
        if let label = actor.operatorLabel { fields.append(label) }
        for field in fields {
            let bytes = field.map { Array($0.utf8) }
            var length = UInt32(bytes?.count ?? 0xFFFF_FFFF).bigEndian
            withUnsafeBytes(of: &length) { hasher.update(bufferPointer: $0) }
            if let bytes { hasher.update(data: bytes) }
        }
        return Data(hasher.finalize())
    }

    /// The hash the first entry chains from.
    static let genesisHash = Data(repeating: 0, count: 32)
}
