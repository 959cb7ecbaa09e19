import Foundation
import SwiftASN1
import X509

/// Certificates already read from tokens, by their exact bytes. Apple signs every token of a period with the same
/// leaf and intermediate, and reading the two (with swift-certificates, after `CertificateKeyCheck`) cost nearly
/// as much as the ECDSA verification they are read for. Only certificates that passed both are kept, and a lookup
/// compares every byte, so a token gets exactly the `Certificate` it would have read itself: caching a pure
/// function of its whole input skips no check. Emptied if it ever grows past 64, like `ValidatedChains`.
final class ParsedCertificates: @unchecked Sendable {
    static let shared = ParsedCertificates()

    /// A certificate's bytes, hashed by their length and last 32 bytes (inside the signature, which differs
    /// between any two certificates) and compared in full.
    struct Bytes: Hashable {
        let bytes: ArraySlice<UInt8>

        static func == (lhs: Bytes, rhs: Bytes) -> Bool {
            lhs.bytes.count == rhs.bytes.count && lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in
                    guard let left = left.baseAddress, let right = right.baseAddress else { return true }  // both empty
                    return memcmp(left, right, lhs.bytes.count) == 0
                }
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            bytes.suffix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var certificates: [Bytes: Certificate] = [:]

    /// Empties the cache: the fuzzer does after each input, since LeakSanitizer takes certificates still held at
    /// exit for leaks (it does not follow the references Swift keeps inside enum payloads).
    func forgetAll() { lock.withLock { certificates.removeAll() } }

    /// The certificate `bytes` (as they came in the token) encode, checked and read, or from the cache.
    func certificate(_ bytes: ArraySlice<UInt8>) throws(TokenError) -> Certificate {
        if let known = lock.withLock({ certificates[Bytes(bytes: bytes)] }) { return known }
        let certificate: Certificate
        do {
            try CertificateKeyCheck.check(BER.parse(bytes))
            certificate = try Certificate(derEncoded: bytes)
        } catch let error as TokenError { throw error } catch {
            throw .format(field: "token.paymentData.signature", reason: "a certificate does not parse")
        }
        lock.withLock {
            if certificates.count >= 64 { certificates.removeAll() }
            // Keeps its own copy of the bytes, not the whole signature they are a slice of.
            certificates[Bytes(bytes: ArraySlice(Array(bytes)))] = certificate
        }
        return certificate
    }
}
