import Crypto
import Foundation
import OrderModel
import OrderStore

extension OrderLineDocument {
    static let capabilities = ["supports3DS", "supportsEMV", "supportsCredit", "supportsDebit"]
    static let paymentMethodTypes = ["debit", "credit", "prepaid", "store", "eMoney", "unknown"]

    /// The order, made of the document's own text: consumed, so that its strings move into the order rather
    /// than being copied (two atomic reference counts each).
    consuming func validated() throws(FieldProblem) -> Order {
        try checkTextLimits()
        guard !orderId.isEmpty, orderId.utf8.count <= 128, orderId.utf8.allSatisfy(Self.isOrderIdByte) else {
            throw FieldProblem("orderId", "must be 1 to 128 characters of A-Z a-z 0-9 - _ . :")
        }
        guard let created = Timestamp(rfc3339: createdAt) else {
            throw FieldProblem("createdAt", "\(quoted(createdAt)) is not an RFC 3339 time like 2026-11-21T09:30:00+08:00")
        }
        // Visible ASCII but the space, as merchant identifiers are, is seen from the bytes alone.
        guard !merchantIdentifier.isEmpty, merchantIdentifier.utf8.allSatisfy({ $0 &- 0x21 < 0x5E })
            || merchantIdentifier.unicodeScalars.allSatisfy({ $0.isPlainlyVisible && $0 != " " })
        else { throw FieldProblem("merchantIdentifier", "must be a non-empty identifier without spaces") }
        guard CountryCode.isValid(countryCode) else {
            throw FieldProblem("countryCode", "\(quoted(countryCode)) is not an ISO 3166 alpha-2 code")
        }
        guard let currency = Currency(code: currencyCode) else {
            throw FieldProblem("currencyCode", "\(quoted(currencyCode)) is not an ISO 4217 code PayDesk knows")
        }
        guard !supportedNetworks.isEmpty, supportedNetworks.allSatisfy({ !$0.isEmpty }) else {
            throw FieldProblem("supportedNetworks", "must list at least one network")
        }
        for (index, capability) in merchantCapabilities.enumerated() where !Self.capabilities.contains(capability) {
            throw FieldProblem("merchantCapabilities[\(index)]", "\(quoted(capability)) is not a merchant capability")
        }
        guard merchantCapabilities.contains("supports3DS") else {
            throw FieldProblem("merchantCapabilities", "must include supports3DS, which Apple Pay in-app payments require")
        }
        var items: [SummaryItem] = []
        items.reserveCapacity(summaryItems.count)
        for (index, item) in summaryItems.enumerated() {
            let pending: Bool
            switch item.type ?? "final" {
            case "final": pending = false
            case "pending": pending = true
            case let other: throw FieldProblem("summaryItems[\(index)].type", "\(quoted(other)) is not final or pending")
            }
            items.append(SummaryItem(label: item.label, amount: try Self.amount(item.amount, currency, field: "summaryItems[\(index)].amount"),
                                     isPending: pending))
        }
        let chosen = try shippingMethod.map { method throws(FieldProblem) in try method.validated(currency, field: "shippingMethod") }
        var offered: [ShippingMethod] = []
        offered.reserveCapacity(shippingMethods?.count ?? 0)
        for (index, method) in (shippingMethods ?? []).enumerated() {
            offered.append(try method.validated(currency, field: "shippingMethods[\(index)]"))
        }
        let tokenMetadata = try token.validated(applicationData: applicationData)
        let details = OrderDetails(
            merchantIdentifier: merchantIdentifier, countryCode: countryCode, supportedNetworks: supportedNetworks,
            merchantCapabilities: merchantCapabilities, summaryItems: items, shippingMethod: chosen,
            shippingMethods: offered, shippingContact: shippingContact, billingContact: billingContact,
            applicationData: applicationData, token: tokenMetadata)
        do {
            return try Order(orderId: orderId, createdAt: created, currency: currency, details: details)
        } catch {
            throw FieldProblem("summaryItems", error.description)
        }
    }

    /// What an order id is made of: `A-Z a-z 0-9 - _ . :`, checked byte by byte.
    static func isOrderIdByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"): true
        default: false
        }
    }

    /// Every amount in an input line: a plain decimal of the currency, within `Money.maximumMinorUnits`.
    static func amount(_ text: String, _ currency: Currency, field: @autoclosure () -> String) throws(FieldProblem) -> Int64 {
        let money: Money
        do { money = try Money(parsing: text, currency: currency) }
        catch { throw FieldProblem(field(), "\(error.description) for \(currency.code)") }
        guard money.isWithinBound else { throw FieldProblem(field(), MoneyError.beyondBound(money).description) }
        return money.minorUnits
    }
}

