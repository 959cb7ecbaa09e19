import Foundation
@testable import ApplePayToken
import OrderModel

/// What a token brings: a JSON input is read both as a token file (`paymentData`, or a whole PKPaymentToken),
/// whose header and signature then go through the CMS parser and decryption with a real merchant key, and as
/// decrypted payment data; anything else is read as a CMS signature with its certificates. Every failure must
/// be a `TokenError`, one line long.
let vector = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/ApplePay/B2_basis_ec_new")
let decryptor: TokenDecryptor? = {
    guard let key = try? String(contentsOf: vector.appendingPathComponent("private_key.pem"), encoding: .utf8),
          let certificate = try? String(contentsOf: vector.appendingPathComponent("merchant_cert.pem"), encoding: .utf8),
          let merchantKey = try? MerchantKey(privateKeyPEM: key, identity: .certificate(certificate)) else { return nil }
    return TokenDecryptor(keys: [merchantKey])
}()
/// A real token whose signature the CMS branch replaces.
let template: PaymentTokenData? = (try? Data(contentsOf: vector.appendingPathComponent("token.json"))).flatMap { try? PaymentTokenData(json: $0) }

@_silgen_name("__lsan_disable") func leakCheckingOff()
@_silgen_name("__lsan_enable") func leakCheckingOn()

/// Builds the key and the template before the first input, unseen by LeakSanitizer: Swift keeps some
/// references (a `Data` in an enum) with tag bits in the pointer, which LeakSanitizer cannot recognise, so
/// these long-lived objects would be reported as leaks.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    leakCheckingOff()
    defer { leakCheckingOn() }
    guard decryptor != nil, template != nil else { fatalError("the fuzz target cannot find Tests/Fixtures/ApplePay/B2_basis_ec_new") }
    return 0
}

func checkOneLine(_ error: TokenError) {
    precondition(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a failure that is not one plain line")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToken(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let decryptor, var template else { return 0 }
    // What an input leaves in the certificate cache is let go, so that a leak it made is a leak LeakSanitizer sees.
    defer { ParsedCertificates.shared.forgetAll() }
    let input = Data(UnsafeBufferPointer(start: data, count: count))
    if input.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{") {
        do {
            let token = try PaymentTokenData(json: input)
            _ = try? TokenSignature.verify(token)
            _ = try decryptor.decrypt(token)
        } catch {
            checkOneLine(error)
        }
        do {
            let masked = try MaskedPaymentData(plaintext: input)
            precondition(masked.accountLast4.utf8.count == 4 && masked.accountLast4.utf8.allSatisfy { $0 &- 0x30 < 10 })
        } catch {
            checkOneLine(error)
        }
    } else {
        template.signature = [UInt8](input)
        do { _ = try TokenSignature.verify(template) } catch { checkOneLine(error) }
    }
    return 0
}
