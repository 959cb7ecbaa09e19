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
            var plain = 0
            for index in utf8.indices where Self.needsEscape(utf8[index]) {
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
            }
            append(UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    private static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func append(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
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
