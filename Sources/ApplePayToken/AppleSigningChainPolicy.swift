import SwiftASN1
import X509

/// Apple's own rule for the signing chain (docs/design.md §4, checks 2 and 4), as a swift-certificates policy
/// beside RFC 5280's: the chain is exactly leaf → intermediate → root, the leaf carrying Apple's leaf marker and
/// the intermediate its intermediate marker. RFC 5280 alone would accept a marked leaf issued by the root
/// directly, skipping the intermediate Apple requires.
struct AppleSigningChainPolicy: VerifierPolicy {
    /// The markers are enforced here, so a certificate that marks them critical is not refused as not understood.
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = [TokenSignature.leafMarker, TokenSignature.intermediateMarker]

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) async -> PolicyEvaluationResult {
        guard chain.count == 3 else {
            return .failsToMeetPolicy(reason: "the chain has \(chain.count) certificates, not leaf, intermediate and root")
        }
        guard chain[0].extensions.contains(where: { $0.oid == TokenSignature.leafMarker }),
              chain[1].extensions.contains(where: { $0.oid == TokenSignature.intermediateMarker }) else {
            return .failsToMeetPolicy(reason: "the leaf or the intermediate lacks Apple's marker")
        }
        return .meetsPolicy
    }
}
