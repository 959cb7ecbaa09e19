import Foundation
import Testing
import OrderModel

@Suite struct TokenShapeTests {
    @Test func base64IsTheStandardAlphabetPaddedWithNothingElse() throws {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(try Base64.decode(Data(bytes).base64EncodedString()) == bytes)
        }
        #expect(try Base64.decode("+/+/") == [0xFB, 0xFF, 0xBF])
        let refused: [(String, Base64.Problem)] = [
            ("QUJD\n", .character(position: 5)), ("QUJD RA=", .character(position: 5)), ("QU JD", .character(position: 3)), (" QUJD", .character(position: 1)),
            ("QUI", .length), ("QUJDRA", .length), ("-_-_", .character(position: 1)), ("QUJ%", .character(position: 4)),
            ("Q===", .padding), ("=QUJ", .padding), ("QU=J", .padding), ("QUJDRA==QUJD", .padding),
            ("QUJDRB==", .unusedBits), ("QUJDRE9=", .unusedBits), ("QUJDREV=", .unusedBits),
            // A length thrown off by a character outside the alphabet names the character
            ("QU=", .length), ("Q=J", .padding), ("QUJD\r\nQUJD", .character(position: 5)),
        ]
        for (text, problem) in refused {
            #expect(throws: problem, "\(text.debugDescription)") { try Base64.decode(text) }
            #expect(throws: problem, "\(text.debugDescription)") { try Base64.decodedCount(text) }
        }
    }

    @Test func aCharacterOutsideTheAlphabetIsFoundWhereverItStands() throws {
        // Given base64 of 64 to 68 characters, padded and not: whole blocks of 32 checked at once, and what is left
        for length in [46, 47, 48, 50] {
            let valid = Array(Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 7) }).base64EncodedString().utf8)
            let padding = valid.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            #expect(try valid.withUnsafeBufferPointer { try Base64.decodedCount($0) } == length)
            // When each place before the padding holds in turn a byte just outside the alphabet's ranges, or far outside
            let outside: [UInt8] = [0x00, 0x1F, 0x20, 0x2A, 0x2C, 0x2E, 0x3A, 0x40, 0x5B, 0x60, 0x7B, 0x7F, 0x80, 0xAB, 0xC1, 0xE1, 0xFA, 0xFF]
            for place in 0..<valid.count - padding {
                for byte in outside {
                    var text = valid
                    text[place] = byte
                    // Then counting and decoding both name that character
                    #expect(throws: Base64.Problem.character(position: place + 1), "byte \(byte) at \(place) of \(valid.count)") {
                        try text.withUnsafeBufferPointer { try Base64.decodedCount($0) }
                    }
                    #expect(throws: Base64.Problem.character(position: place + 1), "byte \(byte) at \(place) of \(valid.count)") {
                        try text.withUnsafeBufferPointer { try Base64.decode($0) }
                    }
                }
            }
        }
    }

    @Test func hexIsPairsOfDigitsInEitherCase() {
        #expect("00ff7Fa0".utf8.hexDecoded == [0x00, 0xFF, 0x7F, 0xA0])
        #expect("".utf8.hexDecoded == [])
        for bad in ["0", "0g", "0x00", " 00", "00 ", "é0"] { #expect(bad.utf8.hexDecoded == nil, "\(bad)") }
    }

    static func fields(version: String = "EC_v1", data: String = Data(repeating: 1, count: 64).base64EncodedString(),
                       signature: String = "AAAA", ephemeralPublicKey: String? = Data(repeating: 4, count: 91).base64EncodedString(),
                       wrappedKey: String? = nil, publicKeyHash: String = Data(repeating: 7, count: 32).base64EncodedString(),
                       transactionId: String = "a1b2c3d4", applicationData: String? = String(repeating: "ab", count: 32)) -> PaymentTokenFields {
        PaymentTokenFields(version: version, data: data, signature: signature, ephemeralPublicKey: ephemeralPublicKey,
                           wrappedKey: wrappedKey, publicKeyHash: publicKeyHash, transactionId: transactionId, applicationData: applicationData)
    }

    @Test func decodesAWellFormedToken() throws {
        let decoded = try Self.fields().decoded()
        #expect(decoded.version == .ecV1 && decoded.data.count == 64 && decoded.signature == [0, 0, 0])
        #expect(decoded.publicKeyHash == [UInt8](repeating: 7, count: 32) && decoded.transactionId == [0xA1, 0xB2, 0xC3, 0xD4])
        #expect(decoded.applicationDataHash?.count == 32 && decoded.ephemeralPublicKey?.count == 91 && decoded.wrappedKey == nil)
        let rsa = try Self.fields(version: "RSA_v1", ephemeralPublicKey: nil, wrappedKey: "AAAA", applicationData: nil).decoded()
        #expect(rsa.version == .rsaV1 && rsa.wrappedKey == [0, 0, 0] && rsa.applicationDataHash == nil)
    }

    @Test func namesTheFirstFieldThatIsWrongAndWhy() {
        let header = "token.paymentData.header"
        let cases: [(PaymentTokenFields, String, String)] = [
            (Self.fields(version: "EC_v2"), "token.paymentData.version", #""EC_v2" is not EC_v1 or RSA_v1"#),
            (Self.fields(data: "AAAA AAAA"), "token.paymentData.data", "is not valid base64: character 5 is not in the standard base64 alphabet"),
            (Self.fields(data: "AAAAAAAAAAAAAAAAAAAAAA=="), "token.paymentData.data", "too short to hold a GCM tag"),
            (Self.fields(data: String(repeating: "A", count: 90_000)), "token.paymentData.data", "larger than 65536 bytes"),
            (Self.fields(signature: ""), "token.paymentData.signature", "is empty"),
            (Self.fields(signature: "AAB="), "token.paymentData.signature", "is not valid base64: the last character's unused bits are not zero"),
            (Self.fields(ephemeralPublicKey: nil), "\(header).ephemeralPublicKey", "missing (EC_v1)"),
            (Self.fields(version: "RSA_v1"), "\(header).wrappedKey", "missing (RSA_v1)"),
            (Self.fields(publicKeyHash: "AAAA"), "\(header).publicKeyHash", "is not a SHA-256 hash (32 bytes)"),
            (Self.fields(publicKeyHash: "-_8="), "\(header).publicKeyHash", "is not valid base64: character 1 is not in the standard base64 alphabet"),
            (Self.fields(transactionId: "abc"), "\(header).transactionId", "is not 1 to 64 bytes in hex"),
            (Self.fields(transactionId: ""), "\(header).transactionId", "is not 1 to 64 bytes in hex"),
            (Self.fields(transactionId: String(repeating: "ab", count: 65)), "\(header).transactionId", "is not 1 to 64 bytes in hex"),
            (Self.fields(applicationData: "cart-1"), "\(header).applicationData", "is not a SHA-256 hash in hex (64 hex digits)"),
            (Self.fields(applicationData: "abcd"), "\(header).applicationData", "is not a SHA-256 hash in hex (64 hex digits)"),
        ]
        for (fields, field, reason) in cases {
            #expect(throws: FieldProblem(field, reason)) { try fields.decoded() }
        }
    }
}
