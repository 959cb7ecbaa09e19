import Crypto
import Foundation
import OrderModel
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// The rest of docs/design.md §4's signature checks: the leaf and intermediate chain to Apple Root CA - G3 (extra roots
/// only when asked for, for sandbox tests) at the signing time, and the signing time within a replay window.
public enum TokenChain {
    /// Validates the chain as it stood when the token was signed: Apple's leaf certificates expire long
    /// before stored tokens stop mattering. A chain validated before is not validated again for a signing time
    /// inside the period in which all its certificates are valid. Returns the root the chain ends at.
    @discardableResult
    public static func validate(_ signature: VerifiedSignature, extraRoots: [Certificate] = [],
                                cache: ValidatedChains = .shared) async throws(TokenError) -> TokenRoot {
        let key = ValidatedChains.Key(leaf: signature.leaf, intermediate: signature.intermediate, extraRoots: extraRoots)
        if let root = cache.root(of: key, at: signature.signingTime) { return root }
        guard let apple = AppleRootCA.certificate else { throw .chain("the bundled Apple Root CA - G3 does not parse") }
        // The fixed validation time is behind swift-certificates' `@_spi(FixedExpiryValidationTime)`: its public
        // initialisers with a time are deprecated in favour of this one.
        var verifier = Verifier(rootCertificates: CertificateStore([apple] + extraRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: signature.signingTime)
            AppleSigningChainPolicy()
        }
        let result = await verifier.validate(leaf: signature.leaf, intermediates: CertificateStore([signature.intermediate]))
        guard case .validCertificate(let chain) = result, let last = chain.last else {
            throw .chain("the signing certificate does not chain to Apple Root CA - G3\(extraRoots.isEmpty ? "" : " or a configured sandbox root") "
                         + "at the signing time \(signature.signingTime)")
        }
        let root = try describe(last, apple: apple)
        let validFrom = chain.map(\.notValidBefore).max() ?? signature.signingTime
        let validUntil = chain.map(\.notValidAfter).min() ?? signature.signingTime
        cache.remember(key, root: root, validFor: validFrom...max(validFrom, validUntil))
        return root
    }

    /// A root's name and fingerprint; Apple's is recognised by its bytes, never by what it calls itself.
    static func describe(_ root: Certificate, apple: Certificate) throws(TokenError) -> TokenRoot {
        let bytes: [UInt8]
        do {
            var serializer = DER.Serializer()
            try serializer.serialize(root)
            bytes = serializer.serializedBytes
        } catch {
            throw .chain("the root certificate cannot be encoded")
        }
        let name = root.subject.flatMap { $0 }.first { $0.type == .RDNAttributeType.commonName }.map { "\($0.value)" }
        return TokenRoot(name: name ?? "\(root.subject)", sha256: SHA256.hash(data: bytes).map { [$0].hexEncoded.uppercased() }.joined(separator: ":"),
                         isApple: root == apple)
    }

    /// A payment being accepted must have been signed recently: an old token replayed is refused.
    public static func checkReplayWindow(_ signature: VerifiedSignature, now: Date, window: TimeInterval = 300) throws(TokenError) {
        let age = now.timeIntervalSince(signature.signingTime)
        guard abs(age) <= window else {
            throw .replayWindow("signed at \(signature.signingTime), \(Int(abs(age).rounded(.up))) s \(age > 0 ? "before" : "after") \(now); "
                                + "the window is \(Int(window)) s either way")
        }
    }
}

/// Chains already validated, each with the period in which every certificate in it is valid. Apple signs with
/// a handful of leaf certificates at a time, so the cache stays tiny; it is emptied if it ever grows past 64.
public final class ValidatedChains: @unchecked Sendable {
    public static let shared = ValidatedChains()

    /// Compared as swift-certificates compares certificates, by every byte. Hashed by each certificate's serial
    /// number and length only: swift-certificates' own hash feeds every byte of every certificate to the hasher
    /// one at a time, on every token.
    struct Key: Hashable {
        var leaf: Certificate
        var intermediate: Certificate
        var extraRoots: [Certificate]

        func hash(into hasher: inout Hasher) {
            func combine(_ certificate: Certificate) {
                hasher.combine(certificate.tbsCertificateBytes.count)
                certificate.serialNumber.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
            combine(leaf)
            combine(intermediate)
            extraRoots.forEach(combine)
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var chains: [Key: (root: TokenRoot, period: ClosedRange<Date>)] = [:]

    public init() {}

    /// The root of a chain validated before, when `time` falls in the period it is valid for.
    func root(of key: Key, at time: Date) -> TokenRoot? {
        lock.withLock { chains[key].flatMap { $0.period.contains(time) ? $0.root : nil } }
    }

    func remember(_ key: Key, root: TokenRoot, validFor period: ClosedRange<Date>) {
        lock.withLock {
            if chains.count >= 64 { chains.removeAll() }
            chains[key] = (root, period)
        }
    }
}
