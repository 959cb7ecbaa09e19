/// Where a setting sits in a TOML file, for messages: TOML libraries say where parsing failed, not where a
/// well-formed value that we refuse was written.
public struct SettingsFileLines {
    let lines: [Substring]

    public init(_ text: String) { lines = text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The line of `key` in the `occurrence`-th `[table]` or `[[table]]` (top level when `table` is nil), or
    /// of that table's header when `key` is nil. A top-level key also matches a table of that name.
    public func line(of key: String?, inTable table: String? = nil, occurrence: Int = 0) -> Int? {
        var current: String?
        var seen = -1
        for (index, raw) in lines.enumerated() {
            let line = Self.trimmed(raw)
            if line.hasPrefix("[") {
                current = Self.trimmed(line.drop { $0 == "[" }.prefix { $0 != "]" })
                if current == table { seen += 1 }
                if current == table, seen == occurrence, key == nil { return index + 1 }
                if table == nil, current == key { return index + 1 }
                continue
            }
            guard current == table, table == nil || seen == occurrence, let key else { continue }
            let name = Self.trimmed(line.prefix { $0 != "=" })
            if name == key || name == "\"\(key)\"" { return index + 1 }
        }
        return nil
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
