import Foundation
import OrderIngest
import OrderModel
import OrderStore

// Work that must stay constant per event, and writers that must not lock each other out (issue 14, finding 5).

/// One order of `total` JPY, charged, as ingest lines.
func paidOrderLines(_ orderId: String, total: Int) -> [String] {
    let token = #"{"paymentData":{"version":"EC_v1","data":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==","signature":"AAEC","header":{"ephemeralPublicKey":"BAQE","publicKeyHash":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=","transactionId":"abcd"}},"paymentMethod":{"displayName":"Visa 0224","network":"visa","type":"debit"},"transactionIdentifier":"ABCD"}"#
    return [
        #"{"type":"order","orderId":"\#(orderId)","createdAt":"2026-11-21T09:30:00Z","merchantIdentifier":"merchant.com.example","countryCode":"JP","currencyCode":"JPY","supportedNetworks":["visa"],"merchantCapabilities":["supports3DS"],"summaryItems":[{"label":"Tea","amount":"\#(total)"},{"label":"Shop","amount":"\#(total)"}],"token":\#(token)}"#,
        #"{"type":"payment_event","orderId":"\#(orderId)","event":"charge_submitted","at":"2026-11-21T09:31:00Z","processorReference":"ch_1"}"#,
        #"{"type":"payment_event","orderId":"\#(orderId)","event":"charge_succeeded","at":"2026-11-21T09:31:02Z","processorReference":"ch_1"}"#,
    ]
}

/// `count` refunds reported by the processor on one order, `chunk` at a time: each chunk should take what the
/// first took, whatever the order already holds.
func refundEventsOnOneOrder(count: Int, chunk: Int) throws {
    let path = folder.appendingPathComponent("contention-refunds.sqlite").path
    removeStore(path)
    let store = try PayDeskStore.create(at: path, clock: { now })
    let ingester = Ingester(store: store, actor: actor, onProblem: { print("    rejected: \($0)") })
    try ingester.ingest(lines: paidOrderLines("ONE-ORDER", total: count))
    print("  \(count) refund_succeeded events on one order, \(chunk) at a time:")
    for first in stride(from: 0, to: count, by: chunk) {
        let lines = (first..<first + chunk).map { index in
            #"{"type":"payment_event","orderId":"ONE-ORDER","event":"refund_succeeded","at":"2026-11-21T10:00:00Z","refundId":"re_dash_\#(index)","amount":"1"}"#
        }
        let elapsed = try seconds { try ingester.ingest(lines: lines) }
        print("    events \(first + 1)-\(first + chunk): \(String(format: "%.2f", elapsed)) s = \(Int(Double(chunk) / elapsed)) events/s")
    }
    let detail = try store.order("ONE-ORDER")
    print("  the order ends \(detail.summary.status.rawValue), \(detail.refunds.count) refunds, rejected \(ingester.summary.rejected)")
    removeStore(path)
}

/// An operator refunding 1 JPY every 50 ms from a connection of their own while ingest writes the `orders` orders of
/// `linesPath`: how long each refund waits for the store.
func operatorRefundLatencyDuringIngest(linesPath: String, orders: Int) throws {
    let path = folder.appendingPathComponent("contention-latency.sqlite").path
    removeStore(path)
    let store = try PayDeskStore.create(at: path, clock: { now })
    try Ingester(store: store, actor: actor, onProblem: { print("    rejected: \($0)") }).ingest(lines: paidOrderLines("OPERATOR-1", total: 1_000_000))
    let operatorStore = try PayDeskStore(path: path, clock: { now })
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var ingestSeconds = 0.0
    Thread.detachNewThread {
        ingestSeconds = (try? seconds { _ = try ingest(linesPath, into: path) }) ?? -1
        finished.signal()
    }
    var latencies: [Double] = []
    var failures = 0
    // At least one refund, however soon ingest ends: a smoke run's ends in milliseconds.
    repeat {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try operatorStore.requestRefund(orderId: "OPERATOR-1", amount: Money(minorUnits: 1, currency: Currency(code: "JPY")!),
                                            reason: .other, actor: Actor(login: "operator"))
        } catch {
            failures += 1
        }
        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    } while finished.wait(timeout: .now() + .milliseconds(50)) == .timedOut
    print("  ingest of \(orders) orders took \(String(format: "%.1f", ingestSeconds)) s; meanwhile \(latencies.count) operator refunds, \(failures) failed:")
    report("operator refund during ingest", latencies)
    removeStore(path)
}
