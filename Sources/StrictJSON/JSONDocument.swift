/// One JSON text, read exactly as RFC 8259 defines it, and nothing else: what PayDesk reads from outside (ingest
/// lines, token files, decrypted payment data) all comes through here, so there is one grammar to trust.
///
/// Parsing validates everything at once (grammar, UTF-8, escapes, duplicate member names, depth) and records
/// where each value lies in the input, without copying any of it: strings are decoded only when a reader asks
/// for them, so a value nobody reads (a card number that is only checked) is never copied into a `String`.
public struct JSONDocument: Sendable {
    /// Containers nest at most this deep; hostile input cannot exhaust the stack.
    public static let maximumDepth = 32

    /// What a UTF-8 byte-order mark (EF BB BF) at the very start of the input means. RFC 8259 lets a parser
    /// ignore one; anywhere else it is an error, as any other unexpected byte is.
    public enum ByteOrderMark: Sendable {
        case skipped
        case refused
    }

    let storage: Storage

    public init(parsing bytes: ArraySlice<UInt8>, byteOrderMark: ByteOrderMark = .skipped) throws(JSONSyntaxError) {
        guard bytes.count < Int(UInt32.max) else { throw JSONSyntaxError(offset: 0, reason: .tooLarge) }
        let nodes = try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> [Node] in
            var parser = JSONParser(bytes: buffer)
            try parser.parseDocument(byteOrderMark: byteOrderMark)
            return parser.nodes
        }
        storage = Storage(bytes: bytes, nodes: nodes)
    }

    public init(parsing bytes: [UInt8], byteOrderMark: ByteOrderMark = .skipped) throws(JSONSyntaxError) {
        try self.init(parsing: bytes[...], byteOrderMark: byteOrderMark)
    }

    /// The one value the text holds.
    public var root: JSONValue { JSONValue(storage: storage, index: 0) }

    /// The input and where each value lies in it. Immutable once parsed.
    final class Storage: Sendable {
        let bytes: ArraySlice<UInt8>
        let nodes: [Node]

        init(bytes: ArraySlice<UInt8>, nodes: [Node]) {
            self.bytes = bytes
            self.nodes = nodes
        }
    }
}

/// Where a JSON text goes wrong: the byte offset (from 0) and a fixed reason. It never quotes the input, which
/// may hold a card number.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Reason: String, Sendable, CaseIterable {
        case unexpectedEnd = "unexpected end"
        case unexpectedCharacter = "unexpected character"
        case unexpectedByteOrderMark = "unexpected byte order mark"
        case trailingText = "unexpected text after the value"
        case expectedMemberName = "expected a member name"
        case expectedColon = "expected ':'"
        case expectedCommaOrBrace = "expected ',' or '}'"
        case expectedCommaOrBracket = "expected ',' or ']'"
        case duplicateMemberName = "member name repeated in its object"
        case nestedTooDeeply = "nested too deeply"
        case expectedDigit = "expected a digit"
        case leadingZero = "a number cannot have a leading zero"
        case unterminatedString = "unterminated string"
        case controlCharacter = "control character in a string"
        case invalidUTF8 = "not valid UTF-8"
        case unknownEscape = "unknown escape"
        case badUnicodeEscape = "bad \\u escape"
        case loneSurrogate = "lone surrogate"
        case tooLarge = "larger than 4 GiB"
    }

    public var offset: Int
    public var reason: Reason

    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// `expected ':' at byte 12`, counting bytes from 1 as editors count columns.
    public var description: String { "\(reason.rawValue) at byte \(offset + 1)" }
}

/// One value in the input. Containers are followed by their contents, so a subtree is a run of nodes.
struct Node {
    enum Kind: UInt8 {
        case object, array, string, escapedString, number, `true`, `false`, null
    }

    var kind: Kind
    /// Where the value starts in the input; for a string, the first byte after its opening quote.
    var offset: UInt32
    /// Bytes of a scalar (a string's without its quotes); for a container, the nodes of its contents.
    var length: UInt32
    /// Members or elements of a container; for a member's name, the nodes of the member (its name and its
    /// value), so that a look-up steps from name to name.
    var count: UInt32 = 0

    /// The index of the node after this one's subtree.
    func next(after index: Int) -> Int {
        switch kind {
        case .object, .array: index + 1 + Int(length)
        default: index + 1
        }
    }
}
