/// Finds a member name that an object repeats. Which of two values would count is a guess, so a repeated
/// name is an error in every object, wherever it is. Names are hashed into a table with Swift's `Hasher`
/// (seeded anew in every process, so input cannot be built to collide), which keeps the check linear: an
/// object of 30,000 members costs 30,000 insertions, not 450 million comparisons. An object of a few members
/// is checked pairwise instead (at most `pairwiseLimit` names, so at most 120 comparisons, most of them of the
/// lengths alone, still linear in the input), since hashing each name cost a fifth of the parse of an order line,
/// whose own object has 15 members. The table and its scratch space are reused from object to object.
struct DuplicateNameFinder {
    static let pairwiseLimit = 16

    /// A name: where its bytes are, in the input or (for names with escapes) unescaped in `unescaped`.
    private struct Name {
        var start: Int
        var count: Int
        var isUnescaped: Bool
        /// The opening quote, for the error.
        var quote: Int
    }

    /// Index + 1 into `names` of the name in each slot; 0 is empty.
    private var slots: [Int32] = []
    private var names: [Name] = []
    private var unescaped: [UInt8] = []

    /// The offset of the first name that repeats an earlier one in the object whose node is at `start`.
    mutating func firstRepeated(inObjectAt start: Int, nodes: [Node], bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        names.removeAll(keepingCapacity: true)
        names.reserveCapacity(Int(nodes[start].count))
        unescaped.removeAll(keepingCapacity: true)
        var index = start + 1
        for _ in 0..<nodes[start].count {
            let name = nodes[index]
            let offset = Int(name.offset), length = Int(name.length)
            if name.kind == .escapedString {
                let before = unescaped.count
                unescaped += JSONUnescaping.unescaped(UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]))
                names.append(Name(start: before, count: unescaped.count - before, isUnescaped: true, quote: offset - 1))
            } else {
                names.append(Name(start: offset, count: length, isUnescaped: false, quote: offset - 1))
            }
            index = nodes[index + 1].next(after: index + 1)
        }
        if names.count <= Self.pairwiseLimit { return firstRepeatedPairwise(bytes: bytes) }
        var capacity = 4
        while capacity < names.count * 2 { capacity *= 2 }
        if slots.count < capacity { slots = Array(repeating: 0, count: capacity) }
        // The table is borrowed for the search and given back, so that reading the names may overlap.
        var table: [Int32] = []
        swap(&table, &slots)
        defer { swap(&table, &slots) }
        return table.withUnsafeMutableBufferPointer { slots in
            let mask = capacity - 1
            slots[..<capacity].update(repeating: 0)
            return withNames(bytes) { text in
                for (position, name) in names.enumerated() {
                    let bytes = text(name)
                    var hasher = Hasher()
                    hasher.combine(bytes: bytes)
                    var slot = hasher.finalize() & mask
                    while slots[slot] != 0 {
                        if Self.same(text(names[Int(slots[slot]) - 1]), bytes) { return name.quote }
                        slot = (slot + 1) & mask
                    }
                    slots[slot] = Int32(position + 1)
                }
                return nil
            }
        }
    }

    private func firstRepeatedPairwise(bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        withNames(bytes) { text in
            for later in 1..<names.count {
                for earlier in 0..<later
                where names[earlier].count == names[later].count && Self.same(text(names[earlier]), text(names[later])) {
                    return names[later].quote
                }
            }
            return nil
        }
    }

    private static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }

    /// Runs `body` with a way to see each name's bytes.
    private func withNames(_ bytes: UnsafeBufferPointer<UInt8>, _ body: ((Name) -> UnsafeRawBufferPointer) -> Int?) -> Int? {
        unescaped.withUnsafeBufferPointer { unescaped in
            body { name in
                UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(name.isUnescaped ? unescaped : bytes)[name.start..<name.start + name.count])
            }
        }
    }
}
