import GRDB

extension OrderRecord {
    /// Writes the payment columns that differ from `stored`, the row as read earlier in the same transaction.
    /// SQLite maintains the indexes, runs the `UPDATE OF` triggers and checks the constraints of every column an
    /// UPDATE names, changed or not: naming all ten made recording a charge's acceptance, which changes the
    /// reference alone, cost SQLite 3.4 times the instructions, and a change of status 15% more.
    func savePaymentChanges(from stored: OrderRecord, _ db: Database) throws {
        var columns: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        func compare<Value: DatabaseValueConvertible & Equatable>(_ column: String, _ new: Value?, _ old: Value?) {
            guard new != old else { return }
            columns.append(column)
            values.append(new)
        }
        compare("status", status.rawValue, stored.status.rawValue)
        compare("failure_reason", failureReason?.rawValue, stored.failureReason?.rawValue)
        compare("processor_reference", processorReference, stored.processorReference)
        compare("cancel_requested", cancelRequested, stored.cancelRequested)
        compare("cancel_requested_at", cancelRequestedAt, stored.cancelRequestedAt)
        compare("cancel_requested_by", cancelRequestedBy, stored.cancelRequestedBy)
        compare("cancel_idempotency_key", cancelIdempotencyKey, stored.cancelIdempotencyKey)
        compare("paid", paid, stored.paid)
        compare("refunded", refunded, stored.refunded)
        compare("updated_at", updatedAt, stored.updatedAt)
        guard !columns.isEmpty else { return }
        // One cached statement per set of columns: a handful in practice.
        try db.cachedStatement(sql: "UPDATE orders SET \(columns.map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?")
            .execute(arguments: StatementArguments(values + [id]))
    }
}
