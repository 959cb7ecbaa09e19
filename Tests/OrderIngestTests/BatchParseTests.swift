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
    /// Notes the thread that checks each order's token (orders told apart by their totals), and keeps the check of
    /// the order of `firstTotal` waiting until the order of `lastTotal` has been checked.
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

    static let now = Timestamp(millisecondsSinceEpoch: 1_790_000_000_000)

    @Test func theAskerParsesFromTheBackAndFreesOnlyWhatItParsed() throws {
        // Given a batch of five orders (totals 1.00 to 5.00), with a blank and a refused line after the first, and
        // one helper, still checking the first order's token when the batch is asked for, until the asker has
        // checked the second's (the last line it can claim that holds an order)
        let orders = (1...5).map { Fixture.order("ORD-\($0)", total: "\($0).00") }
        let texts = [orders[0], "  ", "{\"type\":\"order\"}", orders[1], orders[2], orders[3], orders[4]]
        let lines = texts.enumerated().map { Line(number: $0.offset + 1, bytes: ArraySlice(Array($0.element.utf8))) }
        let verifier = ThreadRecordingVerifier(firstTotal: 100, lastTotal: 200)
        let helper = DispatchQueue(label: "helper")
        let parse = BatchParse(lines, now: Self.now, actor: Fixture.actor, verifier: verifier, firstHelper: helper, helpers: 1)
        #expect(verifier.firstStarted.wait(timeout: .now() + 10) == .success, "the helper took the first line")

        // When the asker asks for the batch
        let asker = pthread_self()
        var batch = parse.result()

        // Then every order is there in line order, the first parsed by the helper and the others by the asker, and
        // the documents from `firstParsedByAsker` on are the asker's (whoever took the blank and refused lines)
        let totals = batch.documents.compactMap { Self.total($0.write) }
        #expect(totals == [100, 200, 300, 400, 500])
        #expect(batch.rejected.map(\.line) == [3])
        let parsedHere = verifier.threads.withLock { threads in totals.map { pthread_equal(threads[$0]!, asker) != 0 } }
        #expect(parsedHere == [false, true, true, true, true])
        #expect(batch.firstParsedByAsker == 1)

        // And when the asker frees its own, the helper's are left
        batch.freeDocumentsParsedByAsker()
        #expect(batch.documents.compactMap { Self.total($0.write) } == [100])
        helper.sync {}
    }

    @Test func anAskerWithoutHelpersFreesTheWholeBatch() throws {
        // Given a batch with no helper, whose last line is refused
        let lines = (1...3).map { Line(number: $0, bytes: ArraySlice(Array(Fixture.order("ORD-\($0)").utf8))) }
            + [Line(number: 4, bytes: ArraySlice(Array("{}".utf8)))]
        let parse = BatchParse(lines, now: Self.now, actor: Fixture.actor, verifier: nil, helpers: 0)
        // When it is asked for, Then the asker parsed every line, and frees every document
        var batch = parse.result()
        #expect(batch.firstParsedByAsker == 0 && batch.documents.map(\.line) == [1, 2, 3])
        batch.freeDocumentsParsedByAsker()
        #expect(batch.documents.isEmpty && batch.rejected.map(\.line) == [4])
    }

    @Test func aBatchTheHelperParsedLeavesTheAskerNothingToFree() throws {
        // Given a batch that its helper has finished parsing before it is asked for
        let lines = (1...4).map { Line(number: $0, bytes: ArraySlice(Array(Fixture.order("ORD-\($0)").utf8))) }
        let helper = DispatchQueue(label: "helper")
        let parse = BatchParse(lines, now: Self.now, actor: Fixture.actor, verifier: nil, firstHelper: helper, helpers: 1)
        helper.sync {}
        // When it is asked for and the asker frees what it parsed
        var batch = parse.result()
        batch.freeDocumentsParsedByAsker()
        // Then the helper's documents are all still there
        #expect(batch.firstParsedByAsker == nil && batch.documents.map(\.line) == [1, 2, 3, 4])
    }
}
