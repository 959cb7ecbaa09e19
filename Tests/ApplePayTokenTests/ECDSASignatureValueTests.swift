import Crypto
import Foundation
import Testing
import TestSupport
@testable import ApplePayToken

/// The token's ECDSA signature value read by our own few lines, against swift-crypto's DER reader that it replaces:
/// the same r ‖ s for what both accept, and nothing accepted that swift-crypto refuses.
@Suite struct ECDSASignatureValueTests {
    /// swift-crypto's reading, as the r ‖ s our reader should give, or nil where it refuses.
    static func expected(_ der: [UInt8]) -> [UInt8]? {
        (try? P256.Signing.ECDSASignature(derRepresentation: der)).map { Array($0.rawRepresentation) }
    }

    @Test func readsWhatSwiftCryptoReadsAndRefusesWhatItRefuses() throws {
        let seed = TestSeed()
        var generator = seed.generator
        let key = P256.Signing.PrivateKey()
        var compared = 0
        for round in 0..<300 {
            let der = Array(try key.signature(for: Data("message \(round)".utf8)).derRepresentation)
            #expect(ECDSASignatureValue.raw(der[...]) == Self.expected(der), "\(der)")
            // Every signature mutated: a byte changed, one cut off or added, a length made long-form
            var variants: [[UInt8]] = [Array(der.dropLast()), der + [0], Array(der.dropFirst())]
            let index = Int.random(in: 0..<der.count, using: &generator)
            var changed = der
            changed[index] = UInt8.random(in: 0...255, using: &generator)
            variants.append(changed)
            var flipped = der
            flipped[index] ^= 0x80
            variants.append(flipped)
            variants.append([der[0], 0x81] + der.dropFirst())
            for variant in variants {
                #expect(ECDSASignatureValue.raw(variant[...]) == Self.expected(variant), "\(variant); \(seed)")
                compared += 1
            }
        }
        #expect(compared == 1_800)
    }

    @Test func handMadeIntegersAreReadAsSwiftCryptoReadsThem() {
        func signature(_ r: [UInt8], _ s: [UInt8]) -> [UInt8] {
            let body = [0x02, UInt8(r.count)] + r + [0x02, UInt8(s.count)] + s
            return [0x30, UInt8(body.count)] + body
        }
        let high = [UInt8](repeating: 0xC3, count: 32), low = [UInt8](repeating: 0x11, count: 32)
        let cases: [[UInt8]] = [
            signature([0x00] + high, low),            // the zero a high first byte needs
            signature([0x00, 0x11] + low.dropFirst(), low),  // a zero it does not need
            signature(high, low),                     // negative
            signature([0x00], [0x01]),                // zero, one
            signature([], low),                       // empty
            signature([0x01] + low, low),             // 33 bytes
            signature([0x00, 0x00] + high, low),      // two zeros
            signature(low, low) + [0x02, 0x01, 0x01], // bytes after the sequence
            [0x30, 0x47] + signature(low, low).dropFirst(2) + [0x02, 0x01, 0x01],  // a third integer inside it
            [0x30, 0x80] + signature(low, low).dropFirst(2) + [0x00, 0x00],  // an indefinite length
            [0x31] + signature(low, low).dropFirst(),  // a SET
        ]
        for der in cases {
            #expect(ECDSASignatureValue.raw(der[...]) == Self.expected(der), "\(der)")
        }
        #expect(ECDSASignatureValue.raw(signature([0x00] + high, [0x05])[...]) == high + [UInt8](repeating: 0, count: 31) + [0x05])
    }
}
