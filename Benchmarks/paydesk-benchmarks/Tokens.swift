import ApplePayToken
import Crypto
import Foundation
import OrderIngest
import OrderModel
import OrderStore
import PayDeskSandbox
import _CryptoExtras

// The token benchmarks: the public vectors through every check, the primitives underneath, and ingest with
// the merchant's keys on every core.

/// Operations per second on one core, over `scale.throughputSeconds` of repetition; printed, and returned.
@discardableResult
func throughput(_ name: String, _ body: () throws -> Void) rethrows -> Double {
    let limit = scale.throughputSeconds
    var count = 0
    let elapsed = try seconds {
        let start = DispatchTime.now().uptimeNanoseconds
        while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < limit {
            try body()
            count += 1
        }
    }
    printRate(Double(count) / elapsed, name)
    return Double(count) / elapsed
}

/// The median rate of each body over `rounds` rounds in which every body takes its turn, running about 20 ms (from
/// `rate`, its operations a second measured before) timed by this thread's CPU time. On a machine others share, a
/// yardstick measured for two seconds and the operation for two seconds after it can see different loads; taking
/// turns gives them the same, and CPU time leaves out the time the thread waited for a core.
func interleavedRates(_ bodies: [(rate: Double, body: () throws -> Void)], rounds: Int = scale.rounds) throws -> [Double] {
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<rounds {
        for (index, (rate, body)) in bodies.enumerated() {
            let count = max(1, Int(rate * 0.02))
            let start = threadCPUSeconds()
            for _ in 0..<count { try body() }
            samples[index].append(Double(count) / (threadCPUSeconds() - start))
        }
    }
    return samples.map { $0.sorted()[$0.count / 2] }
}

func printRate(_ rate: Double, _ name: String) {
    print("  \(name.padding(toLength: 46, withPad: " ", startingAt: 0)) \(String(format: "%9.0f", rate)) /s  (\(String(format: "%.1f", 1e6 / rate)) µs)")
}

