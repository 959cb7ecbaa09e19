import Crypto
import Foundation
import Testing

/// The audit log's head, kept and signed elsewhere, and the checks that hold the store to it (issue 13, finding 6).
@Suite struct AuditCommandTests {
    /// An Ed25519 key pair in the PEM files OpenSSL writes (PKCS#8, SubjectPublicKeyInfo; RFC 8410).
    static func writeKeys(in folder: URL, name: String) throws -> (private: String, public: String) {
        let key = Curve25519.Signing.PrivateKey()
        func pem(_ label: String, _ der: Data) -> String {
            "-----BEGIN \(label)-----\n\(der.base64EncodedString(options: .lineLength64Characters))\n-----END \(label)-----\n"
        }
        let privateDER = Data([0x30, 0x2E, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20]) + key.rawRepresentation
        let publicDER = Data([0x30, 0x2A, 0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70, 0x03, 0x21, 0x00]) + key.publicKey.rawRepresentation
        let privatePath = folder.appendingPathComponent("\(name).key").path, publicPath = folder.appendingPathComponent("\(name).pub").path
        #expect(FileManager.default.createFile(atPath: privatePath, contents: Data(pem("PRIVATE KEY", privateDER).utf8), attributes: [.posixPermissions: 0o600]))
        #expect(FileManager.default.createFile(atPath: publicPath, contents: Data(pem("PUBLIC KEY", publicDER).utf8), attributes: [.posixPermissions: 0o644]))
        return (privatePath, publicPath)
    }

