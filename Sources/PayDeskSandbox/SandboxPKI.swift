import ApplePayToken
import Crypto
import Foundation
import OrderModel
import SwiftASN1
import X509
import _CryptoExtras

/// A stand-in for Apple's signing PKI and one merchant, so that the demo and the tests have tokens that verify
/// and decrypt for real: a root, an intermediate and a leaf carrying Apple's marker OIDs, and a merchant
/// Payment Processing certificate with the merchant identifier extension. Nothing it signs is trusted unless
/// its root is passed as an extra trust root.
///
/// Sendable for the reason `MerchantKey.Secret` is: its keys are never mutated once made.
public struct SandboxPKI: @unchecked Sendable {
    public let root: Certificate
    public let intermediate: Certificate
    public let leaf: Certificate
    let leafKey: P256.Signing.PrivateKey
    public let merchantIdentifier: String
    public let merchantCertificatePEM: String
    /// The root to trust, explicitly, for this PKI's tokens to verify. Encoded once, as the PKI is made: a
    /// failure is the PKI's, not an empty root file written later.
    public let rootPEM: String
    let merchantECKey: P256.KeyAgreement.PrivateKey
    let merchantRSAKey: _RSA.Encryption.PrivateKey
    /// A key the merchant rotated out: tokens for it verify but no configured key decrypts them.
    let retiredECKey = P256.KeyAgreement.PrivateKey()

    /// Certificates valid from a year before `now` to a year after it. Tests leave a marker out to see it refused.
    /// `rootName` lets tests give the root a name it must not be trusted by (Apple's, say).
    public init(merchantIdentifier: String, now: Date, leafMarker: Bool = true, intermediateMarker: Bool = true,
                rootName: String = "PayDesk Sandbox Root CA") throws {
        let from = now.addingTimeInterval(-365 * 86_400), until = now.addingTimeInterval(365 * 86_400)
        let rootKey = P256.Signing.PrivateKey(), intermediateKey = P256.Signing.PrivateKey()
        leafKey = P256.Signing.PrivateKey()
        let rootSubject = try DistinguishedName { CommonName(rootName); OrganizationName("PayDesk Sandbox") }
        let intermediateName = try DistinguishedName { CommonName("PayDesk Sandbox Integration CA"); OrganizationName("PayDesk Sandbox") }
        let marker: [UInt8] = [0x05, 0x00]
        func issue(_ subject: DistinguishedName, key: Certificate.PublicKey, by issuer: DistinguishedName,
                   signer: P256.Signing.PrivateKey, _ extensions: [Certificate.Extension]) throws -> Certificate {
            try Certificate(version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key, notValidBefore: from,
                            notValidAfter: until, issuer: issuer, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
                            extensions: Certificate.Extensions(extensions), issuerPrivateKey: Certificate.PrivateKey(signer))
        }
        func authority(_ usage: KeyUsage) throws -> [Certificate.Extension] {
            var constraints = try BasicConstraints.isCertificateAuthority(maxPathLength: nil).makeCertificateExtension()
            constraints.critical = true
            return [constraints, try usage.makeCertificateExtension()]
        }
        root = try issue(rootSubject, key: Certificate.PublicKey(rootKey.publicKey), by: rootSubject, signer: rootKey,
                         authority(KeyUsage(keyCertSign: true, cRLSign: true)))
        intermediate = try issue(intermediateName, key: Certificate.PublicKey(intermediateKey.publicKey), by: rootSubject, signer: rootKey,
                                 authority(KeyUsage(keyCertSign: true, cRLSign: true))
                                 + (intermediateMarker ? [Certificate.Extension(oid: TokenSignature.intermediateMarker, critical: false, value: marker[...])] : []))
        leaf = try issue(try DistinguishedName { CommonName("PayDesk Sandbox Payment Signing") }, key: Certificate.PublicKey(leafKey.publicKey),
                         by: intermediateName, signer: intermediateKey,
                         [try KeyUsage(digitalSignature: true).makeCertificateExtension()]
                         + (leafMarker ? [Certificate.Extension(oid: TokenSignature.leafMarker, critical: false, value: marker[...])] : []))

        self.merchantIdentifier = merchantIdentifier
        merchantECKey = P256.KeyAgreement.PrivateKey()
        merchantRSAKey = try _RSA.Encryption.PrivateKey(keySize: .bits2048)
        let hashHex = SHA256.hash(data: Data(merchantIdentifier.utf8)).hexEncoded
        let merchantCertificate = try issue(try DistinguishedName { CommonName(merchantIdentifier) },
                                            key: Certificate.PublicKey(try P256.Signing.PublicKey(rawRepresentation: merchantECKey.publicKey.rawRepresentation)),
                                            by: rootSubject, signer: rootKey,
                                            [Certificate.Extension(oid: MerchantKey.merchantIdentifierExtension, critical: false,
                                                                   value: ([0x0C, 0x40] + Array(hashHex.utf8))[...])])
        merchantCertificatePEM = try merchantCertificate.serializeAsPEM().pemString
        rootPEM = try root.serializeAsPEM().pemString
    }

