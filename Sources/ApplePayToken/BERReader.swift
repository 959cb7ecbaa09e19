/// Just enough BER (X.690) to walk Apple's CMS envelope (docs/design.md §4, §6): an element is located, its
/// identifier and where its contents lie, never copied or decoded, and only the elements asked for are looked
/// into, so a token's certificates are passed over as bytes. Apple writes the envelope with indefinite lengths
/// and what it holds with definite ones; both are read. Whatever does not fit is refused with a one-line
/// `TokenError`: a length past its container, an indefinite length on a primitive element, an end-of-contents
/// out of place, a tag number above 30 (CMS has none), a length of more than four octets, indefinite lengths
/// nested deeper than `maximumNesting`.
struct BERReader {
    /// An element's identifier octet (class, constructed bit and tag number) and where it lies in `bytes`.
    struct Element {
        var identifier: UInt8
        /// The whole element: identifier, length, contents and, for an indefinite length, the end-of-contents.
        var encoded: Range<Int>
        /// The contents alone.
        var contents: Range<Int>
    }

    /// The elements inside one constructed element, read one at a time.
    struct Elements {
        let reader: BERReader
        var offset: Int
        let end: Int

        mutating func next() throws(TokenError) -> Element? {
            guard offset < end else { return nil }
            let element = try reader.element(at: offset, before: end)
            offset = element.encoded.upperBound
            return element
        }
    }

    static let sequence: UInt8 = 0x30
    static let set: UInt8 = 0x31
    static let objectIdentifier: UInt8 = 0x06
    static let octetString: UInt8 = 0x04
    static let utcTime: UInt8 = 0x17
    /// `[0]` and `[1]`, constructed: CMS's implicitly or explicitly tagged fields.
    static let contextZero: UInt8 = 0xA0
    static let contextOne: UInt8 = 0xA1
    /// A token's envelope nests four indefinite lengths.
    static let maximumNesting = 16

    let bytes: [UInt8]

    /// The one element `bytes` hold, with nothing after it.
    func root() throws(TokenError) -> Element {
        let element = try element(at: 0, before: bytes.count)
        guard element.encoded.upperBound == bytes.count else { throw Self.malformed("bytes follow the CMS structure") }
        return element
    }

    /// The elements inside `element`; none for a primitive one.
    func children(of element: Element) -> Elements {
        Elements(reader: self, offset: element.contents.lowerBound, end: element.identifier & 0x20 != 0 ? element.contents.upperBound : element.contents.lowerBound)
    }

    /// The first element inside `element`, when it has the identifier given.
    func firstChild(of element: Element, _ identifier: UInt8) throws(TokenError) -> Element? {
        var elements = children(of: element)
        guard let first = try elements.next(), first.identifier == identifier else { return nil }
        return first
    }

    /// Whether `element` is the OBJECT IDENTIFIER whose contents octets are `contents`.
    func isObjectIdentifier(_ element: Element, _ contents: [UInt8]) -> Bool {
        element.identifier == Self.objectIdentifier && bytes[element.contents].elementsEqual(contents)
    }

    /// The element starting at `start`, which must end at or before `end`.
    func element(at start: Int, before end: Int, nesting: Int = 0) throws(TokenError) -> Element {
        guard end - start >= 2 else { throw Self.malformed("an element runs past the end of what holds it") }
        let identifier = bytes[start], lengthOctet = bytes[start + 1]
        guard identifier != 0 else { throw Self.malformed("an end-of-contents where no indefinite length ends") }
        guard identifier & 0x1F != 0x1F else { throw Self.malformed("a tag number above 30") }
        var offset = start + 2
        if lengthOctet == 0x80 {
            guard identifier & 0x20 != 0 else { throw Self.malformed("a primitive element of indefinite length") }
            guard nesting < Self.maximumNesting else { throw Self.malformed("indefinite lengths nested more than \(Self.maximumNesting) deep") }
            while true {
                guard end - offset >= 2 else { throw Self.malformed("an indefinite length without its end-of-contents") }
                if bytes[offset] == 0, bytes[offset + 1] == 0 {
                    return Element(identifier: identifier, encoded: start..<(offset + 2), contents: (start + 2)..<offset)
                }
                offset = try element(at: offset, before: end, nesting: nesting + 1).encoded.upperBound
            }
        }
        var length = Int(lengthOctet)
        if lengthOctet & 0x80 != 0 {
            let count = Int(lengthOctet & 0x7F)
            guard count <= 4 else { throw Self.malformed("a length of more than four octets") }
            guard count <= end - offset else { throw Self.malformed("an element runs past the end of what holds it") }
            length = bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
            offset += count
        }
        guard length <= end - offset else { throw Self.malformed("an element runs past the end of what holds it") }
        return Element(identifier: identifier, encoded: start..<(offset + length), contents: offset..<(offset + length))
    }

    static func malformed(_ reason: String) -> TokenError {
        .format(field: "token.paymentData.signature", reason: "not BER: \(reason)")
    }
}
