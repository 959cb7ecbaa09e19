/// A minimal JSON writer: objects, arrays, strings, integers, booleans. Nil members are left out unless asked
/// to be `null`. It writes UTF-8 into a buffer of its own, copying each string's runs that need no escape whole,
/// and makes one String (or byte array) at the end. (An array's appends cost more than the copies: a uniqueness
/// check and a capacity check each.)
struct JSONText: ~Copyable {
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var needsComma = false

    init() { buffer = .allocate(capacity: 2048) }

    deinit { buffer.deallocate() }

    var text: String { String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self) }

    /// The text as UTF-8, valid as it was written from Strings: for the store, which takes it as it is, where a
    /// String would check every byte again.
    var utf8: [UInt8] { Array(buffer[..<count]) }

    mutating func object(_ body: (inout JSONText) -> Void) {
        append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func object(_ key: StaticString, _ body: (inout JSONText) -> Void) {
        name(key)
        object(body)
    }

    mutating func array<T>(_ key: StaticString, _ elements: [T], _ write: (inout JSONText, T) -> Void) {
        name(key)
        append(UInt8(ascii: "["))
        needsComma = false
        for element in elements {
            if needsComma { append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    /// A member that is written `null` when nil: for a reader that expects the name either way.
    mutating func member(_ key: StaticString, orNull value: String?) {
        guard let value else {
            name(key)
            append("null")
            needsComma = true
            return
        }
        member(key, value)
    }

    mutating func member(_ key: StaticString, _ values: [String]) {
        array(key, values) { out, value in out.string(value) }
    }

    mutating func member(_ key: StaticString, _ value: Int64) {
        name(key)
        if value < 0 { append(UInt8(ascii: "-")) }
        let start = count
        var rest = value.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        buffer[start..<count].reverse()
        needsComma = true
    }

    mutating func member(_ key: StaticString, _ value: Bool) {
        name(key)
        append(value ? "true" : "false")
        needsComma = true
    }

    /// A member's name: one of the literals above, which need no escapes.
    private mutating func name(_ key: StaticString) {
        if needsComma { append(UInt8(ascii: ",")) }
        append(UInt8(ascii: "\""))
        append(key)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// `"`, `\` and the controls below U+0020 escaped (`\u001b`), everything else as it is.
    private mutating func string(_ value: String) {
        append(UInt8(ascii: "\""))
        value.withUTF8Bytes { utf8 in
            var plain = 0, index = Self.firstNeedingEscape(in: utf8, from: 0)
            while index < utf8.count {
                append(UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                let byte = utf8[index]
                append(UInt8(ascii: "\\"))
                if byte < 0x20 {
                    append("u00")
                    append(Self.hexDigits[Int(byte >> 4)])
                    append(Self.hexDigits[Int(byte & 0xF)])
                } else {
                    append(byte)
                }
                plain = index + 1
                index = Self.firstNeedingEscape(in: utf8, from: plain)
            }
            append(UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// The index of the first byte at or after `start` that `string` escapes, or `utf8.count`: eight bytes at a
    /// time, as a word whose bytes are flagged in their high bit. A borrow can flag a byte above one that needs
    /// an escape, never one below it, so the lowest flag is exact. Byte by byte, this test took a third of the
    /// instructions that writing an order's details did.
    private static func firstNeedingEscape(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs = ones &* 0x80
        func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }
        var index = start
        let raw = UnsafeRawBufferPointer(utf8)
        while index + 8 <= utf8.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let flagged = zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | zeroBytes(word & (ones &* 0xE0))
            if flagged != 0 { return index + flagged.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < utf8.count, !needsEscape(utf8[index]) { index += 1 }
        return index
    }

    private static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
    private static let hexDigits = Array("0123456789abcdef".utf8)

    @inline(__always) private mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always) private mutating func append(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    @inline(__always) private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (buffer.baseAddress! + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func reserve(_ more: Int) {
        guard count + more > buffer.count else { return }
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(2 * buffer.count, count + more))
        larger.baseAddress!.initialize(from: buffer.baseAddress!, count: count)
        buffer.deallocate()
        buffer = larger
    }
}
