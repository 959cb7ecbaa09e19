import Foundation
import SwiftASN1
import Testing
import X509
@testable import ApplePayToken

/// The BER reader that walks Apple's CMS envelope: definite and indefinite lengths as Apple mixes them, and
/// every malformed input refused with a one-line `TokenError`, never a trap.
@Suite struct BERReaderTests {
    /// SEQUENCE (indefinite) { OID 1.2.3, [0] (indefinite) { OCTET STRING (long form) 0xAA × 200 }, INTEGER 5 }.
    static let mixed: [UInt8] = [0x30, 0x80, 0x06, 0x02, 0x2A, 0x03, 0xA0, 0x80, 0x04, 0x81, 0xC8]
        + [UInt8](repeating: 0xAA, count: 200) + [0x00, 0x00, 0x02, 0x01, 0x05, 0x00, 0x00]

    @Test func readsDefiniteAndIndefiniteLengthsNested() throws {
        let ber = BERReader(bytes: Self.mixed)
        let root = try ber.root()
        #expect(root.identifier == 0x30 && root.encoded == 0..<Self.mixed.count && root.contents == 2..<(Self.mixed.count - 2))
        var children = ber.children(of: root)
        let oid = try #require(try children.next())
        #expect(ber.isObjectIdentifier(oid, [0x2A, 0x03]) && !ber.isObjectIdentifier(oid, [0x2A]))
        let tagged = try #require(try children.next())
        #expect(tagged.identifier == BERReader.contextZero)
        let octets = try #require(try ber.firstChild(of: tagged, BERReader.octetString))
        #expect(ber.bytes[octets.contents].elementsEqual(repeatElement(0xAA, count: 200)))
        #expect(ber.bytes[octets.encoded].count == 203)
        let integer = try #require(try children.next())
        #expect(integer.identifier == 0x02 && ber.bytes[integer.contents].elementsEqual([5]))
        #expect(try children.next() == nil)
        // A primitive element has nothing inside
        var inside = ber.children(of: integer)
        #expect(try inside.next() == nil)
    }

    @Test(arguments: [
        ([], "an element runs past the end of what holds it"),
        ([0x30], "an element runs past the end of what holds it"),
        ([0x30, 0x03, 0x02, 0x01], "an element runs past the end of what holds it"),
        ([0x04, 0x82, 0x01], "an element runs past the end of what holds it"),
        ([0x04, 0x85, 0x01, 0x00, 0x00, 0x00, 0x00], "a length of more than four octets"),
        ([0x04, 0xFF], "a length of more than four octets"),
        ([0x04, 0x84, 0xFF, 0xFF, 0xFF, 0xFF, 0x00], "an element runs past the end of what holds it"),
        ([0x04, 0x80, 0x00, 0x00], "a primitive element of indefinite length"),
        ([0x30, 0x80, 0x02, 0x01, 0x05], "an indefinite length without its end-of-contents"),
        ([0x30, 0x80, 0x02, 0x01, 0x05, 0x00], "an indefinite length without its end-of-contents"),
        ([0x30, 0x80, 0x00, 0x01, 0x00, 0x00, 0x00], "an end-of-contents where no indefinite length ends"),
        ([0x00, 0x00], "an end-of-contents where no indefinite length ends"),
        ([0x1F, 0x81, 0x00, 0x00], "a tag number above 30"),
        ([0x02, 0x01, 0x05, 0x00], "bytes follow the CMS structure"),
        ([0x30, 0x02, 0x02, 0x01], "an element runs past the end of what holds it"),
    ] as [([UInt8], String)])
    func refusesMalformedBERInOneLine(bytes: [UInt8], reason: String) {
        #expect(throws: TokenError.format(field: "token.paymentData.signature", reason: "not BER: \(reason)")) {
            try Self.walk(BERReader(bytes: bytes))
        }
    }

    @Test func refusesIndefiniteLengthsNestedTooDeep() throws {
        func nested(_ depth: Int) -> [UInt8] {
            Array(repeating: [0x30, 0x80], count: depth).flatMap { $0 } + Array(repeating: 0, count: 2 * depth)
        }
        _ = try BERReader(bytes: nested(BERReader.maximumNesting)).root()
        #expect(throws: TokenError.format(field: "token.paymentData.signature",
                                          reason: "not BER: indefinite lengths nested more than \(BERReader.maximumNesting) deep")) {
            try BERReader(bytes: nested(BERReader.maximumNesting + 1)).root()
        }
    }

    @Test(arguments: ["B2_basis_ec_new", "B1_basis_rsa", "V1_gala2014"])
    func aSignatureCutShortAnywhereIsRefused(vector: String) throws {
        // Given a real signature, BER with indefinite lengths
        let token = try DecryptionTests.token(vector)
        let bytes = Array(token.signature)
        for count in 0..<bytes.count {
            // When it is cut after any number of bytes
            var cut = token
            cut.signature = Array(bytes.prefix(count))
            // Then the signature check refuses it
            #expect(throws: TokenError.self, "\(count) bytes") { try TokenSignature.verify(cut) }
        }
    }

    @Test func anyLengthMadeIndefiniteOrOverlongIsRefusedInOneLineNotATrap() throws {
        // Given B2's signature, and the bytes the reader reads: all but the insides of the certificates (those go
        // whole to swift-certificates, and a change there is the chain check's to catch)
        let token = try DecryptionTests.token("B2_basis_ec_new")
        let bytes = Array(token.signature)
        var inside = IndexSet()
        for certificate in try TokenSignature.parse(bytes).1 {
            var serializer = DER.Serializer()
            try serializer.serialize(certificate)
            let der = serializer.serializedBytes
            let start = try #require((0...(bytes.count - der.count)).first { bytes[$0..<($0 + der.count)].elementsEqual(der) })
            inside.insert(integersIn: (start + 4)..<(start + der.count))
        }
        let read = IndexSet(integersIn: bytes.indices).subtracting(inside)
        #expect(read.count > 300)
        // When any one of them becomes 0x80 (an indefinite length, or a tag) or 0x85 (a length of five octets)
        for offset in read {
            for replacement: UInt8 in [0x80, 0x85] {
                var changed = token
                changed.signature[offset] = replacement
                // Then it is refused in one line, or still verifies where the byte is in a value read as it is
                do { _ = try TokenSignature.verify(changed) } catch { #expect(!error.description.contains("\n"), "byte \(offset)") }
            }
        }
    }

    /// Reads every element of `reader`'s bytes, as far down as they go.
    static func walk(_ reader: BERReader) throws(TokenError) {
        func descend(_ element: BERReader.Element) throws(TokenError) {
            var children = reader.children(of: element)
            while let child = try children.next() { try descend(child) }
        }
        try descend(reader.root())
    }
}
