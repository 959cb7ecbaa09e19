import OrderModel

/// Writes `OrderDetails` as the JSON its `Codable` conformance reads back, directly: JSONEncoder costs as much
/// as the rest of ingest. `JSONParsingTests` checks that every field round-trips, and that the bytes stay as they were.
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
/// UTF-8 into a buffer of its own, copying each string's runs that need no escape whole, and makes one String at
/// the end. (An array's appends cost more than the copies: a uniqueness check and a capacity check each.)
struct JSONText: ~Copyable {
    private var buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    private var needsComma = false

    init() { buffer = .allocate(capacity: 2048) }

    deinit { buffer.deallocate() }

    var text: String { String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self) }

    mutating func object(_ body: (inout JSONText) -> Void) {
        append(UInt8(ascii: "{"))
        needsComma = false
        body(&self)
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func object(_ key: StaticString, _ body: (inout JSONText) -> Void) {
        name(key)
        object(body)
    }

    mutating func array<T>(_ key: StaticString, _ elements: [T], _ write: (inout JSONText, T) -> Void) {
        name(key)
        append(UInt8(ascii: "["))
        needsComma = false
        for element in elements {
            if needsComma { append(UInt8(ascii: ",")) }
            write(&self, element)
        }
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        name(key)
        string(value)
    }

    mutating func member(_ key: StaticString, _ values: [String]) {
        array(key, values) { out, value in out.string(value) }
    }

    mutating func member(_ key: StaticString, _ value: Int64) {
        name(key)
        if value < 0 { append(UInt8(ascii: "-")) }
        let start = count
        var rest = value.magnitude
        repeat {
            append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        buffer[start..<count].reverse()
        needsComma = true
    }

    mutating func member(_ key: StaticString, _ value: Bool) {
        name(key)
        append(value ? "true" : "false")
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

    /// A member's name: one of the literals above, which need no escapes.
    private mutating func name(_ key: StaticString) {
        if needsComma { append(UInt8(ascii: ",")) }
        append(UInt8(ascii: "\""))
        append(key)
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// `"`, `\` and the controls below U+0020 escaped (`\u001b`), everything else as it is.
    private mutating func string(_ value: String) {
        append(UInt8(ascii: "\""))
        value.withUTF8Bytes { utf8 in
            var plain = 0
            for index in utf8.indices where Self.needsEscape(utf8[index]) {
                append(UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                let byte = utf8[index]
                append(UInt8(ascii: "\\"))
                if byte < 0x20 {
                    append("u00")
                    append(Self.hexDigits[Int(byte >> 4)])
                    append(Self.hexDigits[Int(byte & 0xF)])
                } else {
                    append(byte)
                }
                plain = index + 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
        append(UInt8(ascii: "\""))
        needsComma = true
    }

    private static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    private mutating func append(_ byte: UInt8) {
        reserve(1)
        buffer[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (buffer.baseAddress! + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func reserve(_ more: Int) {
        guard count + more > buffer.count else { return }
        let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(2 * buffer.count, count + more))
        larger.baseAddress!.initialize(from: buffer.baseAddress!, count: count)
        buffer.deallocate()
        buffer = larger
    }
}
