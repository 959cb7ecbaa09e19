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
        case .escapedString:
            // Unescaped into scratch space first: making a String of bytes known to be ASCII is a copy, of any
            // other bytes a check of every one.
            withRawBytes { raw in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { scratch in
                    String(decoding: UnsafeBufferPointer(rebasing: scratch[..<JSONUnescaping.unescape(raw, into: scratch)]), as: UTF8.self)
                }
            }
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
    public var count: Int {
        switch node.kind {
        case .object, .array: Int(node.count)
        default: 0
        }
    }

    /// The value of an object's member `name`, or nil when the object has none (or this is not an object).
    /// Names are unique (the parser refuses repeats), so the first match is the only one.
    public func member(_ name: String) -> JSONValue? {
        guard node.kind == .object else { return nil }
        let found = name.utf8.withContiguousStorageIfAvailable { storage.member(named: $0, inObjectAt: index) }
            ?? Array(name.utf8).withUnsafeBufferPointer { storage.member(named: $0, inObjectAt: index) }
        return found.map { JSONValue(storage: storage, index: $0) }
    }

    /// `member(_:)` for a name written in the source, as a reader of a known format asks: its bytes compared as
    /// the literal holds them, with no `String` to retain and release on each of the dozens of look-ups a
    /// document takes.
    public func member(_ name: StaticString) -> JSONValue? {
        guard node.kind == .object else { return nil }
        let found = name.withUTF8Buffer { storage.member(named: $0, inObjectAt: index) }
        return found.map { JSONValue(storage: storage, index: $0) }
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
        var elements: [JSONValue] = []
        elements.reserveCapacity(count)
        forEachElement { elements.append($0) }
        return elements
    }

    /// Hands `body` an array's elements in order, without collecting them first.
    public func forEachElement<Failure: Error>(_ body: (JSONValue) throws(Failure) -> Void) throws(Failure) {
        guard node.kind == .array else { return }
        var index = self.index + 1
        for _ in 0..<count {
            try body(JSONValue(storage: storage, index: index))
            index = storage.nodes[index].next(after: index)
        }
    }

    /// The member names and element positions that lead from the document's root to this value: for a message
    /// that says where a value is, worked out only when one is needed.
    public var path: [JSONPathComponent] { storage.path(to: index) }
}

/// One step from a container to a value in it.
public enum JSONPathComponent: Equatable, Sendable {
    case member(String)
    case element(Int)
}

extension JSONDocument.Storage {
    /// The node of the value of the member named `name` in the object at node `object`. Names are compared
    /// where they lie, a length first, unless they have escapes.
    func member(named name: UnsafeBufferPointer<UInt8>, inObjectAt object: Int) -> Int? {
        nodes.withUnsafeBufferPointer { nodes in
            bytes.withUnsafeBufferPointer { bytes in
                var index = object + 1
                for _ in 0..<nodes[object].count {
                    let key = nodes[index]
                    if key.kind == .escapedString || Int(key.length) == name.count {
                        let raw = UnsafeBufferPointer(rebasing: bytes[Int(key.offset)..<Int(key.offset + key.length)])
                        if key.kind == .string ? Self.equal(raw, name)
                            : JSONUnescaping.unescaped(raw).withUnsafeBufferPointer({ $0.count == name.count && Self.equal($0, name) }) {
                            return index + 1
                        }
                    }
                    index += Int(key.count)
                }
                return nil
            }
        }
    }

    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 0..<a.count where a[offset] != b[offset] { return false }
        return true
    }

    /// The way from the root to node `target`, found by going down into the container that holds it, whose
    /// contents are the run of nodes that follows it.
    func path(to target: Int) -> [JSONPathComponent] {
        var path: [JSONPathComponent] = []
        var container = 0
        descending: while container < target {
            let isObject = nodes[container].kind == .object
            var child = container + 1
            for position in 0..<Int(nodes[container].count) {
                let value = isObject ? child + 1 : child
                let next = nodes[value].next(after: value)
                if target < next {
                    path.append(isObject ? .member(JSONValue(storage: self, index: child).string ?? "") : .element(position))
                    container = value
                    continue descending
                }
                child = next
            }
            break
        }
        return path
    }
}
