import GRDB
import OrderModel

extension PayDeskStore {
    /// One write transaction: `first`, then `items` one after another, their audit entries chained in memory.
    /// When the store refuses an item (an operator got there first), the transaction is undone and written again
    /// with each item in a savepoint of its own, so that the refusal is undone alone and reported in its place;
    /// anything else (a full disk, a lost lock) fails the whole transaction.
    ///
    /// Refusals are rare, and a savepoint costs: two statements per item, and SQLite copies every page a savepoint
    /// touches first into its journal. One savepoint around the whole batch cost more still: with SQLite 3.40 the
    /// driver then spent 45% of its time walking that journal (a list in memory) at the end of each statement.
    func writeEach<Item>(_ items: [Item], after first: (Database) throws -> Void = { _ in },
                         _ body: (Item, inout AuditChain, Database) throws -> Void) throws(StoreError) -> [StoreError?] {
        guard !isReadOnly else { throw .readOnly(path: path) }
        let path = self.path
        do {
            return try database.write { db in
                try first(db)
                var chain = AuditChain()
                for item in items {
                    do { try body(item, &chain, db) } catch {
                        throw Self.refusal(error, path: path) == nil ? error : RefusedInBatch()
                    }
                }
                return items.map { _ in nil }
            }
        } catch is RefusedInBatch {
            return try write { db in
                try first(db)
                var chain = AuditChain()
                return try items.map { item in
                    let problem = try db.refusedAlone({ try body(item, &chain, db) }, refusal: { Self.refusal($0, path: path) })
                    // Its audit entries are undone with it: the next item chains from the log's head again.
                    if problem != nil { chain = AuditChain() }
                    return problem
                }
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Undoes a batch's transaction when one of its items is refused.
    private struct RefusedInBatch: Error {}

    /// What refuses one item, as the problem to report; nil for an error that fails the whole transaction.
    private static func refusal(_ error: any Error, path: String) -> StoreError? {
        switch error {
        case let error as StoreError: error
        case let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT: StoreError(error, path: path)
        default: nil
        }
    }
}
