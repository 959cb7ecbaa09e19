import Foundation
import OrderModel
@testable import OrderStore
@testable import OrderIngest
import StrictJSON

/// One `paydesk ingest` input: split into lines as `LineReader` splits it, then parsed and validated as
/// `Ingester` does before it takes the store's lock. Beyond not crashing, what ingest promises is checked:
/// every refusal is one line of text without terminal controls, and an accepted order's details are written
/// as JSON that reads back strictly and decodes to the same details.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzIngestLine(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: count))
    let lines = input.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated().map { index, bytes in
        Line(number: index + 1, bytes: bytes.count > Ingester.maximumLineBytes ? nil : bytes)
    }
    // Line by line on this thread, as each of ingest's parsing threads takes them: the fuzzer stays deterministic.
    for line in lines {
        switch Ingester.parse(line, now: Timestamp(millisecondsSinceEpoch: 1_795_253_400_000), actor: Actor(login: "fuzz"), verifier: nil) {
        case .blank:
            continue
        case .rejected(let problem):
            let text = problem.description
            precondition(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a refusal that is not one plain line")
        case .document(let document):
            guard case .order(let order) = document else { continue }
            // The store takes the details' bytes as text without checking them: they must be UTF-8.
            guard let text = String(validating: order.details, as: UTF8.self) else { preconditionFailure("details that are not UTF-8") }
            precondition((try? JSONDocument(parsing: order.details)) != nil, "details that are not strict JSON")
            let details = try? OrderDetails.decode(text)
            precondition(details != nil && details?.jsonUTF8 == order.details, "details that do not read back")
        }
    }
    return 0
}
