import Logging

/// One JSON object per line: `time` (RFC 3339, UTC), `level`, `message`, and the metadata as fields of their
/// own; counts are numbers. Written by `JSONContract`, as everything PayDesk prints as JSON is, so that every
/// control or hazardous scalar from outside comes out as a `\u` escape and a log viewer shows it instead of
/// obeying it.
enum JSONLogFormat {
    static func line(_ entry: LogEntry) throws -> String {
        try JSONContract.text(LogLine(entry: entry))
    }

    /// The entry as JSON sees it; the fixed fields win over metadata of the same name.
    private struct LogLine: Encodable {
        let entry: LogEntry

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldName.self)
            for (key, value) in entry.metadata where !["time", "level", "message"].contains(key) {
                try container.encode(MetadataValue(value), forKey: FieldName(key))
            }
            try container.encode(entry.time.rfc3339, forKey: FieldName("time"))
            try container.encode(entry.level.rawValue, forKey: FieldName("level"))
            try container.encode(entry.message, forKey: FieldName("message"))
        }
    }

    /// A metadata value with JSON's own types where it has them: integers, finite numbers and booleans.
    private struct MetadataValue: Encodable {
        let value: Logger.MetadataValue

        init(_ value: Logger.MetadataValue) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            switch value {
            case .string(let text): try text.encode(to: encoder)
            case .stringConvertible(let number as any BinaryInteger):
                if let exact = Int64(exactly: number) { try exact.encode(to: encoder) } else { try number.description.encode(to: encoder) }
            case .stringConvertible(let flag as Bool): try flag.encode(to: encoder)
            case .stringConvertible(let number as Double) where number.isFinite: try number.encode(to: encoder)
            case .stringConvertible(let convertible): try convertible.description.encode(to: encoder)
            case .array(let values): try values.map(MetadataValue.init).encode(to: encoder)
            case .dictionary(let metadata): try metadata.mapValues(MetadataValue.init).encode(to: encoder)
            }
        }
    }

    private struct FieldName: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
