import Crypto
import Foundation
import OrderModel
import OrderStore
import Testing
@testable import paydesk

@Suite struct AuditCheckpointTests {
    @Test func aCheckpointHasOneSpellingOnly() throws {
        // Given a signed checkpoint, which reads back as written
        let head = try #require(AuditHead(text: "3:" + String(repeating: "ab", count: 32)))
        let checkpoint = try AuditCheckpoint.sign(store: "/srv/paydesk.sqlite", head: head, time: Timestamp(rfc3339: "2026-11-23T10:00:00Z")!,
                                                  key: Curve25519.Signing.PrivateKey())
        #expect(try AuditCheckpoint(text: checkpoint.text, file: "c").isSignedByItsKey)
        // When the key's or the signature's last base64 character is respelled with a non-zero unused bit (the same bytes
        // to a lenient decoder), Then the file is refused rather than verified as a second spelling of the same checkpoint
        for field in ["key ed25519 ", "signature "] {
            var lines = checkpoint.text.split(separator: "\n").map(String.init)
            let index = try #require(lines.firstIndex { $0.hasPrefix(field) })
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
            let padding = lines[index].reversed().prefix { $0 == "=" }.count
            var characters = Array(lines[index])
            let last = characters.count - padding - 1
            characters[last] = alphabet[(alphabet.firstIndex(of: characters[last]) ?? 0) ^ 1]
            lines[index] = String(characters)
            #expect(throws: (any Error).self, "\(field)") { try AuditCheckpoint(text: lines.joined(separator: "\n") + "\n", file: "c") }
        }
    }
}
