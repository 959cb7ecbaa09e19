import Foundation
import Logging
import OrderModel
import TerminalCore
import Testing
@testable import paydesk

/// The two log formats: one line per entry, and nothing that came from outside acts on a terminal or a parser.
@Suite struct LogFormatTests {
    static let time = Timestamp(millisecondsSinceEpoch: 1_795_253_400_250)
    /// A reference a hostile or broken processor could send: an escape sequence, a newline, DEL, a C1 control
    /// (CSI), a bidi override and a line separator.
    static let hostile = "sbx\u{1B}[2J\n\u{7F}\u{9B}\u{202E}\u{2028}end"

    func entry(_ metadata: Logger.Metadata, level: Logger.Level = .info, message: String = "charge accepted") -> LogEntry {
        LogEntry(time: Self.time, level: level, message: message, metadata: metadata)
    }

    @Test func textIsOneReadableLineWithEveryOutsideValueNeutralised() {
        let line = TextLogFormat.line(entry(["orderId": "TEA-000001", "reference": "\(Self.hostile)", "amount": "12.75 CNY"]))
        #expect(line == #"2026-11-21T09:30:00.250Z info charge accepted amount="12.75 CNY" orderId=TEA-000001 reference=sbx\u{1B}[2J\u{A}\u{7F}\u{9B}\u{202E}\u{2028}end"#)
        #expect(!line.unicodeScalars.contains { $0.isTerminalHazard })
    }

    @Test func textQuotesValuesThatWouldSplitAField() {
        #expect(TextLogFormat.line(entry(["reason": "card \"closed\"", "empty": "", "pair": "a=b"]))
            == #"2026-11-21T09:30:00.250Z info charge accepted empty="" pair="a=b" reason="card \"closed\"""#)
    }

    @Test func aValuesOwnBackslashesCannotEndItsQuotesAndAddFields() throws {
        // Given a reference from outside that ends its quote early if its backslash is left as it is
        let reference = #"x\" orderId=FAKE-9 level=critical z=\""#
        // When it is logged
        let line = TextLogFormat.line(entry(["orderId": "TEA-000001", "reference": .string(reference)]))
        // Then a logfmt reader finds the two fields logged, the reference whole, and nothing else
        #expect(line == #"2026-11-21T09:30:00.250Z info charge accepted orderId=TEA-000001 reference="x\\\" orderId=FAKE-9 level=critical z=\\\"""#)
        let fields = try #require(Self.logfmtFields(line.dropFirst("2026-11-21T09:30:00.250Z info charge accepted ".count)))
        #expect(fields.map(\.key) == ["orderId", "reference"])
        #expect(fields.last?.value == reference)
    }

    /// key=value pairs as a logfmt reader takes them: a quoted value ends at the first quote not escaped by a
    /// backslash, and `\\` and `\"` inside it stand for `\` and `"`. Nil for a line no reader could take.
    static func logfmtFields(_ text: Substring) -> [(key: String, value: String)]? {
        var fields: [(key: String, value: String)] = [], rest = text[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let key = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.popFirst(), character != "\"" {
                    if character == "\\" { guard let escaped = rest.popFirst() else { return nil }; value.append(escaped) } else { value.append(character) }
                }
            } else {
                value = String(rest.prefix { $0 != " " })
                rest = rest.dropFirst(value.count)
            }
            fields.append((key, value))
            if rest.first == " " { rest = rest.dropFirst() } else if !rest.isEmpty { return nil }
        }
        return fields
    }

    @Test func jsonIsOneObjectPerLineWithHazardsAsUnicodeEscapes() throws {
        let line = try JSONLogFormat.line(entry(["orderId": "TEA-000001", "reference": "\(Self.hostile)", "polls": .stringConvertible(3),
                                             "once": .stringConvertible(true), "delayScale": .stringConvertible(0.5)], level: .warning))
        #expect(line == #"{"delayScale":0.5,"level":"warning","message":"charge accepted","once":true,"orderId":"TEA-000001","polls":3,"reference":"sbx\u001b[2J\n\u007f\u009b\u202e\u2028end","time":"2026-11-21T09:30:00.250Z"}"#)
        // And a JSON parser reads back exactly what was logged
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(parsed["reference"] as? String == Self.hostile && parsed["polls"] as? Int == 3 && parsed["level"] as? String == "warning")
    }

    @Test func jsonEscapesQuotesBackslashesAndScalarsBeyondTheBasicPlane() throws {
        // U+E0001 (a language tag, a format character) needs a surrogate pair; U+1F375 (a teacup) is kept as is
        let text = "a\"b\\c\u{E0001}🍵"
        let line = try JSONLogFormat.line(entry(["note": .string(text)]))
        #expect(line.contains(#""note":"a\"b\\c\udb40\udc01🍵""#))
        let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(parsed?["note"] as? String == text)
    }

    @Test func theFixedFieldsCannotBeOverwrittenByMetadata() throws {
        #expect(try JSONLogFormat.line(entry(["level": "fake", "message": "fake", "time": "fake"]))
            == #"{"level":"info","message":"charge accepted","time":"2026-11-21T09:30:00.250Z"}"#)
    }

    @Test func journaldGetsEachEntrysSyslogPriority() {
        let handler = StandardErrorLogHandler(format: .text, logLevel: .info, syslogPriorityPrefix: true)
        #expect(handler.line(entry([:], level: .warning)) == "<4>2026-11-21T09:30:00.250Z warning charge accepted\n")
        #expect(handler.line(entry([:], level: .critical)).hasPrefix("<2>"))
        let plain = StandardErrorLogHandler(format: .json, logLevel: .info)
        #expect(plain.line(entry([:])).hasPrefix("{") && plain.line(entry([:])).hasSuffix("}\n"))
    }

    @Test func journalStreamIsRecognisedOnlyForThisStandardError() {
        var info = stat()
        #expect(fstat(STDERR_FILENO, &info) == 0)
        #expect(JournalStream.isStandardError(["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino)"]))
        #expect(!JournalStream.isStandardError(["JOURNAL_STREAM": "\(info.st_dev):\(info.st_ino + 1)"]))
        #expect(!JournalStream.isStandardError(["JOURNAL_STREAM": "nonsense"]))
        #expect(!JournalStream.isStandardError([:]))
    }
}
