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
/// first, so it is read as BER and the leaf is found by Apple's marker OID, never by position.
/// Checked here: the messageDigest attribute against the signed content, the ECDSA or RSA signature over the
/// signed attributes, and the leaf and intermediate markers. The chain to the root is checked separately.
///
/// Walked with `BERReader` rather than swift-asn1's BER nodes, which read every element of both certificates on
/// every token (nearly half of what a token cost beyond its curve arithmetic), and rather than swift-certificates' CMS,
/// which (1.21.1) reads BER too but only behind `@_spi(CMS)`, with no stable API; its `CMS.isValidSignature` finds the signer by issuer and serial
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
        let (signer, certificates) = try parse(token.signature)
        guard let leaf = certificates.first(where: { $0.extensions.contains { $0.oid == leafMarker } }) else {
            throw .certificateMarker("no certificate carries Apple's leaf marker 1.2.840.113635.100.6.29")
        }
        guard let intermediate = certificates.first(where: { $0.extensions.contains { $0.oid == intermediateMarker } }) else {
            throw .certificateMarker("no certificate carries Apple's intermediate marker 1.2.840.113635.100.6.2.14")
        }
        guard signer.messageDigest.elementsEqual(contentDigest(token)) else {
            throw .signature("the messageDigest attribute does not match the token's data, key and transaction id")
        }
        guard isValid(signer, by: leaf) else { throw .signature("the signature over the signed attributes does not verify with the leaf certificate") }
        return VerifiedSignature(signingTime: signer.signingTime, leaf: leaf, intermediate: intermediate)
    }

    /// SHA-256 of ephemeralPublicKey or wrappedKey ‖ data ‖ transactionId ‖ applicationData, the last two
    /// hex-decoded, hashed part by part rather than joined.
    static func contentDigest(_ token: PaymentTokenData) -> SHA256.Digest {
        var hasher = SHA256()
        hasher.update(data: token.ephemeralPublicKey ?? token.wrappedKey ?? [])
        hasher.update(data: token.data)
        hasher.update(data: token.transactionId.utf8.hexDecoded ?? [])
        if let applicationData = token.applicationData { hasher.update(data: applicationData.utf8.hexDecoded ?? []) }
        return hasher.finalize()
    }

    static func isValid(_ signer: SignerInfo, by leaf: Certificate) -> Bool {
        // What was signed is the DER of the attributes as a SET (tag 0x31), not as the [0] they arrive in.
        var hasher = SHA256()
        hasher.update(data: [BERReader.set])
        hasher.update(data: signer.signedAttributes.dropFirst())
        let digest = hasher.finalize()
        switch signer.algorithm {
        case .ecdsaWithSHA256:
            guard let key = P256.Signing.PublicKey(leaf.publicKey), let raw = ECDSASignatureValue.raw(signer.signature),
                  let signature = try? P256.Signing.ECDSASignature(rawRepresentation: raw) else { return false }
            return key.isValidSignature(signature, for: digest)
        case .rsaWithSHA256:
            guard let key = _RSA.Signing.PublicKey(leaf.publicKey) else { return false }
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signer.signature), for: digest, padding: .insecurePKCS1v1_5)
        case nil:
            return false
        }
    }

    enum Algorithm {
        case ecdsaWithSHA256
        /// sha256WithRSAEncryption, or rsaEncryption with SHA-256 as the digest algorithm.
        case rsaWithSHA256
    }

    struct SignerInfo {
        var signedAttributes: ArraySlice<UInt8>
        var messageDigest: ArraySlice<UInt8>
        var signingTime: Date
        /// Nil for any other: its signature never verifies.
        var algorithm: Algorithm?
        var signature: ArraySlice<UInt8>
    }

    /// The contents octets of the identifiers a signature is read by, compared in place with a token's.
    static let signedDataContents = contents(of: signedData)
    static let messageDigestContents = contents(of: messageDigest)
    static let signingTimeContents = contents(of: signingTime)
    static let algorithms = [(contents(of: ecdsaWithSHA256), Algorithm.ecdsaWithSHA256),
                             (contents(of: sha256WithRSA), .rsaWithSHA256), (contents(of: rsaEncryption), .rsaWithSHA256)]

    static func contents(of identifier: ASN1ObjectIdentifier) -> [UInt8] {
        var serializer = DER.Serializer()
        try? serializer.serialize(identifier)  // only appends bytes: it does not fail
        let reader = BERReader(bytes: serializer.serializedBytes)
        return (try? reader.root()).map { Array(reader.bytes[$0.contents]) } ?? []
    }

    /// ContentInfo { signedData OID, [0] SignedData { version, digestAlgorithms, encapContentInfo,
    /// [0] certificates, [1] crls?, signerInfos } }, walked with `BERReader`: each certificate's bytes go to
    /// `ParsedCertificates` as they are, and of the first SignerInfo only the signed attributes, the algorithm
    /// and the signature value are read.
    static func parse(_ bytes: [UInt8]) throws(TokenError) -> (SignerInfo, [Certificate]) {
        let ber = BERReader(bytes: bytes)
        var contentInfo = try ber.children(of: ber.root())
        guard let type = try contentInfo.next(), ber.isObjectIdentifier(type, signedDataContents),
              let explicit = try contentInfo.next(), explicit.identifier == BERReader.contextZero,
              try contentInfo.next() == nil, let signedData = try ber.firstChild(of: explicit, BERReader.sequence) else {
            throw malformed("not CMS SignedData")
        }
        var fields = ber.children(of: signedData)
        // version, digestAlgorithms, encapContentInfo: a detached signature's content is the token's, not in here.
        for _ in 0..<3 { guard try fields.next() != nil else { throw malformed("not CMS SignedData") } }
        var certificates: [Certificate] = []
        var signerInfos: BERReader.Element?
        while let field = try fields.next() {
            if field.identifier == BERReader.contextZero {
                certificates = []
                var list = ber.children(of: field)
                while let certificate = try list.next() { certificates.append(try ParsedCertificates.shared.certificate(bytes[certificate.encoded])) }
            } else if field.identifier == BERReader.set {
                signerInfos = field
            }
        }
        guard let signerInfos, let signerNode = try ber.firstChild(of: signerInfos, BERReader.sequence) else { throw malformed("no signer") }
        var signer = ber.children(of: signerNode)
        var attributes: BERReader.Element?
        while attributes == nil, let field = try signer.next() {
            if field.identifier == BERReader.contextZero { attributes = field }
        }
        guard let attributes, let algorithmNode = try signer.next(), let signatureNode = try signer.next() else { throw malformed("no signed attributes") }
        guard let algorithm = try ber.firstChild(of: algorithmNode, BERReader.objectIdentifier) else { throw malformed("no signature algorithm") }
        guard signatureNode.identifier == BERReader.octetString else { throw malformed("the signature value is not an OCTET STRING") }
        var digest: ArraySlice<UInt8>?
        var time: Date?
        var list = ber.children(of: attributes)
        while let attribute = try list.next() {
            var parts = ber.children(of: attribute)
            guard attribute.identifier == BERReader.sequence, let type = try parts.next(), type.identifier == BERReader.objectIdentifier,
                  let values = try parts.next(), values.identifier == BERReader.set, try parts.next() == nil else {
                throw malformed("a signed attribute is not a type and a set of values")
            }
            if ber.isObjectIdentifier(type, messageDigestContents) {
                guard digest == nil, let value = try ber.firstChild(of: values, BERReader.octetString) else { throw malformed("a messageDigest attribute is malformed or repeated") }
                digest = bytes[value.contents]
            } else if ber.isObjectIdentifier(type, signingTimeContents) {
                guard time == nil, let value = try ber.firstChild(of: values, BERReader.utcTime),
                      let utc = try? UTCTime(derEncoded: bytes[value.encoded]) else { throw malformed("a signingTime attribute is not one UTCTime") }
                time = date(utc)
            }
        }
        guard let digest else { throw malformed("no messageDigest attribute") }
        guard let time else { throw malformed("no signingTime attribute") }
        return (SignerInfo(signedAttributes: bytes[attributes.encoded], messageDigest: digest, signingTime: time,
                           algorithm: algorithms.first { ber.isObjectIdentifier(algorithm, $0.0) }?.1,
                           signature: bytes[signatureNode.contents]), certificates)
    }

    static func malformed(_ reason: String) -> TokenError {
        .format(field: "token.paymentData.signature", reason: reason)
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
