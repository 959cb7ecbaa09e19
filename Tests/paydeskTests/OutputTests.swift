import Foundation
import Testing
import TestSupport
@testable import paydesk

@Suite struct OutputTests {
    @Test func everythingReachesAPipeLeftNonBlocking() throws {
        // Given standard output as a pipe another program left non-blocking (ssh does so to the terminal it
        // shares), read slowly
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let reader = SlowReader(ends[0])
        // When far more than the pipe holds is written
        let text = (1...20_000).map { "TEA-\($0) 王小明 128.00 CNY" }.joined(separator: "\n")
        try Output.write(text, to: ends[1], name: "standard output")
        close(ends[1])
        // Then all of it arrived, in order, rather than a write error at the first full pipe
        let received = try #require(reader.finish())
        #expect(received == Array(text.utf8))
    }
}
