/// Strings: validated where they lie, decoded only when read.
extension JSONParser {
    /// A string starting at its opening quote: escapes and surrogate pairs checked, raw bytes below 0x20
    /// refused, and every byte of UTF-8 validated (no overlong forms, no encoded surrogates, nothing past
    /// U+10FFFF). Runs of plain ASCII are skipped eight bytes at a time.
    mutating func string() throws(JSONSyntaxError) {
        let quote = index
        index += 1
        var kind = Node.Kind.string
        while true {
            skipPlainASCII()
            guard index < bytes.count else { throw fail(.unterminatedString, at: quote) }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                nodes.append(Node(kind: kind, offset: UInt32(quote + 1), length: UInt32(index - quote - 1)))
                index += 1
                return
            case UInt8(ascii: "\\"):
                kind = .escapedString
                try escape()
            case ..<0x20:
                throw fail(.controlCharacter)
            default:
                repeat { try multibyteCharacter() } while index < bytes.count && bytes[index] >= 0x80
            }
        }
    }

    /// Skips bytes that need no attention: printable ASCII other than `"` and `\`. Sixteen at a time, as two
    /// words, while they last: a token's base64 is most of an order line.
    mutating func skipPlainASCII() {
        let raw = UnsafeRawBufferPointer(bytes)
        func attention(at offset: Int) -> UInt64 {
            SWAR.quoteBackslashControlOrHigh(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }
        var next = index
        while next + 16 <= bytes.count {
            let first = attention(at: next), second = attention(at: next + 8)
            guard first | second == 0 else {
                index = next + (first != 0 ? first.trailingZeroBitCount / 8 : 8 + second.trailingZeroBitCount / 8)
                return
            }
            next += 16
        }
        index = next
        while index + 8 <= bytes.count {
            let found = attention(at: index)
            guard found == 0 else {
                index += found.trailingZeroBitCount / 8
                return
            }
            index += 8
        }
        while index < bytes.count, Self.isPlain(bytes[index]) { index += 1 }
    }

    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
    }

    /// One escape, from its backslash. `\u` escapes of surrogates must come as a high-low pair.
    mutating func escape() throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw fail(.unterminatedString) }
        switch bytes[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 1
        case UInt8(ascii: "u"):
            let unit = try hex4(at: index + 1)
            index += 5
            switch unit {
            case 0xD800..<0xDC00:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
                      (0xDC00..<0xE000).contains(try hex4(at: index + 2))
                else { throw fail(.loneSurrogate, at: start) }
                index += 6
            case 0xDC00..<0xE000:
                throw fail(.loneSurrogate, at: start)
            default:
                break
            }
        default:
            throw fail(.unknownEscape, at: start)
        }
    }

    /// Four hex digits at `position`.
    func hex4(at position: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail(.badUnicodeEscape, at: position) }
        var value: UInt32 = 0
        for offset in position..<position + 4 {
            guard let digit = JSONUnescaping.hexDigit(bytes[offset]) else { throw fail(.badUnicodeEscape, at: offset) }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// One UTF-8 sequence of two to four bytes, as the Unicode Standard's table of well-formed sequences
    /// (Table 3-7) allows them.
    mutating func multibyteCharacter() throws(JSONSyntaxError) {
        let lead = bytes[index]
        let length: Int, second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw fail(.invalidUTF8)
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { throw fail(.invalidUTF8) }
        for offset in index + 2..<index + length where bytes[offset] & 0xC0 != 0x80 {
            throw fail(.invalidUTF8, at: offset)
        }
        index += length
    }
}

/// Turning a validated string's bytes into what they mean.
enum JSONUnescaping {
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Writes the UTF-8 that a string's contents (between its quotes) stand for into `out`, which must hold
    /// `raw.count` bytes (unescaping never lengthens), and returns how many it wrote. The parser has already
    /// checked every escape, so nothing here can fail. Runs without escapes are copied whole.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var index = 0, written = 0
        while index < raw.count {
            let end = SWAR.firstBackslash(in: raw, from: index)
            if end > index, let from = raw.baseAddress, let to = out.baseAddress {
                (to + written).initialize(from: from + index, count: end - index)
                written += end - index
            }
            guard end + 1 < raw.count else { break }
            let escape = raw[end + 1]
            index = end + 2
            var scalar: UInt32
            switch escape {
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                scalar = hex4(raw, at: index)
                index += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(raw, at: index + 2) &- 0xDC00)
                    index += 6
                }
            default: scalar = UInt32(escape)
            }
            written += writeUTF8(scalar, to: out, at: written)
        }
        return written
    }

    /// A string's contents unescaped into a new array.
    static func unescaped(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: raw.count) { out, count in count = unescape(raw, into: out) }
    }

    static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in position..<min(position + 4, raw.count) { value = value << 4 | UInt32(hexDigit(raw[offset]) ?? 0) }
        return value
    }

    /// Writes one scalar as UTF-8 at `position`, returning its length.
    static func writeUTF8(_ scalar: UInt32, to out: UnsafeMutableBufferPointer<UInt8>, at position: Int) -> Int {
        switch scalar {
        case ..<0x80:
            out[position] = UInt8(scalar)
            return 1
        case ..<0x800:
            out[position] = UInt8(0xC0 | scalar >> 6)
            out[position + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case ..<0x10000:
            out[position] = UInt8(0xE0 | scalar >> 12)
            out[position + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[position + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            out[position] = UInt8(0xF0 | scalar >> 18)
            out[position + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            out[position + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            out[position + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}

/// Eight bytes at a time, with the classic "has a zero byte" and "has a byte less than n" tests. Their
/// lowest flagged byte is always exact (a false flag can only follow a true one), so the number of trailing
/// zero bits says where the first byte of interest is.
enum SWAR {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080

    static func zeroBytes(_ word: UInt64) -> UInt64 { (word &- ones) & ~word & highs }

    /// The high bit of each byte that is `"`, `\`, below 0x20 or not ASCII, in a little-endian word. (A byte
    /// below 0x20 less 0x20 wraps to 0x80 or more, and one of 0x80 or more has the bit already.)
    static func quoteBackslashControlOrHigh(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C)) | ((word &- ones &* 0x20) | word) & highs
    }

    /// The index of the first `\` in `raw` at or after `start`, or `raw.count`.
    static func firstBackslash(in raw: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        let words = UnsafeRawBufferPointer(raw)
        while index + 8 <= raw.count {
            let found = zeroBytes(UInt64(littleEndian: words.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* 0x5C))
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < raw.count, raw[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }
}
