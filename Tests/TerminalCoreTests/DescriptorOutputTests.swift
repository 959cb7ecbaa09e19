import Foundation
import Testing
@testable import TerminalCore

@Suite struct DescriptorOutputTests {
    /// A socket pair whose writing end is non-blocking and holds little, and whose other end nobody reads.
    func fullSocket() throws -> (write: Int32, read: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        var small: Int32 = 1024
        setsockopt(ends[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    @Test func aStopEndsTheWaitForADescriptorThatTakesNothingMore() throws {
        // Given a descriptor that fills and is never read
        let socket = try fullSocket()
        defer { close(socket.write); close(socket.read) }
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        // When a stop is asked for while the write waits (the fourth time it asks)
        var asked = 0
        let problem = bytes.withUnsafeBytes { DescriptorOutput.writeAll($0, to: socket.write, stopping: { asked += 1; return asked > 3 }) }
        // Then the write ends, saying why, instead of waiting for ever
        #expect(problem == EINTR)
        #expect(asked == 4)
    }

    @Test func withAStopAlreadyAskedForOnlyWhatGoesAtOnceIsWritten() throws {
        let socket = try fullSocket()
        defer { close(socket.write); close(socket.read) }
        // A few bytes go at once; a megabyte does not, and is not waited for
        let few = Array("\u{1B}[m".utf8)
        #expect(few.withUnsafeBytes { DescriptorOutput.writeAll($0, to: socket.write, stopping: { true }) } == nil)
        let many = [UInt8](repeating: 0, count: 1 << 20)
        #expect(many.withUnsafeBytes { DescriptorOutput.writeAll($0, to: socket.write, stopping: { true }) } == EINTR)
    }

    @Test func aDescriptorThatCannotBeWrittenIsNamedByItsError() {
        let bytes = Array("hello".utf8)
        #expect(bytes.withUnsafeBytes { DescriptorOutput.writeAll($0, to: -1) } == EBADF)
        #expect([UInt8]().withUnsafeBytes { DescriptorOutput.writeAll($0, to: -1) } == nil)
    }
}
