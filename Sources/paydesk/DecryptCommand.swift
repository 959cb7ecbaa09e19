import ApplePayToken
import ArgumentParser
import Foundation
import MerchantConfiguration
import OrderModel
import OrderStore
import TerminalCore
import X509

struct DecryptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Verify an Apple Pay token's signature and decrypt it, showing only masked data.",
        discussion: """
            Checks, in order: the token's format, Apple's CMS signature (messageDigest, signature, certificate \
            markers), the chain to Apple Root CA - G3 at the signing time, the replay window (5 minutes around \
            --now, else the current time), the key named by the token's publicKeyHash, and the GCM tag. A failure \
            exits non-zero with one line naming the check. Only the last 4 digits of the device account number, \
            the expiry, amount, currency, data type and ECI are ever printed.
            """)

    @Argument(help: ArgumentHelp("The token's paymentData as JSON (or a PKPaymentToken with a paymentData member).", valueName: "token.json"), completion: .token)
    var token: String

    @Option(help: ArgumentHelp("The merchant's Payment Processing private key, PEM, readable by its owner only.", valueName: "key.pem"), completion: .privateKey)
    var key: String

    @Option(help: ArgumentHelp("The Payment Processing certificate, for the merchant identifier hash.", valueName: "cert.pem"), completion: .certificate)
    var cert: String?

    @Option(help: ArgumentHelp("The merchant identifier, when there is no certificate.", valueName: "id"))
    var merchantId: String?

    @Option(help: ArgumentHelp("Trust this root too (sandbox and tests only).", valueName: "root.pem"), completion: .certificate)
    var trustRoot: String?

    @Option(help: ArgumentHelp("The time to judge the replay window against, RFC 3339 (default: now).", valueName: "time"))
    var now: String?

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        guard (cert == nil) != (merchantId == nil) else { throw ValidationError("give exactly one of --cert and --merchant-id") }
        if let now, Timestamp(rfc3339: now) == nil { throw ValidationError("--now \(quoted(now)) is not an RFC 3339 time") }
    }

    func run() throws {
        let keyText = try readFile(key, secret: true, writableByOthersRefused: false)
        let merchantKey: MerchantKey
        do { merchantKey = try MerchantKey(privateKeyPEM: keyText, identity: try identity()) } catch let error as TokenError {
            if case .merchantCertificate = error { throw CommandFailure("\(cert ?? ""): \(error)") }
            throw CommandFailure("\(key): \(error)")
        }
        let paymentData = try tokenData()
        let roots = try trustRoot.map { (path: String) throws -> [Certificate] in
            let pem = try readFile(path, secret: false, writableByOthersRefused: true)
            do { return [try Certificate(pemEncoded: pem)] } catch { throw CommandFailure("\(path): not a PEM certificate") }
        } ?? []
        let moment = (now.flatMap(Timestamp.init(rfc3339:)) ?? Timestamp.now()).date
        var checked = TokenCheck()
        do { try TokenInspector(keys: [merchantKey], extraRoots: roots).check(paymentData, now: moment, into: &checked) } catch {
            throw CommandFailure("\(token): \(error)")
        }
        guard let signingTime = checked.signingTime, let root = checked.root, let payment = checked.payment else {
            throw CommandFailure("\(token): the checks did not complete")
        }
        let result = DecryptResult(version: paymentData.version.rawValue, transactionId: paymentData.transactionId,
                                   signature: .init(verified: true, signingTime: Timestamp(date: signingTime).rfc3339,
                                                    root: .init(name: root.name, sha256: root.sha256, sandbox: !root.isApple)),
                                   data: payment)
        if json { try Output.json(try JSONContract.text(result, pretty: true)) } else { try Output.line(result.text(root)) }
    }

    func identity() throws -> MerchantKey.Identity {
        if let merchantId { return .merchantIdentifier(merchantId) }
        return .certificate(try readFile(cert ?? "", secret: false, writableByOthersRefused: false))
    }

    func tokenData() throws -> PaymentTokenData {
        // At most one byte past the limit is read, so that a huge file (or /dev/zero) is refused, not swallowed.
        guard let file = FileHandle(forReadingAtPath: token),
              let bytes = try? file.read(upToCount: PaymentTokenData.maximumFileBytes + 1) ?? Data()
        else { throw CommandFailure("\(token): cannot read it") }
        try? file.close()
        do { return try PaymentTokenData(json: bytes) } catch { throw CommandFailure("\(token): \(error)") }
    }
}

/// What `decrypt --json` prints (docs/design.md §4).
struct DecryptResult: Encodable {
    struct Signature: Encodable {
        var verified: Bool
        var signingTime: String
        var root: Root
    }

    /// The root the signing chain ends at: `sandbox` unless it is the bundled Apple Root CA - G3.
    struct Root: Encodable {
        var name: String
        var sha256: String
        var sandbox: Bool
    }

    var version: String
    var transactionId: String
    var signature: Signature
    var data: MaskedPaymentData

    func text(_ root: TokenRoot) -> String {
        let amount = Currency(numericCode: data.currencyCode).map { Money(minorUnits: data.transactionAmount, currency: $0).description }
            ?? "\(data.transactionAmount) (currency \(data.currencyCode))"
        return """
            \(version)  transaction \(transactionId)
            signature: verified, signed \(signature.signingTime), chains to \(root)\(root.isApple ? "" : "\nWARNING:   a SANDBOX root, trusted by --trust-root: never Apple's, never a real payment")
            card:      •••• \(data.accountLast4)  expires \(data.expiration.suffix(2))/\(data.expiration.dropFirst(2).prefix(2))
            amount:    \(amount)
            type:      \(data.paymentDataType)\(data.eciIndicator.map { "  ECI \($0)" } ?? "")  cryptogram \(data.cryptogramPresent ? "present" : "absent")
            device:    \(data.deviceManufacturerIdentifier)
            """
    }
}

/// A key, certificate or root file, read as ssh would (see `SecretFile`), failing as `paydesk: <path>: <problem>`.
func readFile(_ path: String, secret: Bool, writableByOthersRefused: Bool) throws -> String {
    do { return try SecretFile.read(path, secret: secret, writableByOthersRefused: writableByOthersRefused) } catch { throw CommandFailure(error) }
}
