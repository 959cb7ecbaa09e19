import GRDB

extension OrderRecord {
    /// Writes the payment columns that differ from `stored`, the row as read earlier in the same transaction.
    /// SQLite maintains the indexes, runs the `UPDATE OF` triggers and checks the constraints of every column an
    /// UPDATE names, changed or not: naming all ten made recording a charge's acceptance, which changes the
    /// reference alone, cost SQLite 3.4 times the instructions, and a change of status 15% more. The values are
    /// bound straight to SQLite (`Database.run`): the driver writes an order twice a payment.
    func savePaymentChanges(from stored: OrderRecord, _ db: Database) throws {
        var changes = Changes()
        changes.compare("status", status.rawValue, stored.status.rawValue)
        changes.compare("failure_reason", failureReason?.rawValue, stored.failureReason?.rawValue)
        changes.compare("processor_reference", processorReference, stored.processorReference)
        changes.compare("cancel_requested", cancelRequested ? 1 : 0, stored.cancelRequested ? 1 : 0)
        changes.compare("cancel_requested_at", cancelRequestedAt, stored.cancelRequestedAt)
        changes.compare("cancel_requested_by", cancelRequestedBy, stored.cancelRequestedBy)
        changes.compare("cancel_idempotency_key", cancelIdempotencyKey, stored.cancelIdempotencyKey)
        changes.compare("paid", paid, stored.paid)
        changes.compare("refunded", refunded, stored.refunded)
        changes.compare("updated_at", updatedAt, stored.updatedAt)
        guard !changes.columns.isEmpty else { return }
        // One cached statement per set of columns: a handful in practice.
        try db.run("UPDATE orders SET \(changes.columns.joined(separator: " = ?, ")) = ? WHERE id = ?") { values in
            for value in changes.values {
                switch value {
                case .text(let text): values.add(text)
                case .integer(let integer): values.add(integer)
                }
            }
            values.add(id)
        }
    }

    /// The columns that changed and their new values, in the UPDATE's order.
    private struct Changes {
        enum Value { case text(String?), integer(Int64?) }

        var columns: [String] = []
        var values: [Value] = []

        mutating func compare(_ column: String, _ new: String?, _ old: String?) {
            guard new != old else { return }
            columns.append(column)
            values.append(.text(new))
        }

        mutating func compare(_ column: String, _ new: Int64?, _ old: Int64?) {
            guard new != old else { return }
            columns.append(column)
            values.append(.integer(new))
        }
    }
}