/// Skipped when the test vectors are not beside the benchmarks (a copied binary).
func benchmarkTokens(folder: URL, now: Timestamp) async throws {
    let vectors = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/ApplePay")
    guard FileManager.default.fileExists(atPath: vectors.path) else {
        return try skipSection(because: "no test vectors at \(vectors.path): the tokens section runs from a clone")
    }
    func file(_ vector: String, _ name: String) throws -> String {
        try String(contentsOf: vectors.appendingPathComponent(vector).appendingPathComponent(name), encoding: .utf8)
    }
    print("Apple Pay tokens, one core (vectors from Tests/Fixtures/ApplePay)")
    // The yardstick is the public-key arithmetic a token cannot do without, measured in this run: one ECDSA P-256
    // verification (Apple signs RSA_v1 tokens with its EC leaf too) plus one ECDH, or one RSA-2048 OAEP unwrap,
    // with the vector's own merchant key and the token's own ephemeral or wrapped key.
    let signer = P256.Signing.PrivateKey()
    let message = Data(repeating: 7, count: 200)
    let ecdsa = try signer.signature(for: message)
    let verify = { _ = signer.publicKey.isValidSignature(ecdsa, for: message) }
    let verification = throughput("one ECDSA P-256 verification", verify)
    for vector in ["B2_basis_ec_new", "B1_basis_rsa"] {
        let json = Data(try file(vector, "token.json").utf8)
        let keyPEM = try file(vector, "private_key.pem")
        let key = try MerchantKey(privateKeyPEM: keyPEM, identity: .certificate(file(vector, "merchant_cert.pem")))
        let decryptor = TokenDecryptor(keys: [key])
        let token = try PaymentTokenData(json: json)
        let signature = try TokenSignature.verify(token)
        let unwrapOrAgree: () throws -> Void
        if let wrapped = token.wrappedKey {
            let rsa = try _RSA.Encryption.PrivateKey(pemRepresentation: keyPEM)
            unwrapOrAgree = { _ = try rsa.decrypt(wrapped, padding: .PKCS1_OAEP_SHA256) }
        } else {
            // swift-crypto reads one PEM block: the key, after B2's "EC PARAMETERS".
            let keyBlock = keyPEM.range(of: "-----BEGIN", options: .backwards).map { String(keyPEM[$0.lowerBound...]) } ?? keyPEM
            let merchant = try P256.KeyAgreement.PrivateKey(pemRepresentation: keyBlock)
            let ephemeral = try P256.KeyAgreement.PublicKey(derRepresentation: token.ephemeralPublicKey ?? [])
            unwrapOrAgree = { _ = try merchant.sharedSecretFromKeyAgreement(with: ephemeral) }
        }
        let primitive = try throughput("\(vector): its \(token.wrappedKey == nil ? "ECDH" : "OAEP unwrap")", unwrapOrAgree)
        try throughput("\(vector): read the token's JSON") { _ = try PaymentTokenData(json: json) }
        try throughput("\(vector): CMS verify") { _ = try TokenSignature.verify(token) }
        try throughput("\(vector): decrypt") { _ = try decryptor.decrypt(token) }
        var chains = 0
        let elapsed = try await {
            let start = DispatchTime.now().uptimeNanoseconds
            while Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < scale.throughputSeconds {
                try await TokenChain.validate(signature, cache: ValidatedChains())
                chains += 1
            }
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }()
        printRate(Double(chains) / elapsed, "\(vector): chain validation (uncached)")
        // Everything ingest and `paydesk decrypt` do, through the same call: the JSON read, the CMS signature, the
        // chain (cached, as it is for every token after a leaf's first), the replay window, decryption.
        let inspector = TokenInspector(keys: [key], chains: ValidatedChains())
        var warm = TokenCheck()
        try inspector.check(token, now: signature.signingTime, into: &warm)
        let checkAll = {
            var checked = TokenCheck()
            try inspector.check(PaymentTokenData(json: json), now: signature.signingTime, into: &checked)
        }
        let everything = try throughput("\(vector): everything, chain cached", checkAll)
        // The ratio from the three taking turns (about 20 ms each, 31 rounds), each rate its median round.
        let rates = try interleavedRates([(everything, checkAll), (verification, verify), (primitive, unwrapOrAgree)])
        let yardstick = 1 / (1 / rates[1] + 1 / rates[2])
        print("  \(vector): everything / (\(token.wrappedKey == nil ? "ECDH" : "OAEP") + ECDSA verify)"
              + "\(String(repeating: " ", count: max(0, 18 - vector.count))) ratio \(String(format: "%.2f", rates[0] / yardstick))"
              + "  (taking turns, thread CPU time: \(String(format: "%.0f", rates[0])) /s against \(String(format: "%.0f", yardstick)) /s)")
    }
    print("  other primitives, same run:")
    let merchant = P256.KeyAgreement.PrivateKey(), ephemeral = P256.KeyAgreement.PrivateKey()
    try throughput("one ECDH (P-256), a fresh key") { _ = try merchant.sharedSecretFromKeyAgreement(with: ephemeral.publicKey) }
    let symmetric = SymmetricKey(size: .bits256)
    let nonce = try AES.GCM.Nonce(data: Data(repeating: 0, count: 16))
    let sealed = try AES.GCM.seal(Data(repeating: 1, count: 300), using: symmetric, nonce: nonce)
    try throughput("AES-256-GCM open, 300 bytes") { _ = try AES.GCM.open(sealed, using: symmetric) }
    let rsa = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
    let wrapped = try rsa.publicKey.encrypt(Data(repeating: 3, count: 16), padding: .PKCS1_OAEP_SHA256)
    try throughput("RSA-2048 OAEP unwrap, a fresh key") { _ = try rsa.decrypt(wrapped, padding: .PKCS1_OAEP_SHA256) }
    print("")

    // Ingest with the merchant's keys: the load orders, each with a real EC_v1 token for its total.
    let count = scale.tokenOrders
    print("Ingest of \(count) orders with merchant keys (real EC_v1 tokens from a sandbox PKI), all cores")
    let pki = try SandboxPKI(merchantIdentifier: "merchant.com.example.teahouse", now: now.date)
    let inspector = TokenInspector(keys: try pki.merchantKeys(), extraRoots: [pki.root])
    let tokenLines = folder.appendingPathComponent("ingest-tokens-\(count).jsonl").path
    let generated = try DemoStore(orders: count, seed: 42, now: now).orderLines(count: count).map { line -> String in
        var order = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        var token = order["token"] as? [String: Any] ?? [:]
        let items = order["summaryItems"] as? [[String: Any]] ?? []
        let currency = Currency(code: order["currencyCode"] as? String ?? "") ?? Currency.all[0]
        let total = try Money(parsing: items.last?["amount"] as? String ?? "0", currency: currency)
        let transactionBytes = (token["transactionIdentifier"] as? String ?? "").utf8.hexDecoded ?? []
        let createdAt = Timestamp(rfc3339: order["createdAt"] as? String ?? "") ?? now
        let json = try pki.token(SandboxPKI.Payment(accountNumber: "6258071234567890", expiration: "291231",
                                                    currencyNumericCode: currency.numericCode, amount: total.minorUnits),
                                 signedAt: createdAt.date.addingTimeInterval(-5), applicationData: order["applicationData"] as? String,
                                 transactionId: transactionBytes)
        token["paymentData"] = try JSONSerialization.jsonObject(with: json)
        order["token"] = token
        return String(decoding: try JSONSerialization.data(withJSONObject: order), as: UTF8.self)
    }
    try Data((generated.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: tokenLines))
    // (A loop over an array of (String, (any TokenVerifying)?) crashed in release builds of this top-level
    // code with Swift 6.3; a function called twice does not.)
    func ingestTimed(_ name: String, _ verifier: (any TokenVerifying)?) throws {
        let path = folder.appendingPathComponent("ingest-tokens.sqlite").path
        removeStore(path)
        _ = try PayDeskStore.create(at: path, clock: { now })
        var summary = IngestSummary()
        let cpuBefore = processCPUSeconds()
        let elapsed = try seconds { summary = try ingest(tokenLines, into: path, verifier: verifier) }
        let cores = (processCPUSeconds() - cpuBefore) / elapsed
        print("  \(name.padding(toLength: 36, withPad: " ", startingAt: 0)) \(String(format: "%7.0f", Double(summary.ingested) / elapsed)) orders/s"
              + ", \(String(format: "%.2f", cores)) of \(ProcessInfo.processInfo.activeProcessorCount) cores busy  (\(summary))")
        removeStore(path)
    }
    try ingestTimed("without keys (shape checks only)", nil)
    try ingestTimed("with keys (verify + decrypt)", inspector)
    print("")
}
