import Foundation
import Testing

/// `paydesk decrypt` on the public vectors in Tests/Fixtures/ApplePay.
@Suite struct DecryptCommandTests {
    static let vectors = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ApplePay")

    /// Signing times as RFC 3339, from each vector's signing_time.txt (README table).
    static let signedAt = [
        "V1_gala2014": "2014-10-27T19:51:43Z", "V2_gala2021": "2021-09-01T19:03:06Z", "V3_payu": "2018-01-26T13:55:18Z",
        "V4_dave": "2020-09-17T16:46:06Z", "V5_sepuka": "2019-06-07T08:39:15Z", "B1_basis_rsa": "2024-01-08T17:54:44Z",
        "B2_basis_ec_new": "2023-09-13T13:49:38Z", "B3_basis_ec_old": "2023-03-20T20:46:55Z",
    ]

    /// The vector's key copied to a 0600 file (git gives every file 0644, which paydesk rightly refuses).
    static func arguments(_ vector: String, in paydesk: PayDeskBinary, now: String? = nil) throws -> [String] {
        let folder = vectors.appendingPathComponent(vector)
        let key = paydesk.folder.appendingPathComponent("\(vector).pem")
        try? FileManager.default.removeItem(at: key)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("private_key.pem"), to: key)
        chmod(key.path, 0o600)
        var arguments = ["decrypt", folder.appendingPathComponent("token.json").path, "--key", key.path]
        if let id = try? String(contentsOf: folder.appendingPathComponent("merchant_id.txt"), encoding: .utf8) {
            arguments += ["--merchant-id", id.trimmingCharacters(in: .whitespacesAndNewlines)]
        } else {
            arguments += ["--cert", folder.appendingPathComponent("merchant_cert.pem").path]
        }
        if let now { arguments += ["--now", now] }
        return arguments
    }

    static func secrets(_ vector: String) throws -> [String] {
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: vectors.appendingPathComponent(vector).appendingPathComponent("expected_plaintext.json"))) as? [String: Any] ?? [:]
        let details = expected["paymentData"] as? [String: Any] ?? [:]
        return [expected["applicationPrimaryAccountNumber"] as? String, details["onlinePaymentCryptogram"] as? String,
                details["emvData"] as? String].compactMap { $0 }
    }

    @Test(arguments: signedAt.keys.sorted())
    func decryptsEveryVectorAndPrintsOnlyMaskedData(vector: String) throws {
        let paydesk = try PayDeskBinary()
        let now = try #require(Self.signedAt[vector])
        let result = try paydesk.run(Self.arguments(vector, in: paydesk, now: now) + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let data = try #require(object["data"] as? [String: Any])
        let signature = try #require(object["signature"] as? [String: Any])
        #expect(signature["verified"] as? Bool == true && signature["signingTime"] as? String == now)
        let root = try #require(signature["root"] as? [String: Any])
        #expect(root["name"] as? String == "Apple Root CA - G3" && root["sandbox"] as? Bool == false
                && (root["sha256"] as? String)?.hasPrefix("63:34:3A:BF") == true)
        #expect(Set(data.keys) == ["accountLast4", "expiration", "currencyCode", "transactionAmount", "paymentDataType",
                                   "eciIndicator", "cryptogramPresent", "deviceManufacturerIdentifier"])
        let secrets = try Self.secrets(vector)
        #expect(data["accountLast4"] as? String == String(secrets[0].suffix(4)))
        let text = try paydesk.run(Self.arguments(vector, in: paydesk, now: now))
        for output in [result.stdout, result.stderr, text.stdout, text.stderr] {
            for secret in secrets { #expect(!output.contains(secret)) }
        }
    }

    @Test func failuresNameTheCheckInOneLine() throws {
        let paydesk = try PayDeskBinary()
        // Without --now the replay window is judged against today: long past for every vector
        let stale = try paydesk.run(Self.arguments("B2_basis_ec_new", in: paydesk))
        #expect(stale.status != 0 && stale.stderr.contains(": replay window: signed at 2023-09-13"))
        #expect(stale.stderr.split(separator: "\n").count == 1 && stale.stdout.isEmpty)
        // B3's token with B2's key: the key hash matches nothing
        var wrongKey = try Self.arguments("B2_basis_ec_new", in: paydesk, now: "2023-03-20T20:47:00Z")
        wrongKey[1] = Self.vectors.appendingPathComponent("B3_basis_ec_old/token.json").path
        let missing = try paydesk.run(wrongKey)
        #expect(missing.stderr.contains(": key not found: no configured merchant key has public key hash "))
        // A key file others can read is refused, as ssh refuses one
        let open = Self.vectors.appendingPathComponent("V1_gala2014/private_key.pem").path
        var arguments = try Self.arguments("V1_gala2014", in: paydesk, now: "2014-10-27T19:52:00Z")
        arguments[3] = open
        let refused = try paydesk.run(arguments)
        #expect(refused.stderr.hasPrefix("paydesk: \(open): private key is readable by group or others"))
        #expect(!refused.stderr.contains("PRIVATE KEY"))
        // The replay window says which way the signing time is off, and by how much
        let late = try paydesk.run(Self.arguments("V1_gala2014", in: paydesk, now: "2014-10-27T19:56:44Z"))
        #expect(late.stderr.contains(": replay window: signed at 2014-10-27 19:51:43 +0000, 301 s before 2014-10-27 19:56:44 +0000; "
                                     + "the window is 300 s either way"), "\(late.stderr)")
        let early = try paydesk.run(Self.arguments("V1_gala2014", in: paydesk, now: "2014-10-27T19:46:42Z"))
        #expect(early.stderr.contains(", 301 s after 2014-10-27 19:46:42 +0000;"), "\(early.stderr)")
    }

    @Test func aFileThatHoldsNoKeyIsNamedWhicheverFileItIs() throws {
        // Given V1, whose merchant identifier comes from its certificate
        let paydesk = try PayDeskBinary()
        var arguments = try Self.arguments("V1_gala2014", in: paydesk, now: "2014-10-27T19:52:00Z")
        let certificateAt = try #require(arguments.firstIndex(of: "--cert")) + 1
        let key = arguments[3], certificate = arguments[certificateAt]
        // When the certificate is given as the key, Then the key file is named
        let notAKey = paydesk.folder.appendingPathComponent("not-a-key.pem").path
        try FileManager.default.copyItem(atPath: certificate, toPath: notAKey)
        chmod(notAKey, 0o600)
        arguments[3] = notAKey
        let wrongKey = try paydesk.run(arguments)
        #expect(wrongKey.status == 1 && wrongKey.stderr == "paydesk: \(notAKey): merchant key: no PEM private key block\n", "\(wrongKey.stderr)")
        // And when the key is given as the certificate, the certificate file is named
        arguments[3] = key
        arguments[certificateAt] = key
        let wrongCertificate = try paydesk.run(arguments)
        #expect(wrongCertificate.stderr == "paydesk: \(key): merchant certificate: not a PEM X.509 certificate\n", "\(wrongCertificate.stderr)")
    }
}
