import Synchronization

/// The last answer of a pure function, kept for a view that asks again with the same input frame after frame: most
/// keys change one part of the screen and leave the rest as it was. The function is given once, when the memo is
/// made, as a function of its input alone, so the answer can depend on nothing its input does not hold; an input
/// equal to the last one gets the last answer. Shared by every thread.
final class Memo<Input: Equatable & Sendable, Answer: Sendable>: Sendable {
    private let work: @Sendable (Input) -> Answer
    private let last = Mutex<(input: Input, answer: Answer)?>(nil)

    init(_ work: @escaping @Sendable (Input) -> Answer) { self.work = work }

    func callAsFunction(_ input: Input) -> Answer {
        if let last = last.withLock({ $0 }), last.input == input { return last.answer }
        let answer = work(input)
        last.withLock { $0 = (input, answer) }
        return answer
    }
}
