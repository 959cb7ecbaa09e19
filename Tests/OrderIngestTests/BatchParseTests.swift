import Foundation
import OrderModel
@testable import OrderIngest
import OrderStore
import Synchronization
import Testing
import TestSupport

/// A batch parsed by helpers and by the thread that asks for it (`BatchParse`): the asker takes lines from the
/// back, so that what it parsed is the batch's last documents, which it frees itself once they are written.
@Suite struct BatchParseTests {
    /// Notes the thread that checks each order's token (orders told apart by their totals), and keeps the first
    /// order's check waiting until the batch's last order has been checked.
    final class ThreadRecordingVerifier: TokenVerifying {
        let firstTotal: Int64, lastTotal: Int64
        let threads = Mutex<[Int64: pthread_t]>([:])
        let firstStarted = DispatchSemaphore(value: 0), lastChecked = DispatchSemaphore(value: 0)

        init(firstTotal: Int64, lastTotal: Int64) {
            self.firstTotal = firstTotal
            self.lastTotal = lastTotal
        }

        func verify(_ token: PaymentTokenFields, orderTotal: Money, acceptedAt: Timestamp) -> TokenVerification {
            threads.withLock { $0[orderTotal.minorUnits] = pthread_self() }
            if orderTotal.minorUnits == firstTotal {
                firstStarted.signal()
                _ = lastChecked.wait(timeout: .now() + 10)
            }
            if orderTotal.minorUnits == lastTotal { lastChecked.signal() }
            return TokenVerification(outcome: .noKey, problem: "no key in this test")
        }
    }

    static func total(_ write: IngestWrite) -> Int64? {
        guard case .order(let order) = write else { return nil }
        return order.total.minorUnits
    }

    @Test func theAskerParsesFromTheBackAndFreesOnlyWhatItParsed() throws {
        // Given a batch of five orders (totals 1.00 to 5.00) with a blank and a refused line among them, whose first
        // order a helper is still checking when the batch is asked for (on one core there is no helper, and the asker
        // parses it all)
        let orders = (1...5).map { Fixture.order("ORD-\($0)", total: "\($0).00") }
        let texts = [orders[0], orders[1], "  ", "{\"type\":\"order\"}", orders[2], orders[3], orders[4]]
        let lines = texts.enumerated().map { Line(number: $0.offset + 1, bytes: ArraySlice(Array($0.element.utf8))) }
        let verifier = ThreadRecordingVerifier(firstTotal: 100, lastTotal: 500)
        let helper = DispatchQueue(label: "helper")
        let parse = BatchParse(lines, now: Timestamp(millisecondsSinceEpoch: 1_790_000_000_000), actor: Fixture.actor, verifier: verifier,
                               firstHelper: helper)
        let helpers = ProcessInfo.processInfo.activeProcessorCount > 1
        if helpers { #expect(verifier.firstStarted.wait(timeout: .now() + 10) == .success, "a helper took the first line") }

        // When the asker asks for the batch
        let asker = pthread_self()
        var batch = parse.result()

        // Then every order is there in line order, and the documents from `firstParsedByAsker` on are exactly those
        // whose lines the asker parsed: the batch's last
        let totals = batch.documents.compactMap { Self.total($0.write) }
        #expect(totals == [100, 200, 300, 400, 500])
        #expect(batch.rejected.map(\.line) == [4])
        let parsedHere = verifier.threads.withLock { threads in totals.map { pthread_equal(threads[$0]!, asker) != 0 } }
        let firstParsedByAsker = batch.firstParsedByAsker
        let first = try #require(firstParsedByAsker, "the asker parsed at least the batch's last line")
        #expect(parsedHere == totals.indices.map { $0 >= first })
        if helpers { #expect(parsedHere.first == false && parsedHere.last == true, "the helper parsed the first, the asker the last") }

        // And when the asker frees its own, the helpers' are left, in order
        batch.freeDocumentsParsedByAsker()
        #expect(batch.documents.compactMap { Self.total($0.write) } == Array(totals[..<first]))
        helper.sync {}
    }

    @Test func aBatchTheHelpersParsedLeavesTheAskerNothingToFree() throws {
        // Given a batch that the helpers have finished parsing before it is asked for (on one core, with no helper,
        // the asker parses it all)
        let lines = (1...4).map { Line(number: $0, bytes: ArraySlice(Array(Fixture.order("ORD-\($0)").utf8))) }
        let helper = DispatchQueue(label: "helper")
        let parse = BatchParse(lines, now: Timestamp(millisecondsSinceEpoch: 1_790_000_000_000), actor: Fixture.actor, verifier: nil,
                               firstHelper: helper)
        helper.sync {}
        // When it is asked for and the asker frees what it parsed
        var batch = parse.result()
        batch.freeDocumentsParsedByAsker()
        // Then the helpers' documents are all still there; the lone asker's are all freed
        let helpers = ProcessInfo.processInfo.activeProcessorCount > 1
        #expect(batch.documents.map(\.line) == (helpers ? [1, 2, 3, 4] : []))
    }
}