    /// The merchant's private keys as PEM, to write to key files.
    public var merchantECKeyPEM: String { merchantECKey.pemRepresentation }
    public var merchantRSAKeyPEM: String { merchantRSAKey.pemRepresentation }

    /// Both merchant keys, configured the way a merchant would: by certificate.
    public func merchantKeys() throws(TokenError) -> [MerchantKey] {
        [try MerchantKey(privateKeyPEM: merchantECKeyPEM, identity: .certificate(merchantCertificatePEM)),
         try MerchantKey(privateKeyPEM: merchantRSAKeyPEM, identity: .merchantIdentifier(merchantIdentifier))]
    }

    /// What a token carries inside.
    public struct Payment: Sendable {
        public var accountNumber: String
        public var expiration: String  // YYMMDD
        public var currencyNumericCode: String
        public var amount: Int64
        public var eciIndicator: String?

        public init(accountNumber: String, expiration: String, currencyNumericCode: String, amount: Int64, eciIndicator: String? = "7") {
            self.accountNumber = accountNumber
            self.expiration = expiration
            self.currencyNumericCode = currencyNumericCode
            self.amount = amount
            self.eciIndicator = eciIndicator
        }
    }

    /// A `paymentData` JSON object, encrypted for the merchant and signed at `signedAt` as Apple signs: BER
    /// with indefinite lengths is not reproduced (DER is a subset of BER), but the leaf comes first unless
    /// `intermediateFirst`.
    public func token(_ payment: Payment, version: PaymentTokenData.Version = .ecV1, signedAt: Date,
                      applicationData: String? = nil, intermediateFirst: Bool = false, forRetiredKey: Bool = false,
                      transactionId: [UInt8] = (0..<32).map { _ in UInt8.random(in: 0...255) }) throws -> Data {
        var plaintextObject: [String: Any] = [
            "applicationPrimaryAccountNumber": payment.accountNumber, "applicationExpirationDate": payment.expiration,
            "currencyCode": payment.currencyNumericCode, "transactionAmount": payment.amount,
            "deviceManufacturerIdentifier": "040010030273", "paymentDataType": "3DSecure",
        ]
        var details: [String: Any] = ["onlinePaymentCryptogram": Data((0..<20).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()]
        if let eci = payment.eciIndicator { details["eciIndicator"] = eci }
        plaintextObject["paymentData"] = details
        let plaintext = try JSONSerialization.data(withJSONObject: plaintextObject)

        let symmetric: SymmetricKey
        var header: [String: String] = ["transactionId": transactionId.hexEncoded]
        let keyBytes: Data
        switch version {
        case .ecV1:
            let ephemeral = P256.KeyAgreement.PrivateKey()
            let merchantKey = forRetiredKey ? retiredECKey : merchantECKey
            keyBytes = ephemeral.publicKey.derRepresentation
            let merchantIdHash = Array(SHA256.hash(data: Data(merchantIdentifier.utf8)))
            symmetric = try TokenDecryptor.ecSymmetricKey(merchantKey, ephemeralPublicKey: Array(keyBytes), merchantIdHash: merchantIdHash)
            header["ephemeralPublicKey"] = keyBytes.base64EncodedString()
            header["publicKeyHash"] = Data(SHA256.hash(data: merchantKey.publicKey.derRepresentation)).base64EncodedString()
        case .rsaV1:
            symmetric = SymmetricKey(size: .bits128)
            keyBytes = try merchantRSAKey.publicKey.encrypt(symmetric.withUnsafeBytes { Data($0) }, padding: .PKCS1_OAEP_SHA256)
            header["wrappedKey"] = keyBytes.base64EncodedString()
            header["publicKeyHash"] = Data(SHA256.hash(data: merchantRSAKey.publicKey.derRepresentation)).base64EncodedString()
        }
        let sealed = try AES.GCM.seal(plaintext, using: symmetric, nonce: AES.GCM.Nonce(data: Data(repeating: 0, count: 16)))
        let data = sealed.ciphertext + sealed.tag
        var signedContent = Array(keyBytes) + Array(data) + transactionId
        if let applicationData {
            let hash = Array(SHA256.hash(data: Data(applicationData.utf8)))
            header["applicationData"] = hash.hexEncoded
            signedContent += hash
        }
        let signature = try signedData(over: signedContent, signedAt: signedAt, intermediateFirst: intermediateFirst)
        return try JSONSerialization.data(withJSONObject: [
            "version": version.rawValue, "data": data.base64EncodedString(), "signature": Data(signature).base64EncodedString(),
            "header": header,
        ] as [String: Any], options: [.sortedKeys])
    }

    /// Detached CMS SignedData: digest SHA-256, signed attributes (contentType, signingTime, messageDigest),
    /// ECDSA P-256 by the leaf.
    func signedData(over content: [UInt8], signedAt: Date, intermediateFirst: Bool) throws -> [UInt8] {
        let sha256: ASN1ObjectIdentifier = [2, 16, 840, 1, 101, 3, 4, 2, 1]
        let data: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 7, 1]
        let contentType: ASN1ObjectIdentifier = [1, 2, 840, 113549, 1, 9, 3]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: signedAt)
        let time = try UTCTime(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1,
                               hours: parts.hour ?? 0, minutes: parts.minute ?? 0, seconds: parts.second ?? 0)
        let digest = ASN1OctetString(contentBytes: Array(SHA256.hash(data: content))[...])
        func attributes(_ serializer: inout DER.Serializer) throws {
            for (oid, write) in [(contentType, { (s: inout DER.Serializer) throws in try s.serialize(data) }),
                                 (TokenSignature.signingTime, { (s: inout DER.Serializer) throws in try s.serialize(time) }),
                                 (TokenSignature.messageDigest, { (s: inout DER.Serializer) throws in try s.serialize(digest) })] {
                try serializer.appendConstructedNode(identifier: .sequence) { attribute in
                    try attribute.serialize(oid)
                    try attribute.appendConstructedNode(identifier: .set) { try write(&$0) }
                }
            }
        }
        var toSign = DER.Serializer()
        try toSign.appendConstructedNode(identifier: .set) { try attributes(&$0) }
        let signature = try leafKey.signature(for: toSign.serializedBytes).derRepresentation
        let certificates = intermediateFirst ? [intermediate, leaf] : [leaf, intermediate]
        let contextZero = ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)

        var out = DER.Serializer()
        try out.appendConstructedNode(identifier: .sequence) { contentInfo in
            try contentInfo.serialize(TokenSignature.signedData)
            try contentInfo.appendConstructedNode(identifier: contextZero) { explicit in
                try explicit.appendConstructedNode(identifier: .sequence) { signed in
                    try signed.serialize(1)
                    try signed.appendConstructedNode(identifier: .set) { try $0.appendConstructedNode(identifier: .sequence) { try $0.serialize(sha256) } }
                    try signed.appendConstructedNode(identifier: .sequence) { try $0.serialize(data) }
                    try signed.appendConstructedNode(identifier: contextZero) { list in
                        for certificate in certificates { try list.serialize(certificate) }
                    }
                    try signed.appendConstructedNode(identifier: .set) { signers in
                        try signers.appendConstructedNode(identifier: .sequence) { signer in
                            try signer.serialize(1)
                            try signer.appendConstructedNode(identifier: .sequence) { sid in
                                try sid.serialize(leaf.issuer)
                                sid.appendPrimitiveNode(identifier: .integer) { $0.append(contentsOf: leaf.serialNumber.bytes) }
                            }
                            try signer.appendConstructedNode(identifier: .sequence) { try $0.serialize(sha256) }
                            try signer.appendConstructedNode(identifier: contextZero) { try attributes(&$0) }
                            try signer.appendConstructedNode(identifier: .sequence) { try $0.serialize(TokenSignature.ecdsaWithSHA256) }
                            try signer.serialize(ASN1OctetString(contentBytes: Array(signature)[...]))
                        }
                    }
                }
            }
        }
        return out.serializedBytes
    }
}
