import Foundation
@_spi(FixedExpiryValidationTime) import X509

/// The rest of DESIGN §4's signature checks: the leaf and intermediate chain to Apple Root CA - G3 (extra roots
/// only when asked for, for sandbox tests) at the signing time, and the signing time within a replay window.
public enum TokenChain {
    /// Validates the chain as it stood when the token was signed: Apple's leaf certificates expire long
    /// before stored tokens stop mattering.
    public static func validate(_ signature: VerifiedSignature, extraRoots: [Certificate] = []) async throws(TokenError) {
        guard let apple = AppleRootCA.certificate else { throw .chain("the bundled Apple Root CA - G3 does not parse") }
        var verifier = Verifier(rootCertificates: CertificateStore([apple] + extraRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: signature.signingTime)
        }
        let result = await verifier.validate(leaf: signature.leaf, intermediates: CertificateStore([signature.intermediate]))
        guard case .validCertificate = result else {
            throw .chain("the signing certificate does not chain to Apple Root CA - G3 at the signing time \(signature.signingTime)")
        }
    }

    /// A payment being accepted must have been signed recently: an old token replayed is refused.
    public static func checkReplayWindow(_ signature: VerifiedSignature, now: Date, window: TimeInterval = 300) throws(TokenError) {
        let age = now.timeIntervalSince(signature.signingTime)
        guard abs(age) <= window else {
            throw .replayWindow("signed at \(signature.signingTime), \(Int(age)) s from now (\(now)); the window is \(Int(window)) s")
        }
    }
}
