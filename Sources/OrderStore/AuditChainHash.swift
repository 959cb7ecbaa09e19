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
    func chainHash(previous: Data) -> Data { Self.chainHash(previous: previous, fields: hashedFields(effectText: effect?.text)) }

    /// Every field but the previous hash, laid out as the chain hashes them, given `effect?.text`, which a caller
    /// that stores it has already made. They are laid out in one buffer and hashed at once: ingest chains an entry
    /// for every order, and a hash update per field cost more than the hashing. Ingest lays them out while it
    /// parses, before the entry's place in the chain is known (`UnchainedAuditRecord`).
    func hashedFields(effectText: String?) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        func add(_ field: String?) {
            guard var field else { return bytes += [0xFF, 0xFF, 0xFF, 0xFF] }
            field.withUTF8 { utf8 in
                let length = UInt32(utf8.count)
                for shift in [24, 16, 8, 0] as [UInt32] { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
                bytes += utf8
            }
        }
        add(String(at.millisecondsSinceEpoch))
        add(actor.login)
        add(actor.sshClient)
        add(action)
        add(orderId)
        add(amount.map { String($0) })
        add(currencyCode)
        add(idempotencyKey)
        add(outcome)
        if effectText != nil || actor.operatorLabel != nil { add(effectText) }
        if let label = actor.operatorLabel { add(label) }
        return bytes
    }

    /// The hash of an entry whose fields are `fields` (`hashedFields`), chained after `previous`.
    static func chainHash(previous: Data, fields: [UInt8]) -> Data {
        var hash = SHA256()
        hash.update(data: previous)
        hash.update(data: fields)
        return Data(hash.finalize())
    }

    /// The hash the first entry chains from.
    static let genesisHash = Data(repeating: 0, count: 32)
}
