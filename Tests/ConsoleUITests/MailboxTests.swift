import Foundation
import Testing
@testable import ConsoleUI
import OrderModel

/// The worker's answers wake the console's loop through the mailbox's pipe, instead of the loop looking for them
/// every millisecond.
@Suite struct MailboxTests {
    /// Whether the descriptor becomes readable within `milliseconds`.
    func readable(_ descriptor: Int32, within milliseconds: Int32) -> Bool {
        var wait = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&wait, 1, milliseconds) == 1 && wait.revents & Int16(POLLIN) != 0
    }

    @Test func anAnswerWakesTheLoopAndDrainingTakesItAndTheWake() throws {
        // Given a mailbox with nothing in it
        let mailbox = Mailbox()
        #expect(mailbox.wakeDescriptor >= 0)
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
        // When the worker delivers two answers from its own thread
        let at = Timestamp(millisecondsSinceEpoch: 1_000)
        DispatchQueue.global().async {
            mailbox.deliver(.tick(at))
            mailbox.deliver(.tick(at.adding(milliseconds: 1)))
        }
        // Then the descriptor the loop waits on becomes readable (waiting up to 30 s for the other thread)
        #expect(readable(mailbox.wakeDescriptor, within: 30_000))
        var drained: [Message] = []
        let deadline = Date().addingTimeInterval(30)
        while drained.count < 2 && Date() < deadline {
            if readable(mailbox.wakeDescriptor, within: 100) { drained += mailbox.drain() }
        }
        // And draining gives both answers in order, and leaves nothing to wake for
        let ticks = drained.compactMap { message -> Timestamp? in if case .tick(let time) = message { time } else { nil } }
        #expect(ticks == [at, at.adding(milliseconds: 1)])
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
        #expect(mailbox.drain().isEmpty)
    }

    @Test func anEffectWithNoAnswerWakesNobody() {
        let mailbox = Mailbox()
        mailbox.deliver(nil)
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
        #expect(mailbox.drain().isEmpty)
    }
}
