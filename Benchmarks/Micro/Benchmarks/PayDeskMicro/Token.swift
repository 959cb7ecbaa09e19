import ApplePayToken
import Benchmark
import Foundation

func tokenBenchmarks() {
    /// Ingest with the merchant's keys and `paydesk decrypt` check every token: JSON, CMS signature, chain
    /// (cached after a leaf's first token, as here), replay window, ECDH and AES-GCM. The public EC_v1 vector
    /// B2 from Tests/Fixtures/ApplePay, at its own signing time.
    Benchmark("token-ec-v1-chain-cached") { (benchmark: Benchmark, token: CheckedToken) throws in
        for _ in benchmark.scaledIterations {
            var checked = TokenCheck()
            try token.inspector.check(PaymentTokenData(json: token.json), now: token.signingTime, into: &checked)
            blackHole(checked)
        }
    } setup: {
        let vector = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/ApplePay/B2_basis_ec_new")
        func file(_ name: String) throws -> String {
            try String(contentsOf: vector.appendingPathComponent(name), encoding: .utf8)
        }
        let json = Data(try file("token.json").utf8)
        let key = try MerchantKey(privateKeyPEM: file("private_key.pem"), identity: .certificate(file("merchant_cert.pem")))
        let inspector = TokenInspector(keys: [key], chains: ValidatedChains())
        let signingTime = try TokenSignature.verify(PaymentTokenData(json: json)).signingTime
        var first = TokenCheck()
        try inspector.check(PaymentTokenData(json: json), now: signingTime, into: &first)
        return CheckedToken(inspector: inspector, json: json, signingTime: signingTime)
    }
}

/// A token already checked once (its chain is in the inspector's cache), and the time it is checked at.
struct CheckedToken {
    var inspector: TokenInspector
    var json: Data
    var signingTime: Date
}
