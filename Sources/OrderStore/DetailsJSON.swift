import OrderModel

/// Writes `OrderDetails` as the JSON its `Codable` conformance reads back, directly: JSONEncoder costs as much
/// as the rest of ingest. `DetailsJSONTests` checks that every field round-trips.
extension OrderDetails {
    var json: String {
        var out = JSONText()
        out.object {
            $0.member("merchantIdentifier", merchantIdentifier)
            $0.member("countryCode", countryCode)
            $0.member("supportedNetworks", supportedNetworks)
            $0.member("merchantCapabilities", merchantCapabilities)
            $0.array("summaryItems", summaryItems) { out, item in
                out.object {
                    $0.member("label", item.label)
                    $0.member("amount", item.amount)
                    $0.member("isPending", item.isPending)
                }
            }
            if let shippingMethod { $0.object("shippingMethod") { $0.shipping(shippingMethod) } }
            $0.array("shippingMethods", shippingMethods) { out, method in out.object { $0.shipping(method) } }
            if let shippingContact { $0.object("shippingContact") { $0.contact(shippingContact) } }
            if let billingContact { $0.object("billingContact") { $0.contact(billingContact) } }
            $0.member("applicationData", applicationData)
            $0.object("token") {
                $0.member("version", token.version)
                $0.member("publicKeyHash", token.publicKeyHash)
                $0.member("transactionId", token.transactionId)
                $0.member("applicationDataHash", token.applicationDataHash)
                $0.member("displayName", token.displayName)
                $0.member("network", token.network)
                $0.member("type", token.type)
            }
        }
        return out.text
    }
}

/// A minimal JSON writer: objects, arrays, strings, integers, booleans. Nil members are left out. It writes
/// bytes and makes one String at the end.
struct JSONText {
    private var bytes: [UInt8] = []
    private var needsComma = false

    init() { bytes.reserveCapacity(2048) }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func object(_ body: (inout JSONText) -> Void) {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func object(_ key: String, _ body: (inout JSONText) -> Void) {
        name(key)
        object(body)
    }

    mutating func array<T>(_ key: String, _ elements: [T], _ write: (inout JSONText, T) -> Void) {
        name(key)
        bytes.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements {
            if needsComma { bytes.append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    mutating func member(_ key: String, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    mutating func member(_ key: String, _ values: [String]) {
        array(key, values) { out, value in
            out.string(value)
            out.needsComma = true
        }
    }

    mutating func member(_ key: String, _ value: Int64) {
        name(key)
        bytes += String(value).utf8
        needsComma = true
    }

    mutating func member(_ key: String, _ value: Bool) {
        name(key)
        bytes += (value ? "true" : "false").utf8
        needsComma = true
    }

    mutating func shipping(_ method: ShippingMethod) {
        member("identifier", method.identifier)
        member("label", method.label)
        member("detail", method.detail)
        member("amount", method.amount)
    }

    mutating func contact(_ contact: Contact) {
        member("givenName", contact.givenName)
        member("familyName", contact.familyName)
        member("phoneNumber", contact.phoneNumber)
        member("emailAddress", contact.emailAddress)
        if let address = contact.postalAddress {
            object("postalAddress") {
                $0.member("street", address.street)
                $0.member("city", address.city)
                $0.member("state", address.state)
                $0.member("postalCode", address.postalCode)
                $0.member("country", address.country)
                $0.member("isoCountryCode", address.isoCountryCode)
            }
        }
    }

    private mutating func name(_ key: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        string(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    private mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0..<0x20: bytes += "\\u00".utf8; bytes += [byte].hexEncoded.utf8
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }
}
