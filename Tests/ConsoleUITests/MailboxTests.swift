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

    /// The times of the ticks among `messages`, in order.
    func ticks(_ messages: [Message]) -> [Timestamp] {
        messages.compactMap { message in if case .tick(let time) = message { time } else { nil } }
    }

    @Test func everyAnswerWakesTheLoopAndDrainingTakesThemAllInOrder() throws {
        // Given a mailbox with nothing in it
        let mailbox = Mailbox()
        #expect(mailbox.wakeDescriptor >= 0)
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
        // When the worker delivers answers from its own thread while the loop waits and drains
        let sent = (0..<500).map { Timestamp(millisecondsSinceEpoch: 1_000 + $0) }
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for time in sent { mailbox.deliver(.tick(time)) }
            finished.signal()
        }
        // Then each wait ends with something to drain, until every answer has come (a lost wake would leave
        // the loop waiting out the 30 s)
        var received: [Timestamp] = []
        let deadline = Date().addingTimeInterval(30)
        while received.count < sent.count && Date() < deadline {
            if readable(mailbox.wakeDescriptor, within: 30_000) { received += ticks(mailbox.drain()) }
        }
        #expect(received.elementsEqual(sent),
                "\(received.count) of \(sent.count) answers came, \(received.elementsEqual(sent.prefix(received.count)) ? "" : "not ")in order")
        // And once the worker is done and the last wake drained, nothing is left to wake for
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(mailbox.drain().isEmpty)
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
    }

    /// Draining empties the pipe and then takes the answers, so an answer delivered after the pipe was emptied
    /// (here, after the whole drain) leaves its byte for the next wait. Delivered during a drain, it is taken with
    /// the others and its byte wakes the loop once for nothing: a turn of the loop, and no answer lost.
    @Test func anAnswerDeliveredAfterADrainWakesTheLoopAgain() {
        let mailbox = Mailbox()
        let first = Timestamp(millisecondsSinceEpoch: 1_000), second = first.adding(milliseconds: 1)
        mailbox.deliver(.tick(first))
        #expect(ticks(mailbox.drain()) == [first])
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
        mailbox.deliver(.tick(second))
        #expect(readable(mailbox.wakeDescriptor, within: 0))
        #expect(ticks(mailbox.drain()) == [second])
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
    }

    @Test func anEffectWithNoAnswerWakesNobody() {
        let mailbox = Mailbox()
        mailbox.deliver(nil)
        #expect(!readable(mailbox.wakeDescriptor, within: 0))
        #expect(mailbox.drain().isEmpty)
    }
}
