import Foundation
import OrderStore

/// One input line and its number. `bytes` is nil for a line over the length limit, which is never kept.
struct Line: Sendable {
    var number: Int
    var bytes: ArraySlice<UInt8>?
}

/// Splits a file descriptor into lines without copying them: each read fills a buffer of its own, and the lines
/// in it are slices sharing that buffer. Only a line that spans two reads is copied. Memory stays bounded
/// whatever the input: a line over the limit is skipped up to its newline, not accumulated.
struct LineReader {
    static let readSize = 1 << 20

    let fileDescriptor: Int32
    let maximumLineBytes: Int
    private var lineNumber = 0
    /// The start of a line that the previous read cut off.
    private var carried: [UInt8] = []
    private var skippingLongLine = false

    init(fileDescriptor: Int32, maximumLineBytes: Int) {
        self.fileDescriptor = fileDescriptor
        self.maximumLineBytes = maximumLineBytes
    }

    /// The complete lines of the next read, and whether input has ended.
    mutating func next() throws(StoreError) -> (lines: [Line], ended: Bool) {
        var count = 0
        let buffer = [UInt8](unsafeUninitializedCapacity: Self.readSize) { storage, initialized in
            repeat { count = read(fileDescriptor, storage.baseAddress, Self.readSize) } while count < 0 && errno == EINTR
            initialized = max(0, count)
        }
        guard count >= 0 else { throw .cannotOpen(path: "input", reason: String(cString: strerror(errno))) }
        var lines: [Line] = []
        var start = 0
        while let newline = buffer.withUnsafeBufferPointer({ bytes -> Int? in
            guard start < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }) {
            lineNumber += 1
            lines.append(Line(number: lineNumber, bytes: complete(buffer[start..<newline])))
            start = newline + 1
        }
        let rest = buffer[start...]
        if count == 0 {
            if skippingLongLine || !carried.isEmpty {
                lineNumber += 1
                lines.append(Line(number: lineNumber, bytes: complete(rest)))
            }
            return (lines, true)
        }
        if !skippingLongLine {
            carried += rest
            if carried.count > maximumLineBytes {
                skippingLongLine = true
                carried = []
            }
        }
        return (lines, false)
    }

    /// The whole line ending with `tail`: nil when it is over the limit.
    private mutating func complete(_ tail: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        defer {
            carried = []
            skippingLongLine = false
        }
        if skippingLongLine || carried.count + tail.count > maximumLineBytes { return nil }
        return carried.isEmpty ? tail : ArraySlice(carried + tail)
    }
}
