import OrderModel

/// Bounds on the free text of a line (names, addresses, labels): every operator's console lays this text out
/// on every frame, so its cost must not be the customer's to choose. A name of 245 KB of emoji joined by
/// zero-width joiners is one character to a terminal, and a letter with thousands of combining marks too;
/// both are refused here, with the field and the limit named, before anything is stored.
///
/// Counting characters (grapheme clusters) is linear and stops at the first one over a limit; text of ASCII
/// and CJK ideographs alone is answered from its length alone (`fitsWithoutCounting`).
enum TextLimits {
    /// Characters in a name, label, phone number, email address, city and the like.
    static let characters = 200
    /// Characters in a street, which may hold several lines.
    static let streetCharacters = 500
    /// Characters in the order's `applicationData` (a cart id or similar, hashed into the token).
    static let applicationDataCharacters = 1_000
    /// Unicode scalars in one character: a letter with its accents, a flag, a family emoji with skin tones
    /// all fit; a pile of combining marks does not.
    static let scalarsPerCharacter = 16

    static func check(_ text: String?, _ field: @autoclosure () -> String, characters limit: Int = characters) throws(FieldProblem) {
        guard let text, !fitsWithoutCounting(text, limit) else { return }
        try checkCounting(text, field(), characters: limit)
    }

    /// Whether `text` is within the limits, seen from its UTF-8 alone: it is when it has at most `limit` scalars,
    /// each ASCII or a CJK ideograph, since each of those is a character of its own (CR LF, two scalars, is
    /// one character), so there are no more characters than scalars and none has more than two. Otherwise the
    /// characters are counted.
    static func fitsWithoutCounting(_ text: String, _ limit: Int) -> Bool {
        guard text.utf8.count <= limit * 3 else { return false }
        return text.withUTF8Bytes { utf8 in
            var index = 0, scalars = 0
            while index < utf8.count {
                if utf8[index] < 0x80 {
                    index += 1
                } else if CJKIdeograph.starts(at: index, in: utf8) {
                    index += 3
                } else {
                    return false
                }
                scalars += 1
            }
            return scalars <= limit
        }
    }

    /// The limits checked character by character.
    static func checkCounting(_ text: String, _ field: @autoclosure () -> String, characters limit: Int = characters) throws(FieldProblem) {
        var count = 0
        for character in text {
            count += 1
            guard count <= limit else { throw FieldProblem(field(), "longer than \(limit) characters") }
            if character.utf8.count > scalarsPerCharacter, character.unicodeScalars.count > scalarsPerCharacter {
                throw FieldProblem(field(), "has a character of more than \(scalarsPerCharacter) Unicode scalars (combining marks or joined emoji)")
            }
        }
    }

    static func check(_ method: ShippingMethodDocument?, _ field: @autoclosure () -> String) throws(FieldProblem) {
        guard let method else { return }
        try check(method.identifier, "\(field()).identifier")
        try check(method.label, "\(field()).label")
        try check(method.detail, "\(field()).detail")
    }

    static func check(_ contact: Contact?, _ field: String) throws(FieldProblem) {
        guard let contact else { return }
        try check(contact.givenName, "\(field).givenName")
        try check(contact.familyName, "\(field).familyName")
        try check(contact.phoneNumber, "\(field).phoneNumber")
        try check(contact.emailAddress, "\(field).emailAddress")
        guard let address = contact.postalAddress else { return }
        try check(address.street, "\(field).postalAddress.street", characters: streetCharacters)
        try check(address.city, "\(field).postalAddress.city")
        try check(address.state, "\(field).postalAddress.state")
        try check(address.postalCode, "\(field).postalAddress.postalCode")
        try check(address.country, "\(field).postalAddress.country")
        try check(address.isoCountryCode, "\(field).postalAddress.isoCountryCode")
    }
}

extension OrderLineDocument {
    /// Every free-text field of the order within `TextLimits`.
    func checkTextLimits() throws(FieldProblem) {
        try TextLimits.check(merchantIdentifier, "merchantIdentifier")
        for (index, network) in supportedNetworks.enumerated() { try TextLimits.check(network, "supportedNetworks[\(index)]") }
        for (index, item) in summaryItems.enumerated() { try TextLimits.check(item.label, "summaryItems[\(index)].label") }
        try TextLimits.check(shippingMethod, "shippingMethod")
        for (index, method) in (shippingMethods ?? []).enumerated() { try TextLimits.check(method, "shippingMethods[\(index)]") }
        try TextLimits.check(shippingContact, "shippingContact")
        try TextLimits.check(billingContact, "billingContact")
        try TextLimits.check(applicationData, "applicationData", characters: TextLimits.applicationDataCharacters)
        try TextLimits.check(token.paymentMethod.displayName, "token.paymentMethod.displayName")
        try TextLimits.check(token.paymentMethod.network, "token.paymentMethod.network")
    }
}

extension EventLineDocument {
    /// Every free-text field of the event within `TextLimits`.
    func checkTextLimits() throws(FieldProblem) {
        try TextLimits.check(processorReference, "processorReference")
        try TextLimits.check(reason, "reason")
        try TextLimits.check(refundId, "refundId")
    }
}
