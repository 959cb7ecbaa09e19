import OrderModel

/// Writes `OrderDetails` as the JSON its `Codable` conformance reads back, directly: JSONEncoder costs as much
/// as the rest of ingest. `JSONParsingTests` checks that every field round-trips, and that the bytes stay as they were.
extension OrderDetails {
    /// The JSON's UTF-8, stored as the order's `details` text.
    var jsonUTF8: [UInt8] {
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
        return out.utf8
    }
}

extension JSONText {
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
}
