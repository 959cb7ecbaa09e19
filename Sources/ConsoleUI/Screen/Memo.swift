import Synchronization

/// Answers of a pure function kept for a view that asks again with the same input frame after frame: most keys
/// change one part of the screen and leave the rest as it was. The function is given once, when the memo is made,
/// as a function of its input alone, so an answer can depend on nothing its input does not hold; an input equal to
/// the one last answered under its key gets that answer. At most `capacity` keys are kept: past that the memo
/// starts afresh, so it never holds more than a few screens. Shared by every thread.
final class Memo<Key: Hashable & Sendable, Input: Equatable & Sendable, Answer: Sendable>: Sendable {
    private let capacity: Int
    private let work: @Sendable (Input) -> Answer
    private let answers = Mutex<[Key: (input: Input, answer: Answer)]>([:])

    init(capacity: Int, _ work: @escaping @Sendable (Input) -> Answer) {
        self.capacity = capacity
        self.work = work
    }

    func callAsFunction(_ input: Input, key: Key) -> Answer {
        if let known = answers.withLock({ $0[key] }), known.input == input { return known.answer }
        let answer = work(input)
        answers.withLock { answers in
            if answers[key] == nil, answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = (input, answer)
        }
        return answer
    }
}
