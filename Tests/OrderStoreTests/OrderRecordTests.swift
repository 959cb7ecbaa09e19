import Foundation
import GRDB
import Testing
import OrderModel
@testable import OrderStore
import TestSupport

/// Payment events read their order by column position and without its details (`OrderRecord.fetch(orderId:)`),
/// for speed; it must read exactly what GRDB's Codable decoding by column name reads, but for the details.
@Suite struct OrderRecordTests {
    @Test func theOrderReadByPositionIsTheOrderReadByName() throws {
        // Given an order with a processor reference, paid, a refund in flight and a cancel's columns unset
        let store = try Fixture.store()
        try Fixture.paidOrder("REC-1", in: store)
        let cny = try #require(Currency(code: "CNY"))
        _ = try store.requestRefund(orderId: "REC-1", amount: Money(minorUnits: 4_000, currency: cny), reason: .other, actor: Fixture.actor)
        try store.database.read { db in
            // When it is read both ways
            var byPosition = try #require(try OrderRecord.fetch(orderId: "REC-1", db))
            let byName = try #require(try OrderRecord.filter(OrderRecord.Columns.orderId == "REC-1").fetchOne(db))
            // Then the details are left unread, and every other field is the same
            #expect(byPosition.details == nil && byName.details?.isEmpty == false)
            byPosition.details = byName.details
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            #expect(try encoder.encode(byPosition) == encoder.encode(byName))
            #expect(byPosition.refundsInFlight == 4_000 && byPosition.processorReference == "ch_1" && byPosition.status == .paid)
        }
        // And an order that is not there is nil
        #expect(try store.database.read { try OrderRecord.fetch(orderId: "REC-2", $0) } == nil)
    }
}
