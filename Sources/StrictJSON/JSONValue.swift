/// A value of a parsed `JSONDocument`. Reading it decodes only what is asked for.
public struct JSONValue: Sendable {
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    let storage: JSONDocument.Storage
    let index: Int

    private var node: Node { storage.nodes[index] }

    public var kind: Kind {
        switch node.kind {
        case .object: .object
        case .array: .array
        case .string, .escapedString: .string
        case .number: .number
        case .true, .false: .bool
        case .null: .null
        }
    }

    public var isNull: Bool { node.kind == .null }

    public var bool: Bool? {
        switch node.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// A number exactly as written (`-12.5e3`): amounts are decimal, so nothing here rounds through `Double`.
    public var numberText: String? {
        guard node.kind == .number else { return nil }
        return withRawBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// A string, unescaped.
    public var string: String? {
        switch node.kind {
        case .string: withRawBytes { String(decoding: $0, as: UTF8.self) }
        case .escapedString: withRawBytes { raw in String(unsafeUninitializedCapacity: raw.count) { JSONUnescaping.unescape(raw, into: $0) } }
        default: nil
        }
    }

    /// Hands `body` a string's UTF-8 without making a `String` of it: a secret can be checked where it lies.
    /// A string with escapes is unescaped into scratch space that is zeroed as soon as `body` returns.
    public func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        switch node.kind {
        case .string:
            return try withRawBytes(body)
        case .escapedString:
            var scratch = withRawBytes(JSONUnescaping.unescaped)
            defer {
                scratch.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            }
            return try scratch.withUnsafeBufferPointer(body)
        default:
            return nil
        }
    }

    private func withRawBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let node = self.node
        return try storage.bytes.withUnsafeBufferPointer { bytes in
            try body(UnsafeBufferPointer(rebasing: bytes[Int(node.offset)..<Int(node.offset + node.length)]))
        }
    }

    /// Members or elements of a container; 0 for anything else.
    public var count: Int { Int(node.count) }

    /// The value of an object's member `name`, or nil when the object has none (or this is not an object).
    /// Names are unique (the parser refuses repeats), so the first match is the only one.
    public func member(_ name: String) -> JSONValue? {
        guard node.kind == .object else { return nil }
        var name = name
        return name.withUTF8 { wanted in
            var index = self.index + 1
            for _ in 0..<count {
                let value = index + 1
                if JSONValue(storage: storage, index: index).hasText(wanted) { return JSONValue(storage: storage, index: value) }
                index = storage.nodes[value].next(after: value)
            }
            return nil
        }
    }

    /// Whether this string is `text`, compared without decoding it unless it has escapes.
    func hasText(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = self.node
        if node.kind == .string, Int(node.length) != text.count { return false }
        return withUTF8 { $0.elementsEqual(text) } ?? false
    }

    /// An object's members in the order written.
    public var members: [(name: String, value: JSONValue)] {
        guard node.kind == .object else { return [] }
        var members: [(name: String, value: JSONValue)] = []
        members.reserveCapacity(count)
        var index = self.index + 1
        for _ in 0..<count {
            members.append((JSONValue(storage: storage, index: index).string ?? "", JSONValue(storage: storage, index: index + 1)))
            index = storage.nodes[index + 1].next(after: index + 1)
        }
        return members
    }

    /// An array's elements in order.
    public var elements: [JSONValue] {
        guard node.kind == .array else { return [] }
        var elements: [JSONValue] = []
        elements.reserveCapacity(count)
        var index = self.index + 1
        for _ in 0..<count {
            elements.append(JSONValue(storage: storage, index: index))
            index = storage.nodes[index].next(after: index)
        }
        return elements
    }
}
