import Foundation
import OrderModel
import OrderStore
import TerminalCore

/// The JSON that `--json` and `paydesk outbox` print (docs/design.md §2, docs/json-output.md), the command line's one
/// way of writing JSON: amounts as decimal strings in the order's currency, times as RFC 3339, states by their
/// names. Keys are sorted so output is stable; absent values are left out.
enum JSONContract {
    struct OrderListItem: Encodable, Equatable {
        var orderId: String
        var createdAt: String
        var status: String
        var total: String
        var currency: String
        var customer: String
        var shippingMethod: String?
        var wallet: String
        var cardLast4: String?
        var cancelRequested: Bool

        init(_ summary: OrderSummary) {
            orderId = summary.orderId
            createdAt = summary.createdAt.rfc3339
            status = summary.status.rawValue
            total = summary.total.decimalString
            currency = summary.total.currency.code
            customer = summary.customer
            shippingMethod = summary.shippingMethod
            wallet = summary.wallet
            cardLast4 = summary.cardLast4
            cancelRequested = summary.cancelRequested
        }
    }

    struct OrderShow: Encodable {
        var orderId: String
        var createdAt: String
        var status: String
        var failureReason: String?
        var total: String
        var currency: String
        var customer: String
        var merchantIdentifier: String
        var countryCode: String
        var summaryItems: [Item]
        var shippingMethod: Shipping?
        var shippingMethods: [Shipping]
        var shippingContact: Contact?
        var billingContact: Contact?
        var applicationData: String?
        var processorReference: String?
        var cancelRequested: Bool
        var paid: String
        var refunded: String
        var refundable: String
        var events: [Event]
        var refunds: [Refund]
        var token: Token
        var audit: [Audit]

        struct Item: Encodable { var label: String; var amount: String; var type: String }
        struct Shipping: Encodable { var identifier: String; var label: String; var detail: String; var amount: String }
        struct Event: Encodable {
            var event: String; var at: String; var processorReference: String?; var reason: String?
            var refundId: String?; var amount: String?
        }
        struct Token: Encodable {
            var version: String; var transactionId: String; var publicKeyHash: String; var applicationDataHash: String?
            var displayName: String; var network: String; var type: String; var verification: Verification
            /// The masked payment data, in `paydesk decrypt --json`'s shape; null unless decrypted.
            var data: MaskedPaymentData?

            struct Verification: Encodable {
                /// verified, failed, no_key, or not_checked when no merchant keys were configured at ingest.
                var outcome: String; var problem: String?; var signingTime: String?; var matchesOrder: Bool?
                /// The root the chain ends at; `sandbox` unless it is the bundled Apple Root CA - G3.
                var root: Root?
            }
            struct Root: Encodable { var name: String; var sha256: String; var sandbox: Bool }

            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(version, forKey: .version)
                try container.encode(transactionId, forKey: .transactionId)
                try container.encode(publicKeyHash, forKey: .publicKeyHash)
                try container.encodeIfPresent(applicationDataHash, forKey: .applicationDataHash)
                try container.encode(displayName, forKey: .displayName)
                try container.encode(network, forKey: .network)
                try container.encode(type, forKey: .type)
                try container.encode(verification, forKey: .verification)
                try container.encode(data, forKey: .data)
            }

            enum CodingKeys: String, CodingKey {
                case version, transactionId, publicKeyHash, applicationDataHash, displayName, network, type, verification, data
            }
        }

