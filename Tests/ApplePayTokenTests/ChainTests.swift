import Crypto
import Foundation
import Testing
import SwiftASN1
import X509
@testable import ApplePayToken

@Suite struct ChainTests {
    @Test func theBundledRootIsAppleRootCAG3() throws {
        let root = try #require(AppleRootCA.certificate)
        var serializer = DER.Serializer()
        try serializer.serialize(root)
        let fingerprint = SHA256.hash(data: serializer.serializedBytes).map { String(format: "%02X", $0) }.joined(separator: ":")
        #expect(fingerprint == "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79")
    }

    @Test(arguments: SignatureTests.all)
    func everyVectorChainsToAppleAtItsSigningTime(vector: String) async throws {
        let signature = try TokenSignature.verify(DecryptionTests.token(vector))
        try await TokenChain.validate(signature)
    }

    @Test func anExpiredLeafDoesNotChainEvenOnceCached() async throws {
        // Given V1's chain, validated (and so cached) at its signing time
        let cache = ValidatedChains()
        var signature = try TokenSignature.verify(DecryptionTests.token("V1_gala2014"))
        try await TokenChain.validate(signature, cache: cache)
        // When the same chain is judged twenty years later (its leaf expired in 2019), Then it is refused
        signature.signingTime = signature.signingTime.addingTimeInterval(20 * 365 * 86_400)
        await #expect(throws: TokenError.self) { try await TokenChain.validate(signature, cache: cache) }
        // And a chain with another root set is not taken from the cache either
        var other = try TokenSignature.verify(DecryptionTests.token("V1_gala2014"))
        other.signingTime = signature.signingTime
        await #expect(throws: TokenError.self) { try await TokenChain.validate(other, extraRoots: [other.leaf], cache: cache) }
    }

    @Test func aLeafWithoutItsIntermediateDoesNotChain() async throws {
        var signature = try TokenSignature.verify(DecryptionTests.token("B2_basis_ec_new"))
        signature.intermediate = signature.leaf
        do {
            try await TokenChain.validate(signature, cache: ValidatedChains())
            Issue.record("a chain without its intermediate was accepted")
        } catch {
            #expect(error.description.hasPrefix("chain: the signing certificate does not chain to Apple Root CA - G3"))
        }
    }

    @Test func theReplayWindowIsFiveMinutesEitherSide() throws {
        let signature = try TokenSignature.verify(DecryptionTests.token("B2_basis_ec_new"))
        try TokenChain.checkReplayWindow(signature, now: signature.signingTime.addingTimeInterval(299))
        try TokenChain.checkReplayWindow(signature, now: signature.signingTime.addingTimeInterval(-299))
        #expect(throws: TokenError.self) { try TokenChain.checkReplayWindow(signature, now: signature.signingTime.addingTimeInterval(301)) }
        #expect(throws: TokenError.self) { try TokenChain.checkReplayWindow(signature, now: Date()) }
    }
}
