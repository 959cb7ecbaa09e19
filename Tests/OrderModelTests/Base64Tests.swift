import Foundation
import Testing
import OrderModel

/// The base64 check and the decoder each look for what is wrong only once they have seen that something is:
/// both held here to Foundation's decoder, to each other and to where the first fault is, on seeded random
/// inputs.
@Suite struct Base64Tests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    @Test func decodesWhatFoundationEncodesAndNothingFoundationWouldNot() throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = TestRandom(seed: seed)
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let text = Data(bytes).base64EncodedString()
            #expect(try Base64.decode(text) == bytes, "seed \(seed)")
            #expect(try Base64.decodedCount(text) == bytes.count, "seed \(seed)")
            // Any one character changed: what is accepted is what Foundation reads, and spelt as Foundation spells it
            guard !text.isEmpty else { continue }
            var changed = Array(text.utf8)
            changed[Int.random(in: 0..<changed.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            let changedText = String(decoding: changed, as: UTF8.self)
            // Checked without decoding, it is the same: the same count, or the same fault
            #expect(Result { () throws(Base64.Problem) in try Base64.decodedCount(changedText) }
                == Result { () throws(Base64.Problem) in try Base64.decode(changedText).count }, "seed \(seed): \(changedText)")
            if let decoded = try? Base64.decode(changedText) {
                #expect(Data(base64Encoded: changedText).map(Array.init) == decoded, "seed \(seed): \(changedText)")
                #expect(Data(decoded).base64EncodedString() == changedText, "seed \(seed): \(changedText)")
            }
        }
    }

    @Test func namesTheFirstCharacterOutsideTheAlphabet() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = TestRandom(seed: seed)
        let outside = (0..<128).map(UInt8.init).filter { !Self.alphabet.contains($0) && $0 != UInt8(ascii: "=") }
        for _ in 0..<3_000 {
            var text = (0..<4 * Int.random(in: 1...40, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }
            let first = Int.random(in: 0..<text.count, using: &random)
            for position in [first] + (0..<Int.random(in: 0...3, using: &random)).map({ _ in Int.random(in: first..<text.count, using: &random) }) {
                text[position] = outside.randomElement(using: &random)!
            }
            #expect(throws: Base64.Problem.character(position: first + 1), "seed \(seed)") { try Base64.decode(String(decoding: text, as: UTF8.self)) }
            // Padding before the last group is misplaced, wherever it is
            text[first] = UInt8(ascii: "=")
            if first < text.count - 4 {
                #expect(throws: Base64.Problem.padding, "seed \(seed)") { try Base64.decode(String(decoding: text, as: UTF8.self)) }
            }
        }
    }

    @Test func judgesEveryByteAloneWhereverItStands() {
        // Given 52 characters, 32 of them checked together and the rest one by one, with each of the 256 byte values
        // put at each place in turn
        for position in 0..<52 {
            for byte in UInt8.min...UInt8.max {
                var text = [UInt8](repeating: UInt8(ascii: "A"), count: 52)
                text[position] = byte
                text.withUnsafeBufferPointer { text in
                    let checked = Result { () throws(Base64.Problem) in try Base64.decodedCount(text) }
                    // Then the check agrees with the decoder, which looks each byte up in a table
                    #expect(checked == Result { () throws(Base64.Problem) in try Base64.decode(text).count }, "byte \(byte) at \(position)")
                    // And a byte of the alphabet passes and any other is named where it stands (but padding at the end)
                    if Self.alphabet.contains(byte) {
                        #expect(checked == .success(39), "byte \(byte) at \(position)")
                    } else if byte != UInt8(ascii: "=") {
                        #expect(checked == .failure(.character(position: position + 1)), "byte \(byte) at \(position)")
                    }
                }
            }
        }
    }
}
