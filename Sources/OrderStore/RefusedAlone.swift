import GRDB

extension Database {
    /// Runs `body` in a savepoint of its own: an error that `refusal` names (the store refused this one item) is
    /// undone alone, with all `body` wrote, and returned; any other error is thrown and fails the transaction.
    /// How a batch written at once is written again when one of its items is refused.
    func refusedAlone<Problem>(_ body: () throws -> Void, refusal: (any Error) -> Problem?) throws -> Problem? {
        var problem: Problem?
        try inSavepoint {
            do {
                try body()
                return .commit
            } catch {
                guard let refused = refusal(error) else { throw error }
                problem = refused
                return .rollback
            }
        }
        return problem
    }
}