extension ShippingMethodDocument {
    func validated(_ currency: Currency, field: @autoclosure () -> String) throws(FieldProblem) -> ShippingMethod {
        guard !identifier.isEmpty else { throw FieldProblem("\(field()).identifier", "must not be empty") }
        let minorUnits = try OrderLineDocument.amount(amount, currency, field: "\(field()).amount")
        guard minorUnits >= 0 else { throw FieldProblem("\(field()).amount", "shipping cannot cost a negative amount") }
        return ShippingMethod(identifier: identifier, label: label, detail: detail ?? "", amount: minorUnits)
    }
}

extension TokenDocument {
    /// The token's shape: everything that can be checked without keys, as `paydesk decrypt` checks it
    /// (`PaymentTokenFields.checked`), and what ties it to the order. Cryptography comes with the keys.
    func validated(applicationData: String?) throws(FieldProblem) -> TokenMetadata {
        let checked = try fields.checked()
        guard let transaction = transactionIdentifier.utf8.hexDecoded else { throw FieldProblem("token.transactionIdentifier", "is not hex") }
        guard transaction == checked.transactionId else {
            throw FieldProblem("token.transactionIdentifier", "differs from token.paymentData.header.transactionId")
        }
        switch (applicationData, checked.applicationDataHash) {
        case (nil, nil): break
        case (nil, .some): throw FieldProblem("applicationData", "missing, but the token's header carries its hash")
        case (.some, nil): throw FieldProblem("token.paymentData.header.applicationData", "missing, but the order has applicationData")
        case (.some(let text), .some(let hash)):
            guard text.withUTF8Bytes({ SHA256.hash(data: $0) }).elementsEqual(hash) else {
                throw FieldProblem("token.paymentData.header.applicationData", "is not the SHA-256 of the order's applicationData")
            }
        }
        guard OrderLineDocument.paymentMethodTypes.contains(paymentMethod.type) else {
            throw FieldProblem("token.paymentMethod.type", "\(quoted(paymentMethod.type)) is not a payment method type")
        }
        guard !paymentMethod.network.isEmpty else { throw FieldProblem("token.paymentMethod.network", "must not be empty") }
        return TokenMetadata(version: fields.version, publicKeyHash: fields.publicKeyHash, transactionId: fields.transactionId.lowercasedIfNeeded(),
                             applicationDataHash: fields.applicationData?.lowercasedIfNeeded(), displayName: paymentMethod.displayName,
                             network: paymentMethod.network, type: paymentMethod.type)
    }
}

extension EventLineDocument {
    /// Checks everything but the amount, which needs the order's currency (see `Ingester`).
    func validated() throws(FieldProblem) -> (event: IncomingEvent, amountText: String?) {
        try checkTextLimits()
        guard let kind = PaymentEventKind(rawValue: event) else {
            throw FieldProblem("event", "\(quoted(event)) is not one of \(PaymentEventKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let time = Timestamp(rfc3339: at) else { throw FieldProblem("at", "\(quoted(at)) is not an RFC 3339 time") }
        if kind.needsRefundId && (refundId ?? "").isEmpty { throw FieldProblem("refundId", "required for \(event)") }
        try Self.checkRefundId(refundId)
        if kind == .chargeFailed {
            guard let reason, FailureReason(rawValue: reason) != nil else {
                throw FieldProblem("reason", "must be one of \(FailureReason.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        return (IncomingEvent(orderId: orderId, kind: kind, at: time, processorReference: processorReference,
                              reason: reason, refundId: refundId), amount)
    }

    /// A refund id is typed back as an argument (`paydesk refunds withdraw re_…`): no control, format or
    /// separator character (spaces are text). A control or bidi character would hide what the operator has to
    /// type, and a line break would start a line of output that PayDesk did not write. (Other text from the
    /// processor is kept as it came, and escaped wherever it is shown.)
    static func checkRefundId(_ text: String?) throws(FieldProblem) {
        guard let text, !text.unicodeScalars.allSatisfy(\.isPlainlyVisible) else { return }
        throw FieldProblem("refundId", "\(quoted(text)) is not an identifier: it holds a line break, control or format character")
    }
}
