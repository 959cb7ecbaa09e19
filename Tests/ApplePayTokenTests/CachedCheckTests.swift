import Foundation
import PayDeskSandbox
import SwiftASN1
import Testing
import TestSupport
import X509
@testable import ApplePayToken

/// What is read or validated once and then remembered (certificates by their bytes, chains by their certificates)
/// never lets a later token skip a check it would fail on its own.
@Suite struct CachedCheckTests {
    static let now = Date(timeIntervalSince1970: 1_795_253_400)
    static let payment = SandboxPKI.Payment(accountNumber: "5204240500000089", expiration: "301231", currencyNumericCode: "156", amount: 12750)
    let pki: SandboxPKI
    let inspector: TokenInspector

    init() throws {
        pki = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now)
        inspector = TokenInspector(keys: try pki.merchantKeys(), extraRoots: [pki.root], chains: ValidatedChains())
    }

    /// Every check, with the clock at the token's signing time so that only the checks under test can fail.
    func check(_ token: PaymentTokenData) throws(TokenError) {
        var checked = TokenCheck()
        try inspector.check(token, now: TokenSignature.verify(token).signingTime, into: &checked)
    }

    func token(signedAt: Date, by pki: SandboxPKI? = nil) throws -> PaymentTokenData {
        try PaymentTokenData(json: (pki ?? self.pki).token(Self.payment, signedAt: signedAt))
    }

    @Test func aTokenWithAnotherChainIsValidatedOnItsOwn() throws {
        // Given a token whose chain was validated and cached
        try check(token(signedAt: Self.now))
        // When a token arrives from another PKI, with another leaf and intermediate and an untrusted root
        let other = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: Self.now)
        // Then it is refused at the chain
        #expect { try check(token(signedAt: Self.now, by: other)) } throws: { error in
            (error as? TokenError)?.description.hasPrefix("chain: ") ?? false
        }
    }

    @Test(arguments: [-400.0, 400.0])
    func aLeafOutsideItsValidityAtTheTokensSigningTimeIsRefusedAfterACachedSuccess(days: Double) throws {
        // Given the chain validated and cached for a token signed now (its certificates are valid for a year either side)
        try check(token(signedAt: Self.now))
        // When the same chain signs a token 400 days before or after, when the leaf was not yet or no longer valid
        let outside = try token(signedAt: Self.now.addingTimeInterval(days * 86_400))
        // Then it is refused at the chain, though every certificate's bytes are those cached
        #expect { try check(outside) } throws: { error in (error as? TokenError)?.description.hasPrefix("chain: ") ?? false }
    }

    @Test func aTamperedSignatureIsRefusedAfterACachedSuccess() throws {
        // Given a token that passed every check, its certificates and chain cached
        let original = try token(signedAt: Self.now)
        try check(original)
        let (signer, _) = try TokenSignature.parse(Array(original.signature))
        let bytes = Array(original.signature)
        let start = try #require((0...(bytes.count - signer.signature.count)).last {
            bytes[$0..<($0 + signer.signature.count)].elementsEqual(signer.signature)
        })
        // When a byte of its signature value, or of its signed data, is changed
        var signature = original, data = original
        signature.signature[start + signer.signature.count / 2] ^= 0x01
        data.data[0] ^= 0x01
        // Then each is refused by the signature check
        for tampered in [signature, data] {
            #expect { try check(tampered) } throws: { error in (error as? TokenError)?.description.hasPrefix("signature: ") ?? false }
        }
    }

    @Test func aLeafWithOneByteChangedIsReadAgainAndRefused() throws {
        // Given a token that passed every check, its leaf read and cached
        let original = try token(signedAt: Self.now)
        try check(original)
        // When the last byte of the leaf's own signature (where the cache's hash looks) is changed inside the token
        var serializer = DER.Serializer()
        try serializer.serialize(pki.leaf)
        let leaf = serializer.serializedBytes
        let bytes = Array(original.signature)
        let start = try #require((0...(bytes.count - leaf.count)).first { bytes[$0..<($0 + leaf.count)].elementsEqual(leaf) })
        var tampered = original
        tampered.signature[start + leaf.count - 1] ^= 0x01
        // Then the token carries the changed certificate, not the cached one, and it does not chain
        let (_, certificates) = try TokenSignature.parse(Array(tampered.signature))
        #expect(!certificates.contains(pki.leaf))
        #expect { try check(tampered) } throws: { error in (error as? TokenError)?.description.hasPrefix("chain: ") ?? false }
    }

    @Test func utcTimesBecomeTheDatesTheGregorianCalendarGives() throws {
        let seed = TestSeed()
        var generator = seed.generator
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for _ in 0..<2_000 {
            // Any valid UTCTime: years 1950-2049, leap days and a leap second included
            let year = Int.random(in: 1950...2049, using: &generator), month = Int.random(in: 1...12, using: &generator)
            let days = try #require(calendar.range(of: .day, in: .month, for: calendar.date(from: DateComponents(year: year, month: month)) ?? Date()))
            let day = Int.random(in: days, using: &generator)
            let (hours, minutes, seconds) = (Int.random(in: 0...23, using: &generator), Int.random(in: 0...59, using: &generator),
                                             Int.random(in: 0...60, using: &generator))
            let time = try UTCTime(year: year, month: month, day: day, hours: hours, minutes: minutes, seconds: seconds)
            let expected = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hours, minute: minutes, second: seconds))
            #expect(TokenSignature.date(time) == expected, "\(time), \(seed)")
        }
    }
}
