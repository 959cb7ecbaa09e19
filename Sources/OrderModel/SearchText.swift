import Foundation

/// The text an order is found by, and what a search looks for in it: both folded the same way, so that
/// "jurgen" finds "Jürgen", "weiss" finds "Weiß" and "ＴＥＡ" finds "tea", and a phone number is its digits
/// however it was typed.
public enum SearchText {
    /// Lower case, compatibility-decomposed (full-width letters and ligatures become plain ones), accents dropped
    /// and the letters that do not decompose spelt out (ß → ss, ø → o). Kana keep their voicing marks: か is
    /// not が.
    public static func folded(_ text: String) -> String {
        var folded: [UInt8] = []
        fold(text, into: &folded)
        return String(decoding: folded, as: UTF8.self)
    }

    /// Appends `text` folded, as UTF-8. ASCII folds to its lower case and a CJK ideograph to itself, whatever
    /// surrounds them: lower case maps each scalar alone, and each of these is a starter that decomposes to
    /// itself, so no decomposition or reordering of marks reaches across it. Only the runs of other scalars
    /// between them take Unicode's path (`unicodeFolded`), which is what costs: ingest folds several fields of
    /// every order, most of them ASCII or Chinese.
    static func fold(_ text: String, into folded: inout [UInt8]) {
        text.withUTF8Bytes { utf8 in
            var index = 0, run = 0
            func foldRun() {
                guard run < index else { return }
                folded += unicodeFolded(String(decoding: UnsafeBufferPointer(rebasing: utf8[run..<index]), as: UTF8.self)).utf8
            }
            while index < utf8.count {
                let byte = utf8[index]
                if byte < 0x80 {
                    foldRun()
                    folded.append(byte &- UInt8(ascii: "A") < 26 ? byte + 0x20 : byte)
                    index += 1
                } else if CJKIdeograph.starts(at: index, in: utf8) {
                    foldRun()
                    folded += utf8[index..<index + 3]
                    index += 3
                } else {
                    index += 1
                    continue
                }
                run = index
            }
            foldRun()
        }
    }

    /// The fold of any text, by Unicode's lower case and compatibility decomposition.
    static func unicodeFolded(_ text: String) -> String {
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
    /// field to a line so that no match runs from one field into the next, each field once.
    public static func document(orderId: String, contacts: [Contact], cardLast4: String?, shippingLabel: String?) -> String {
        var document = Document()
        document.add { fold(orderId, into: &$0) }
        // By index: `for contact in contacts` would copy each contact, a retain and a release for each of its strings.
        for index in contacts.indices { document.add { fold(contacts[index].displayName, into: &$0) } }
        for index in contacts.indices { if let email = contacts[index].emailAddress { document.add { fold(email, into: &$0) } } }
        for index in contacts.indices { if let city = contacts[index].postalAddress?.city { document.add { fold(city, into: &$0) } } }
        for index in contacts.indices {
            if let phone = contacts[index].phoneNumber {
                document.add { digits in phone.withUTF8Bytes { for byte in $0 where byte &- UInt8(ascii: "0") < 10 { digits.append(byte) } } }
            }
        }
        if let cardLast4 { document.add { fold(cardLast4, into: &$0) } }
        if let shippingLabel { document.add { fold(shippingLabel, into: &$0) } }
        return String(decoding: document.bytes, as: UTF8.self)
    }

    /// Folded fields, one to a line, leaving out the empty and the repeated. Fields are compared by their bytes:
    /// folded text is fully decomposed (NFD), where text that is canonically equivalent is the same bytes, so
    /// this is String's own equality.
    private struct Document {
        var bytes: [UInt8] = []
        var lines: [Range<Int>] = []

        init() {
            bytes.reserveCapacity(256)
            lines.reserveCapacity(10)
        }

        mutating func add(_ write: (inout [UInt8]) -> Void) {
            let separator = bytes.count
            if !lines.isEmpty { bytes.append(UInt8(ascii: "\n")) }
            let start = bytes.count
            write(&bytes)
            let line = start..<bytes.count
            guard !line.isEmpty, !repeats(line) else {
                bytes.removeSubrange(separator...)
                return
            }
            lines.append(line)
        }

        private func repeats(_ line: Range<Int>) -> Bool {
            bytes.withUnsafeBufferPointer { bytes in
                lines.contains { earlier in
                    earlier.count == line.count && (0..<line.count).allSatisfy { bytes[earlier.lowerBound + $0] == bytes[line.lowerBound + $0] }
                }
            }
        }
    }

    /// How many characters a term needs for the trigram index to serve it directly. A term one shorter is found
    /// through the trigrams that start with it (schema v17); a single character by a bounded scan
    /// (`OrderQuery.shortTermWindow`).
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
        // One copy of each contact: a literal array of both, then `compactMap`, made two.
        var contacts: [Contact] = []
        contacts.reserveCapacity(2)
        if let shipping = details.shippingContact { contacts.append(shipping) }
        if let billing = details.billingContact { contacts.append(billing) }
        return SearchText.document(orderId: orderId, contacts: contacts,
                                   cardLast4: details.token.cardLast4, shippingLabel: details.shippingMethod?.label)
    }
}