    @Test func aHeadKeptElsewhereProvesTheLogStillExtendsIt() throws {
        // Given a store whose head an operator keeps after the first order
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        let head = try #require(try paydesk.json(["audit", "--head", "--json", "--db", paydesk.store]) as? [String: Any])
        #expect(head["entries"] as? Int == 1 && (head["head"] as? String)?.count == 64)
        let kept = try paydesk.run(["audit", "--head", "--db", paydesk.store]).stdout.trimmingCharacters(in: .newlines)
        #expect(kept == "1:\(head["head"] as? String ?? "")")
        // When more happens, Then the log still extends the kept head
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder)
        let verified = try paydesk.run(["audit", "--verify", "--expect-head", kept, "--db", paydesk.store])
        #expect(verified.status == 0 && verified.stdout.contains("; it extends the kept head \(kept)"))
        // And a head this log never had is refused, exit 1, in text and in JSON
        let forged = "1:" + String(repeating: "ab", count: 32)
        let refused = try paydesk.run(["audit", "--verify", "--expect-head", forged, "--db", paydesk.store])
        #expect(refused.status == 1 && refused.stderr.contains("is not the entry whose head you kept"))
        let json = try paydesk.run(["audit", "--verify", "--json", "--expect-head", forged, "--db", paydesk.store])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(json.status == 1 && object["intact"] as? Bool == false && (object["problem"] as? String)?.isEmpty == false)
        #expect((try paydesk.json(["audit", "--verify", "--json", "--db", paydesk.store]) as? [String: Any])?["ordersReconciled"] as? Int == 1)
    }

    @Test func aSignedCheckpointHoldsTheShopToItsHistory() throws {
        // Given a store and the shop's checkpoint key
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder)
        let keys = try Self.writeKeys(in: paydesk.folder, name: "audit")
        let other = try Self.writeKeys(in: paydesk.folder, name: "other")
        // When a checkpoint is signed and more happens
        let file = paydesk.folder.appendingPathComponent("checkpoint.txt").path
        let signed = try paydesk.run(["audit", "checkpoint", "--key", keys.private, "--output", file, "--db", paydesk.store])
        #expect(signed.status == 0 && signed.stdout.hasPrefix("checkpoint of 3:"))
        try paydesk.run(["refund", "E2E-1", "--amount", "1.00", "--reason", "other", "--yes", "--db", paydesk.store])
        // Then it verifies with the shop's public key, and the log extends it
        let verified = try paydesk.run(["audit", "--verify", "--checkpoint", file, "--public-key", keys.public, "--db", paydesk.store])
        #expect(verified.status == 0 && verified.stdout.contains("it extends the kept head 3:"), "\(verified.stderr)")
        // And another key's public key is refused, as is a checkpoint edited after it was signed
        let wrongKey = try paydesk.run(["audit", "--verify", "--checkpoint", file, "--public-key", other.public, "--db", paydesk.store])
        #expect(wrongKey.status == 1 && wrongKey.stderr.contains("not by the key in"))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "entries 3", with: "entries 2").utf8).write(to: URL(fileURLWithPath: file))
        let edited = try paydesk.run(["audit", "--verify", "--checkpoint", file, "--db", paydesk.store])
        #expect(edited.status == 1 && edited.stderr.contains("the signature does not verify; the checkpoint was altered"))
        // And a key others can read is refused, as ssh refuses one
        chmod(keys.private, 0o644)
        let exposed = try paydesk.run(["audit", "checkpoint", "--key", keys.private, "--db", paydesk.store])
        #expect(exposed.status == 1 && exposed.stderr.contains("readable by group or others"))
    }

    @Test func aCheckpointIsWrittenOnlyToAFileThatWasNotThere() throws {
        // Given a store, the shop's checkpoint key, and a checkpoint kept earlier
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        let keys = try Self.writeKeys(in: paydesk.folder, name: "audit")
        let kept = paydesk.folder.appendingPathComponent("kept.txt").path
        #expect(try paydesk.run(["audit", "checkpoint", "--key", keys.private, "--output", kept, "--db", paydesk.store]).status == 0)
        // When --output names the store, the key or that checkpoint, in read-only mode too
        for (target, mode) in [(paydesk.store, ["--read-only"]), (keys.private, []), (kept, [])] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let refused = try paydesk.run(["audit", "checkpoint", "--key", keys.private, "--output", target, "--db", paydesk.store] + mode)
            // Then it is refused, saying why, and the file is as it was
            #expect(refused.status == 1 && refused.stderr.contains("\(target): already exists"), "\(refused.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        }
        #expect(try paydesk.run(["orders", "list", "--db", paydesk.store]).status == 0)
        // And a link planted at the name is not followed
        let link = paydesk.folder.appendingPathComponent("link.txt").path, aim = paydesk.folder.appendingPathComponent("aim.txt").path
        #expect(symlink(aim, link) == 0)
        #expect(try paydesk.run(["audit", "checkpoint", "--key", keys.private, "--output", link, "--db", paydesk.store]).status == 1)
        #expect(!FileManager.default.fileExists(atPath: aim))
    }

    @Test func anEmptyLogHasNoHeadToSign() throws {
        // Given a new store, whose log holds no entry
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        let keys = try Self.writeKeys(in: paydesk.folder, name: "audit")
        // When a checkpoint is asked for, Then it is refused, saying why, and no file is written
        let file = paydesk.folder.appendingPathComponent("checkpoint.txt").path
        let refused = try paydesk.run(["audit", "checkpoint", "--key", keys.private, "--output", file, "--db", paydesk.store])
        #expect(refused.status == 1 && refused.stderr.contains("the audit log is empty; sign a checkpoint once it holds an entry"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func theHeadOfANewStoreIsExtendedByEveryLogAfterIt() throws {
        // Given the head a new store's log has, kept before anything happened
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        let kept = try paydesk.run(["audit", "--head", "--db", paydesk.store]).stdout.trimmingCharacters(in: .newlines)
        #expect(kept == "0:" + String(repeating: "0", count: 64))
        // When orders arrive, Then the log extends it
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        let verified = try paydesk.run(["audit", "--verify", "--expect-head", kept, "--db", paydesk.store])
        #expect(verified.status == 0 && verified.stdout.contains("it extends the kept head \(kept)"), "\(verified.stderr)")
        // And 0 entries with any other hash, or a count below 0, names no head a log can have
        for head in ["0:" + String(repeating: "ab", count: 32), "-5:" + String(repeating: "0", count: 64)] {
            let other = try paydesk.run(["audit", "--verify", "--expect-head=" + head, "--db", paydesk.store])
            #expect(other.status == 64 && other.stderr.contains("is not ENTRIES:HASH"), "\(head): \(other.stderr)")
        }
        // And the empty log's hash with a count is a head this log never had
        let cut = try paydesk.run(["audit", "--verify", "--expect-head", "99:" + String(repeating: "0", count: 64), "--db", paydesk.store])
        #expect(cut.status == 1 && cut.stderr.contains("names entry 99: entries 2 to 99 were cut off"), "\(cut.stderr)")
    }

    @Test func processLogsTheHeadAfterAPassThatWrote() throws {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        let run = try paydesk.run(["process", "--processor", "sandbox", "--once", "--delay-scale", "0", "--max-wait", "60s", "--db", paydesk.store])
        let head = try paydesk.run(["audit", "--head", "--db", paydesk.store]).stdout.trimmingCharacters(in: .newlines)
        #expect(run.stderr.contains("audit head head=\(head)"), "\(run.stderr)")
    }
}
