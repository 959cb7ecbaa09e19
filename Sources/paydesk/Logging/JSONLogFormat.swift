import Logging
import OrderModel
import TerminalCore

/// One JSON object per line: `time` (RFC 3339, UTC), `level`, `message`, then the metadata as fields of their
/// own, in key order; counts are numbers. Strings are escaped here rather than by Foundation's encoder, which
/// lets DEL, C1 controls, bidi overrides and line separators through raw: every one of those, and every C0
/// control, comes out as a `\uXXXX` escape, so a log viewer shows what came from outside instead of obeying it.
enum JSONLogFormat {
    static func line(_ entry: LogEntry) -> String {
        var fields = ["\"time\":\(string(entry.time.rfc3339))", "\"level\":\(string(entry.level.rawValue))",
                      "\"message\":\(string(entry.message))"]
        for (key, value) in entry.metadata.sorted(by: { $0.key < $1.key }) where !["time", "level", "message"].contains(key) {
            fields.append("\(string(key)):\(json(value))")
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func json(_ value: Logger.MetadataValue) -> String {
        switch value {
        case .string(let text): string(text)
        case .stringConvertible(let number as any BinaryInteger): "\(number)"
        case .stringConvertible(let flag as Bool): "\(flag)"
        case .stringConvertible(let number as Double) where number.isFinite: "\(number)"
        case .stringConvertible(let convertible): string(convertible.description)
        case .array(let values): "[" + values.map(json).joined(separator: ",") + "]"
        case .dictionary(let metadata):
            "{" + metadata.sorted { $0.key < $1.key }.map { "\(string($0.key)):\(json($0.value))" }.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal: `"` and `\` escaped by a backslash, every control or hazardous scalar as `\uXXXX`
    /// (a surrogate pair above U+FFFF).
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.isTerminalHazard:
                for unit in String(scalar).utf16 { out += "\\u" + hex4(unit) }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func hex4(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}
