import Logging
import OrderModel
import TerminalCore

/// `2026-11-23T10:00:00.250Z info charge accepted idempotencyKey=charge:TEA-000001 orderId=TEA-000001 reference=sbx_ch_1x`:
/// the time (RFC 3339, UTC), the level, the message, then the metadata as key=value in key order. Every string
/// is neutralised, because order ids, references and reasons come from outside: a control character or a bidi
/// override shows as a visible `\u{…}` and never acts on the terminal or splits the line. A value with a space,
/// a quote or an equals sign is quoted, its quotes and backslashes escaped.
enum TextLogFormat {
    static func line(_ entry: LogEntry) -> String {
        var line = "\(entry.time.rfc3339) \(entry.level.rawValue) \(entry.message.neutralized)"
        for (key, value) in entry.metadata.sorted(by: { $0.key < $1.key }) {
            line += " \(key.neutralized)=\(quotedIfNeeded(text(value).neutralized))"
        }
        return line
    }

    static func text(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): "[" + values.map(text).joined(separator: ", ") + "]"
        case .dictionary(let metadata):
            "[" + metadata.sorted { $0.key < $1.key }.map { "\($0.key): \(text($0.value))" }.joined(separator: ", ") + "]"
        }
    }

    /// Inside quotes a backslash is escaped too: left as it is, a value's own `\` before the `\"` that escapes a
    /// quote would make that quote end the value, and the rest of the value would read as fields of their own.
    private static func quotedIfNeeded(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
