import Foundation
@_spi(FixedExpiryValidationTime) import X509

/// The rest of docs/design.md §4's signature checks: the leaf and intermediate chain to Apple Root CA - G3 (extra roots
/// only when asked for, for sandbox tests) at the signing time, and the signing time within a replay window.
public enum TokenChain {
    /// Validates the chain as it stood when the token was signed: Apple's leaf certificates expire long
    /// before stored tokens stop mattering. A chain validated before is not validated again for a signing time
    /// inside the period in which all its certificates are valid.
    public static func validate(_ signature: VerifiedSignature, extraRoots: [Certificate] = [],
                                cache: ValidatedChains = .shared) async throws(TokenError) {
        let key = ValidatedChains.Key(leaf: signature.leaf, intermediate: signature.intermediate, extraRoots: extraRoots)
        if cache.covers(key, at: signature.signingTime) { return }
        guard let apple = AppleRootCA.certificate else { throw .chain("the bundled Apple Root CA - G3 does not parse") }
        var verifier = Verifier(rootCertificates: CertificateStore([apple] + extraRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: signature.signingTime)
        }
        let result = await verifier.validate(leaf: signature.leaf, intermediates: CertificateStore([signature.intermediate]))
        guard case .validCertificate(let chain) = result else {
            throw .chain("the signing certificate does not chain to Apple Root CA - G3 at the signing time \(signature.signingTime)")
        }
        let validFrom = chain.map(\.notValidBefore).max() ?? signature.signingTime
        let validUntil = chain.map(\.notValidAfter).min() ?? signature.signingTime
        cache.remember(key, validFor: validFrom...max(validFrom, validUntil))
    }

    /// A payment being accepted must have been signed recently: an old token replayed is refused.
    public static func checkReplayWindow(_ signature: VerifiedSignature, now: Date, window: TimeInterval = 300) throws(TokenError) {
        let age = now.timeIntervalSince(signature.signingTime)
        guard abs(age) <= window else {
            throw .replayWindow("signed at \(signature.signingTime), \(Int(age)) s from now (\(now)); the window is \(Int(window)) s")
        }
    }
}

/// Chains already validated, each with the period in which every certificate in it is valid. Apple signs with
/// a handful of leaf certificates at a time, so the cache stays tiny; it is emptied if it ever grows past 64.
public final class ValidatedChains: @unchecked Sendable {
    public static let shared = ValidatedChains()

    struct Key: Hashable {
        var leaf: Certificate
        var intermediate: Certificate
        var extraRoots: [Certificate]
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var periods: [Key: ClosedRange<Date>] = [:]

    public init() {}

    func covers(_ key: Key, at time: Date) -> Bool {
        lock.withLock { periods[key]?.contains(time) ?? false }
    }

    func remember(_ key: Key, validFor period: ClosedRange<Date>) {
        lock.withLock {
            if periods.count >= 64 { periods.removeAll() }
            periods[key] = period
        }
    }
}
