import Crypto
import Foundation
import Testing
import TestSupport
@testable import ApplePayToken

/// The decrypted account number, cryptogram and EMV data stay in bytes that are wiped, and never become a `String`.
@Suite struct CardDataTests {
    @Test func wipesTheDecryptorsBufferAndEveryArraySharingTheBytes() {
        // Given a decrypted plaintext, taken over as card data
        let digits = (0..<64).map { UInt8(ascii: "0") + UInt8($0 % 10) }
        let decrypted = Data(digits)
        let plaintext = CardDataBytes(taking: decrypted)
        // Then the decryptor's buffer is wiped as soon as its bytes are taken
        #expect(decrypted.allSatisfy { $0 == 0 })
        // And an array copied from them, as the JSON reader keeps one, shares them rather than copying them
        let shared = plaintext.bytes
        #expect(plaintext.bytes == digits)
        // When the card data goes, Then the array sharing it is wiped with it
        _ = consume plaintext
        #expect(shared.count == 64 && shared.allSatisfy { $0 == 0 })
    }

    #if os(Linux)
    /// Reading a token leaves the full account number, the cryptogram and the EMV data nowhere in this process's
    /// memory: not in a `String`, not in a buffer freed without being wiped. Shown on Linux, through /proc.
    @Test func leavesNoCopyOfTheAccountNumberCryptogramOrEMVDataInMemory() throws {
        // Given a token whose plaintext holds a seeded account number (*), cryptogram (@) and EMV data (%), written
        // only into buffers that this test wipes or keeps out of the search
        let seed = TestSeed()
        var generator = seed.generator
        let template = Array(##"{"applicationPrimaryAccountNumber":"****************","applicationExpirationDate":"301231","currencyCode":"840","transactionAmount":1000,"deviceManufacturerIdentifier":"040010030273","paymentDataType":"3DSecure","paymentData":{"onlinePaymentCryptogram":"@@@@@@@@@@@@@@@@@@@@@@@@@@@=","eciIndicator":"7","emvData":"%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%"}}"##.utf8)
        let plaintext = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: template.count)
        _ = plaintext.initialize(from: template)
        defer {
            CardDataBytes.wipe(UnsafeRawBufferPointer(plaintext))
            plaintext.deallocate()
        }
        let alphabets: [(marker: Character, characters: String)] = [("*", "0123456789"), ("@", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), ("%", "0123456789ABCDEF")]
        let secrets = alphabets.map { marker, characters in
            let positions = plaintext.indices.filter { plaintext[$0] == marker.asciiValue }
            let secret = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: positions.count)
            for (index, position) in positions.enumerated() {
                plaintext[position] = characters.utf8.randomElement(using: &generator) ?? 0
                secret[index] = plaintext[position]
            }
            return UnsafeBufferPointer(secret)
        }
        defer {
            // Wiped as they go, so that a replay in the same process (PAYDESK_TEST_SEED) does not find these copies
            secrets.forEach { CardDataBytes.wipe(UnsafeRawBufferPointer($0)); $0.deallocate() }
        }
        let merchant = GeneratedTokenTests.p256Key(&generator)
        let key = try MerchantKey(privateKeyPEM: merchant.pemRepresentation, identity: .merchantIdentifier("merchant.com.example"))
        let ephemeral = GeneratedTokenTests.p256Key(&generator)
        let symmetric = try TokenDecryptor.ecSymmetricKey(merchant, ephemeralPublicKey: Array(ephemeral.publicKey.derRepresentation),
                                                          merchantIdHash: key.merchantIdHash)
        let box = try AES.GCM.seal(UnsafeRawBufferPointer(plaintext), using: symmetric, nonce: AES.GCM.Nonce(data: Data(repeating: 0, count: 16)))
        // (the search finds what is there: the plaintext before it is wiped)
        #expect(try ProcessMemory.firstCopy(of: secrets[0], apartFrom: secrets) != nil, "\(seed)")
        CardDataBytes.wipe(UnsafeRawBufferPointer(plaintext))
        let token = try GeneratedTokenTests.token(version: "EC_v1", data: box.ciphertext + box.tag, header: [
            "ephemeralPublicKey": ephemeral.publicKey.derRepresentation.base64EncodedString(), "publicKeyHash": key.publicKeyHash,
        ])

        // When it is decrypted and masked
        let masked = try TokenDecryptor(keys: [key]).decrypt(token)

        // Then the last four digits are what is left, and no copy of any of the three remains anywhere
        #expect(masked.accountLast4 == String(decoding: secrets[0].suffix(4), as: UTF8.self), "\(seed)")
        for secret in secrets {
            let copy = try ProcessMemory.firstCopy(of: secret, apartFrom: secrets)
            #expect(copy == nil, "\(seed)")
        }
    }
    #endif
}

#if os(Linux)
/// This process's writable memory, read through /proc/self/mem, so that a page another thread unmaps meanwhile
/// is a read that fails rather than a crash.
enum ProcessMemory {
    struct Unreadable: Error {}

    /// Where `needle` first lies in writable memory outside the buffers in `apartFrom` (where the test keeps it):
    /// its address and the mapping's line in /proc/self/maps, for a failure to name; nil when nowhere.
    static func firstCopy(of needle: UnsafeBufferPointer<UInt8>, apartFrom kept: [UnsafeBufferPointer<UInt8>]) throws -> String? {
        guard let first = needle.first, let needleStart = needle.baseAddress else { return nil }
        let file = open("/proc/self/mem", O_RDONLY)
        guard file >= 0 else { throw Unreadable() }
        defer { close(file) }
        let chunkSize = 1 << 20
        // Chunks overlap by the needle's length, so that one lying across two chunks is still found.
        // The chunk holds copies of what it read, the secrets among them: wiped before it is freed, or another
        // allocation that takes its place would hold them outside what the next search ignores.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize + needle.count, alignment: 16)
        defer {
            CardDataBytes.wipe(UnsafeRawBufferPointer(chunk))
            chunk.deallocate()
        }
        guard let chunkStart = chunk.baseAddress else { throw Unreadable() }
        let ignored = (kept.map { UnsafeRawBufferPointer($0) } + [UnsafeRawBufferPointer(chunk)]).map {
            UInt(bitPattern: $0.baseAddress)..<UInt(bitPattern: $0.baseAddress) + UInt($0.count)
        }
        for line in try String(contentsOfFile: "/proc/self/maps", encoding: .utf8).split(separator: "\n") {
            let fields = line.split(separator: " ")
            let bounds = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
            guard fields.count > 1, fields[1].hasPrefix("rw"), bounds.count == 2 else { continue }
            var address = bounds[0]
            while address < bounds[1] {
                let read = pread(file, chunkStart, Int(min(UInt(chunk.count), bounds[1] - address)), off_t(UInt64(address)))
                var offset = 0
                while offset + needle.count <= read, let hit = memchr(chunkStart + offset, Int32(first), read - offset - needle.count + 1) {
                    let position = hit - chunkStart
                    if memcmp(hit, needleStart, needle.count) == 0,
                       !ignored.contains(where: { $0.contains(address + UInt(position)) }) {
                        return "0x" + String(address + UInt(position), radix: 16) + " in " + line
                    }
                    offset = position + 1
                }
                address += UInt(chunkSize)
            }
        }
        return nil
    }
}
#endif
