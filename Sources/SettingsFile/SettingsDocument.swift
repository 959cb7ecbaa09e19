import TOMLKit

/// A settings file's TOML, read the one way PayDesk reads every settings file (themes, config.toml): what
/// toml++ would stop the process on is refused first, a syntax error names its line, and the lines are kept so
/// that a refused value can be pointed at too.
public struct SettingsDocument {
    public let table: TOMLTable
    public let lines: SettingsFileLines

    /// `exampleHeader` is how the file's tables start (`[roles]`), for the message about a header without a
    /// name. A file that may be anything (`--theme /etc/passwd`) does not show the parser's message, which can
    /// quote the file's text; then a syntax error is only "not valid TOML".
    public init(parsing text: String, file: String, exampleHeader: String, showsParserMessage: Bool) throws(SettingsFileError) {
        // Without a byte-order mark, the first line's header or key is found like any other's.
        let text = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        switch TOMLKitTrap.first(in: text) {
        case .headerWithoutName(let line):
            throw SettingsFileError(file: file, line: line, key: nil, problem: "a table header must start with a name, as in \(exampleHeader)")
        case .braceInArray(let line):
            throw SettingsFileError(file: file, line: line, key: nil, problem: "'}' inside an array, which ends with ']'")
        case nil:
            break
        }
        do { table = try TOMLTable(string: text) } catch let error as TOMLParseError {
            throw SettingsFileError(file: file, line: error.source.begin.line, key: nil,
                                    problem: showsParserMessage ? error.description : "not valid TOML")
        } catch {
            throw SettingsFileError(file: file, line: nil, key: nil, problem: showsParserMessage ? "not a TOML file" : "not valid TOML")
        }
        lines = SettingsFileLines(text)
    }
}
