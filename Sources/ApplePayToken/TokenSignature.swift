import Crypto
import Foundation
import OrderModel
import SwiftASN1
import X509
import _CryptoExtras

/// What Apple's detached CMS signature says, once its signature checks out: when it was signed, and the
/// certificates to validate against Apple Root CA - G3.
public struct VerifiedSignature: Sendable {
    public var signingTime: Date
    public var leaf: Certificate
    public var intermediate: Certificate
}

/// The CMS part of docs/design.md §4: Apple sends SignedData as BER with indefinite lengths and the leaf certificate
/// first, so it is read with a BER parser and the leaf is found by Apple's marker OID, never by position.
/// Checked here: the messageDigest attribute against the signed content, the ECDSA or RSA signature over the
/// signed attributes, and the leaf and intermediate markers. The chain to the root is checked separately.
///
/// Read with swift-asn1's BER nodes and types rather than swift-certificates' CMS, which (1.21.1) reads BER too but
/// only behind `@_spi(CMS)`, with no stable API; its `CMS.isValidSignature` finds the signer by issuer and serial
/// number instead of Apple's marker, returns neither the signing time (which the chain check and the replay window
/// need) nor the chain, and validates the chain itself on every call with a policy fixed before the signing time
/// is known, where PayDesk validates at the signing time and caches the result.
public enum TokenSignature {
    // The OIDs a signature is read by; public for the sandbox PKI (PayDeskSandbox), which signs tokens with them.
    public static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 2]
    public static let messageDigest: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 4]
    public static let signingTime: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 5]
    public static let ecdsaWithSHA256: ASN1ObjectIdentifier = [1, 2, 840, 10045, 4, 3, 2]
    static let sha256WithRSA: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 11]
    static let rsaEncryption: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 1, 1]
    public static let leafMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 29]
    public static let intermediateMarker: ASN1ObjectIdentifier = [1, 2, 840, 113635, 100, 6, 2, 14]

    public static func verify(_ token: PaymentTokenData) throws(TokenError) -> VerifiedSignature {
        let signer: SignerInfo
        let certificates: [Certificate]
        do { (signer, certificates) = try parse(Array(token.signature)) } catch let error as TokenError { throw error } catch {
            throw .format(field: "token.paymentData.signature", reason: "not a CMS SignedData structure")
        }
        guard let leaf = certificates.first(where: { $0.extensions.contains { $0.oid == leafMarker } }) else {
            throw .certificateMarker("no certificate carries Apple's leaf marker 1.2.840.113635.100.6.29")
        }
        guard let intermediate = certificates.first(where: { $0.extensions.contains { $0.oid == intermediateMarker } }) else {
            throw .certificateMarker("no certificate carries Apple's intermediate marker 1.2.840.113635.100.6.2.14")
        }
        guard Array(SHA256.hash(data: signedContent(token))) == signer.messageDigest else {
            throw .signature("the messageDigest attribute does not match the token's data, key and transaction id")
        }
        guard isValid(signer, by: leaf) else { throw .signature("the signature over the signed attributes does not verify with the leaf certificate") }
        return VerifiedSignature(signingTime: signer.signingTime, leaf: leaf, intermediate: intermediate)
    }

    /// ephemeralPublicKey or wrappedKey ‖ data ‖ transactionId ‖ applicationData, the last two hex-decoded.
    static func signedContent(_ token: PaymentTokenData) -> [UInt8] {
        var content = Array(token.ephemeralPublicKey ?? token.wrappedKey ?? Data())
        content += Array(token.data)
        content += token.transactionId.utf8.hexDecoded ?? []
        if let applicationData = token.applicationData { content += applicationData.utf8.hexDecoded ?? [] }
        return content
    }

    static func isValid(_ signer: SignerInfo, by leaf: Certificate) -> Bool {
        // What was signed is the DER of the attributes as a SET (tag 0x31), not as the [0] they arrive in.
        let signedBytes = Data([0x31] + signer.signedAttributes.dropFirst())
        switch signer.algorithm {
        case ecdsaWithSHA256:
            guard let key = P256.Signing.PublicKey(leaf.publicKey),
                  let signature = try? P256.Signing.ECDSASignature(derRepresentation: signer.signature) else { return false }
            return key.isValidSignature(signature, for: signedBytes)
        case sha256WithRSA, rsaEncryption:
            guard let key = _RSA.Signing.PublicKey(leaf.publicKey) else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signer.signature), for: signedBytes,
                                        padding: .insecurePKCS1v1_5)
        default:
            return false
        }
    }

    struct SignerInfo {
        var signedAttributes: ArraySlice<UInt8>
        var messageDigest: [UInt8]
        var signingTime: Date
        var algorithm: ASN1ObjectIdentifier
        var signature: [UInt8]
    }

    /// ContentInfo { signedData OID, [0] SignedData { version, digestAlgorithms, encapContentInfo,
    /// [0] certificates, [1] crls?, signerInfos } }.
    static func parse(_ bytes: [UInt8]) throws -> (SignerInfo, [Certificate]) {
        let contentInfo = try children(BER.parse(bytes))
        guard contentInfo.count == 2, try ASN1ObjectIdentifier(berEncoded: contentInfo[0]) == signedData,
              let signedDataNode = try children(contentInfo[1]).first else {
            throw TokenError.format(field: "token.paymentData.signature", reason: "not CMS SignedData")
        }
        var certificates: [Certificate] = []
        var signerInfos: [ASN1Node] = []
        for node in try children(signedDataNode).dropFirst(3) {
            if node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) {
                certificates = try children(node).map { try ParsedCertificates.shared.certificate($0) }
            } else if node.identifier == .set {
                signerInfos = try children(node)
            }
        }
        guard let signerNode = signerInfos.first else { throw TokenError.format(field: "token.paymentData.signature", reason: "no signer") }
        let fields = try children(signerNode)
        guard let attributes = fields.first(where: { $0.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific) }),
              let attributesIndex = fields.firstIndex(where: { $0.identifier == attributes.identifier }),
              fields.count > attributesIndex + 2 else {
            throw TokenError.format(field: "token.paymentData.signature", reason: "no signed attributes")
        }
        var digest: [UInt8]?
        var time: Date?
        for attribute in try children(attributes) {
            let parts = try children(attribute)
            guard parts.count == 2, let value = try children(parts[1]).first else { continue }
            let oid = try ASN1ObjectIdentifier(berEncoded: parts[0])
            if oid == messageDigest { digest = Array(try ASN1OctetString(berEncoded: value).bytes) }
            if oid == signingTime { time = (try? UTCTime(berEncoded: value)).flatMap(date) }
        }
        guard let digest else { throw TokenError.format(field: "token.paymentData.signature", reason: "no messageDigest attribute") }
        guard let time else { throw TokenError.format(field: "token.paymentData.signature", reason: "no signingTime attribute") }
        guard let algorithmNode = try children(fields[attributesIndex + 1]).first else {
            throw TokenError.format(field: "token.paymentData.signature", reason: "no signature algorithm")
        }
        let algorithm = try ASN1ObjectIdentifier(berEncoded: algorithmNode)
        let signature = Array(try ASN1OctetString(berEncoded: fields[attributesIndex + 2]).bytes)
        return (SignerInfo(signedAttributes: attributes.encodedBytes, messageDigest: digest, signingTime: time,
                           algorithm: algorithm, signature: signature), certificates)
    }

    static func children(_ node: ASN1Node) throws -> [ASN1Node] {
        guard case .constructed(let nodes) = node.content else {
            throw TokenError.format(field: "token.paymentData.signature", reason: "unexpected primitive value")
        }
        return Array(nodes)
    }

    /// A UTCTime, as swift-asn1 read and range-checked it (years 50–99 are 19xx, as RFC 5280 says), as a `Date`.
    /// swift-certificates converts its own times the same way, but keeps that conversion internal. Counted out
    /// in the proleptic Gregorian calendar (days before the month from a year starting in March, so that the leap
    /// day comes last) rather than by building a UTC `Calendar` for every token.
    static func date(_ time: UTCTime) -> Date? {
        let year = time.year - (time.month <= 2 ? 1 : 0)
        let monthFromMarch = (time.month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + time.day - 1
        let days = 365 * year + year / 4 - year / 100 + year / 400 + dayOfYear - 719_468  // 1970-01-01 is day 719,468
        let seconds = ((days * 24 + time.hours) * 60 + time.minutes) * 60 + time.seconds
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
