import Crypto
import Foundation
import PayDeskSandbox
import Testing
import SwiftASN1
import X509
import OrderModel
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
        let root = try await TokenChain.validate(signature)
        #expect(root == TokenRoot(name: "Apple Root CA - G3",
                                  sha256: "63:34:3A:BF:B8:9A:6A:03:EB:B5:7E:9B:3F:5F:A7:BE:7C:4F:5C:75:6F:30:17:B3:A8:C4:88:C3:65:3E:91:79",
                                  isApple: true))
    }

    @Test func aSandboxRootIsNamedAsSuchEvenWhenItCallsItselfApple() async throws {
        // Given a sandbox PKI whose root claims Apple's name, trusted explicitly
        let pki = try SandboxPKI(merchantIdentifier: "merchant.com.example", now: Date(), rootName: "Apple Root CA - G3")
        let token = try PaymentTokenData(json: pki.token(SandboxPKI.Payment(accountNumber: "4111111111111111", expiration: "291231",
                                                                              currencyNumericCode: "840", amount: 100), signedAt: Date()))
        let signature = try TokenSignature.verify(token)
        // When its chain is validated
        let root = try await TokenChain.validate(signature, extraRoots: [pki.root], cache: ValidatedChains())
        // Then it is not Apple's, whatever it calls itself, and its description says SANDBOX (the console's lines
        // about such a root: ConsoleUITests' TokenVerificationLinesTests)
        #expect(!root.isApple && root.name == "Apple Root CA - G3")
        #expect(root.description.hasPrefix("SANDBOX root \"Apple Root CA - G3\" (SHA-256 "))
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

    @Test func aMarkedLeafIssuedByTheRootItselfDoesNotChain() async throws {
        // Given a trusted root that issued a marked intermediate and, directly, a marked leaf
        let now = Date()
        let rootKey = P256.Signing.PrivateKey()
        let rootName = try DistinguishedName { CommonName("Shortcut Root") }
        func issue(_ subject: DistinguishedName, key: P256.Signing.PrivateKey, marker: ASN1ObjectIdentifier?) throws -> Certificate {
            var extensions = marker.map { [Certificate.Extension(oid: $0, critical: false, value: [0x05, 0x00])] } ?? []
            if marker != TokenSignature.leafMarker {
                var authority = try BasicConstraints.isCertificateAuthority(maxPathLength: nil).makeCertificateExtension()
                authority.critical = true
                extensions.append(authority)
            }
            return try Certificate(version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: Certificate.PublicKey(key.publicKey),
                                   notValidBefore: now - 86_400, notValidAfter: now + 86_400, issuer: rootName, subject: subject,
                                   signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(extensions),
                                   issuerPrivateKey: Certificate.PrivateKey(rootKey))
        }
        let root = try issue(rootName, key: rootKey, marker: nil)
        let intermediate = try issue(DistinguishedName { CommonName("Marked Intermediate") }, key: P256.Signing.PrivateKey(),
                                     marker: TokenSignature.intermediateMarker)
        let leaf = try issue(DistinguishedName { CommonName("Leaf Issued By The Root") }, key: P256.Signing.PrivateKey(),
                             marker: TokenSignature.leafMarker)
        // When its chain is validated with that root trusted, Then it is refused: Apple's chain runs through the intermediate
        let signature = VerifiedSignature(signingTime: now, leaf: leaf, intermediate: intermediate)
        await #expect(throws: TokenError.self) { try await TokenChain.validate(signature, extraRoots: [root], cache: ValidatedChains()) }
    }
}
