#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif
import Foundation

/// Decrypted payment data, which holds the device account number, the cryptogram or EMV data: kept as bytes,
/// never as a `String`, and wiped when it goes. The type cannot be copied; the arrays that Swift copies from
/// `bytes` (the JSON reader keeps one) share its one allocation, since nothing writes to them, so the wipe
/// reaches them all. What Swift cannot promise beyond this is in docs/design.md §4.
struct CardDataBytes: ~Copyable {
    let bytes: [UInt8]

    /// Takes over what AES-GCM decrypted and wipes the decryptor's buffer once its bytes are here. A
    /// plaintext always holds more bytes than `Data` keeps inline, so the buffer wiped is the decryptor's own.
    init(taking plaintext: Data) {
        bytes = [UInt8](plaintext)
        plaintext.withUnsafeBytes { Self.wipe($0) }
    }

    deinit {
        bytes.withUnsafeBytes { Self.wipe($0) }
    }

    /// Zeroes the allocation `bytes` lies in, whoever else refers to it. Written through the pointer rather than
    /// by mutating, which would make a copy and wipe that instead; and with a call the optimiser must keep,
    /// since zeroing memory about to be freed is a store it may otherwise drop.
    static func wipe(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        let writable = UnsafeMutableRawPointer(mutating: start)
        #if canImport(Darwin)
        _ = memset_s(writable, bytes.count, 0, bytes.count)
        #else
        explicit_bzero(writable, bytes.count)
        #endif
    }
}