        init(_ detail: OrderDetail) {
            let currency = detail.summary.total.currency
            func text(_ minor: Int64) -> String { Money(minorUnits: minor, currency: currency).decimalString }
            func shipping(_ method: ShippingMethod) -> Shipping {
                Shipping(identifier: method.identifier, label: method.label, detail: method.detail, amount: text(method.amount))
            }
            let details = detail.details
            orderId = detail.summary.orderId
            createdAt = detail.summary.createdAt.rfc3339
            status = detail.summary.status.rawValue
            failureReason = detail.summary.failureReason?.rawValue
            total = detail.summary.total.decimalString
            self.currency = currency.code
            customer = detail.summary.customer
            merchantIdentifier = details.merchantIdentifier
            countryCode = details.countryCode
            summaryItems = details.summaryItems.map { Item(label: $0.label, amount: text($0.amount), type: $0.isPending ? "pending" : "final") }
            shippingMethod = details.shippingMethod.map(shipping)
            shippingMethods = details.shippingMethods.map(shipping)
            shippingContact = details.shippingContact
            billingContact = details.billingContact
            applicationData = details.applicationData
            processorReference = detail.processorReference
            cancelRequested = detail.payment.cancelRequested
            paid = text(detail.payment.paid)
            refunded = text(detail.payment.refunded)
            refundable = detail.refundable.decimalString
            events = detail.events.map {
                Event(event: $0.event, at: $0.at.rfc3339, processorReference: $0.processorReference, reason: $0.reason,
                      refundId: $0.refundId, amount: $0.amount?.decimalString)
            }
            refunds = detail.refunds.map(Refund.init)
            let token = details.token
            self.token = Token(version: token.version, transactionId: token.transactionId, publicKeyHash: token.publicKeyHash,
                               applicationDataHash: token.applicationDataHash, displayName: token.displayName,
                               network: token.network, type: token.type,
                               verification: Token.Verification(
                                   outcome: detail.tokenVerification?.outcome.rawValue ?? "not_checked",
                                   problem: detail.tokenVerification?.problem ?? (detail.tokenVerification == nil
                                       ? "no merchant keys were configured when the order was ingested" : nil),
                                   signingTime: detail.tokenVerification?.signingTime,
                                   matchesOrder: detail.tokenVerification?.matchesOrder,
                                   root: detail.tokenVerification?.root.map { Token.Root(name: $0.name, sha256: $0.sha256, sandbox: !$0.isApple) }),
                               data: detail.tokenVerification?.payment)
            audit = detail.audit.map(Audit.init)
        }
    }

    struct Refund: Encodable, Equatable {
        var refundId: String
        var orderId: String
        var amount: String
        var currency: String
        var status: String
        var reason: String
        var note: String?
        var requestedAt: String
        var requestedBy: String
        var failureReason: String?

        init(_ refund: RefundView) {
            refundId = refund.refundId
            orderId = refund.orderId
            amount = refund.amount.decimalString
            currency = refund.amount.currency.code
            status = refund.status.rawValue
            reason = refund.reason.rawValue
            note = refund.note
            requestedAt = refund.requestedAt.rfc3339
            requestedBy = refund.requestedBy
            failureReason = refund.failureReason
        }
    }

    struct Intent: Encodable {
        var intent: String
        var orderId: String
        var amount: String
        var currency: String
        var refundId: String?
        var processorReference: String?
        var idempotencyKey: String
        var requestedAt: String
        var requestedBy: String
        var awaitingCharge: Bool

        init(_ intent: OutboxIntent) {
            self.intent = intent.kind.rawValue
            orderId = intent.orderId
            amount = intent.amount.decimalString
            currency = intent.amount.currency.code
            refundId = intent.refundId
            processorReference = intent.processorReference
            idempotencyKey = intent.idempotencyKey
            requestedAt = intent.requestedAt.rfc3339
            requestedBy = intent.requestedBy
            awaitingCharge = intent.awaitingCharge
        }
    }

    struct Audit: Encodable {
        var at: String
        var actor: String
        var operatorLabel: String?
        var sshClient: String?
        var action: String
        var orderId: String?
        var amount: String?
        var currency: String?
        var idempotencyKey: String?
        var outcome: String

        init(_ entry: AuditEntry) {
            at = entry.at.rfc3339
            actor = entry.actor.login
            operatorLabel = entry.actor.operatorLabel
            sshClient = entry.actor.sshClient
            action = entry.action
            orderId = entry.orderId
            amount = entry.amount.flatMap { amount in
                entry.currencyCode.flatMap(Currency.init(code:)).map { Money(minorUnits: amount, currency: $0).decimalString }
            }
            currency = entry.currencyCode
            idempotencyKey = entry.idempotencyKey
            outcome = entry.outcome
        }
    }

    /// Encodes `value` as JSON text. Scalars that could steer a terminal are written as `\u` escapes: the
    /// same JSON value, but safe to print. JSONEncoder already escapes C0 controls inside strings, so the raw
    /// ones left are the layout's own newlines; only DEL and above need rewriting, and occur only in strings.
    static func text(_ value: some Encodable, pretty: Bool = false) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        let needsEscape = { (scalar: Unicode.Scalar) in scalar.value >= 0x7F && scalar.isTerminalHazard }
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var out = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else { out.append(scalar); continue }
            for unit in String(scalar).utf16 {
                out.append(contentsOf: String(format: "\\u%04x", unit).unicodeScalars)
            }
        }
        return String(out)
    }
}
