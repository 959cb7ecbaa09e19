/// RFC 8259's grammar over bytes, recording each value as a `Node`. Nothing is copied or decoded here: strings
/// are validated in place (escapes, surrogate pairs, UTF-8), numbers checked against the grammar and kept as
/// the bytes they are.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var nodes: [Node] = []
    var names = DuplicateNameFinder()

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // About one value per 12 bytes in an order line: one allocation for most documents.
        nodes.reserveCapacity(bytes.count / 12 + 4)
    }

    func fail(_ reason: JSONSyntaxError.Reason, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, reason: reason)
    }

    mutating func parseDocument(byteOrderMark: JSONDocument.ByteOrderMark) throws(JSONSyntaxError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            guard byteOrderMark == .skipped else { throw fail(.unexpectedByteOrderMark) }
            index = 3
        }
        skipWhitespace()
        try value(depth: 0)
        skipWhitespace()
        guard index == bytes.count else { throw fail(.trailingText) }
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws(JSONSyntaxError) {
        guard depth < JSONDocument.maximumDepth else { throw fail(.nestedTooDeeply) }
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true", .true)
        case UInt8(ascii: "f"): try literal("false", .false)
        case UInt8(ascii: "n"): try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
            throw fail(.unexpectedByteOrderMark)
        default: throw fail(.unexpectedCharacter)
        }
    }

    mutating func literal(_ word: StaticString, _ kind: Node.Kind) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail(.unexpectedEnd) }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail(.unexpectedCharacter, at: index + offset)
        }
        nodes.append(Node(kind: kind, offset: UInt32(index), length: UInt32(count)))
        index += count
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) {
        let start = nodes.count
        nodes.append(Node(kind: .object, offset: UInt32(index), length: 0))
        index += 1
        skipWhitespace()
        var count: UInt32 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                guard index < bytes.count else { throw fail(.unexpectedEnd) }
                guard bytes[index] == UInt8(ascii: "\"") else { throw fail(.expectedMemberName) }
                let name = nodes.count
                try string()
                skipWhitespace()
                guard index < bytes.count else { throw fail(.unexpectedEnd) }
                guard bytes[index] == UInt8(ascii: ":") else { throw fail(.expectedColon) }
                index += 1
                skipWhitespace()
                try value(depth: depth + 1)
                nodes[name].count = UInt32(nodes.count - name)
                count += 1
                skipWhitespace()
                guard index < bytes.count else { throw fail(.unexpectedEnd) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    continue
                }
                guard bytes[index] == UInt8(ascii: "}") else { throw fail(.expectedCommaOrBrace) }
                index += 1
                break
            }
        }
        nodes[start].length = UInt32(nodes.count - start - 1)
        nodes[start].count = count
        if count > 1, let repeated = names.firstRepeated(inObjectAt: start, nodes: nodes, bytes: bytes) {
            throw fail(.duplicateMemberName, at: repeated)
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) {
        let start = nodes.count
        nodes.append(Node(kind: .array, offset: UInt32(index), length: 0))
        index += 1
        skipWhitespace()
        var count: UInt32 = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                try value(depth: depth + 1)
                count += 1
                skipWhitespace()
                guard index < bytes.count else { throw fail(.unexpectedEnd) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    skipWhitespace()
                    continue
                }
                guard bytes[index] == UInt8(ascii: "]") else { throw fail(.expectedCommaOrBracket) }
                index += 1
                break
            }
        }
        nodes[start].length = UInt32(nodes.count - start - 1)
        nodes[start].count = count
    }

    /// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`, nothing more.
    mutating func number() throws(JSONSyntaxError) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail(index < bytes.count ? .expectedDigit : .unexpectedEnd) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail(.leadingZero, at: index - 1) }
        } else {
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
        nodes.append(Node(kind: .number, offset: UInt32(start), length: UInt32(index - start)))
    }

    /// One or more digits.
    mutating func digits() throws(JSONSyntaxError) {
        guard index < bytes.count else { throw fail(.unexpectedEnd) }
        guard isDigit(bytes[index]) else { throw fail(.expectedDigit) }
        repeat { index += 1 } while index < bytes.count && isDigit(bytes[index])
    }

    func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
