import Foundation

/// The text an order is found by, and what a search looks for in it: both folded the same way, so that
/// "jurgen" finds "Jürgen", "weiss" finds "Weiß" and "ＴＥＡ" finds "tea", and a phone number is its digits
/// however it was typed.
public enum SearchText {
    /// Lower case, compatibility-decomposed (full-width letters and ligatures become plain ones), accents dropped
    /// and the letters that do not decompose spelt out (ß → ss, ø → o). Kana keep their voicing marks: か is
    /// not が.
    public static func folded(_ text: String) -> String {
        // ASCII only decomposes to itself and has no marks or letters to spell out: lower case is all there is to
        // do, and ingest folds several fields of every order.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark, !kanaVoicingMarks.contains(scalar) { continue }
            if let spelt = spelledOut[scalar] { folded.append(contentsOf: spelt.unicodeScalars) } else { folded.append(scalar) }
        }
        return String(folded)
    }

    /// What to look for when an operator types `query`: its folded text, or only its digits when it looks like a
    /// phone number (digits with spaces, `+`, `-`, `.`, `/` or brackets), as phone numbers are indexed by their
    /// digits alone. Nil when nothing is left to look for.
    public static func term(for query: String) -> String? {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let scalars = trimmed.unicodeScalars
        let digits = scalars.filter { ("0"..."9").contains($0) }
        if !digits.isEmpty, scalars.allSatisfy({ ("0"..."9").contains($0) || phonePunctuation.contains($0) }) {
            return String(String.UnicodeScalarView(digits))
        }
        let term = folded(trimmed).unicodeScalars.filter { !$0.properties.isWhitespace || $0 == " " }
        return term.isEmpty ? nil : String(String.UnicodeScalarView(term))
    }

    /// The document an order is indexed by: its id, the names and cities of both contacts, their email
    /// addresses, the digits of their phone numbers, the card's last 4 and the shipping label, folded, one
    /// field to a line so that no match runs from one field into the next.
    public static func document(orderId: String, contacts: [Contact], cardLast4: String?, shippingLabel: String?) -> String {
        var fields = [orderId]
        fields += contacts.map(\.displayName)
        fields += contacts.compactMap(\.emailAddress)
        fields += contacts.compactMap(\.postalAddress?.city)
        fields += contacts.compactMap(\.phoneNumber).map { String(String.UnicodeScalarView($0.unicodeScalars.filter { ("0"..."9").contains($0) })) }
        fields += [cardLast4, shippingLabel].compactMap { $0 }
        var seen: Set<String> = []
        return fields.map(folded).filter { !$0.isEmpty && seen.insert($0).inserted }.joined(separator: "\n")
    }

    /// How many characters a term needs for the trigram index to serve it; a shorter one is looked for by a
    /// bounded scan (`OrderQuery.shortTermWindow`).
    public static let indexedLength = 3

    private static let phonePunctuation: Set<Unicode.Scalar> = [" ", "+", "-", ".", "/", "(", ")"]
    private static let kanaVoicingMarks: Set<Unicode.Scalar> = ["\u{3099}", "\u{309A}"]
    private static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "ı": "i", "þ": "th", "ħ": "h", "ŧ": "t",
    ]
}

extension Order {
    /// What this order is found by (`SearchText.document`).
    public var searchDocument: String {
        SearchText.document(orderId: orderId, contacts: [details.shippingContact, details.billingContact].compactMap { $0 },
                            cardLast4: details.token.cardLast4, shippingLabel: details.shippingMethod?.label)
    }
}
