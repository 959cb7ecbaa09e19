import SettingsFile
import Testing

@Suite struct SettingsDocumentTests {
    static func problem(_ text: String, showsParserMessage: Bool) -> SettingsFileError? {
        do {
            _ = try SettingsDocument(parsing: text, file: "x.toml", exampleHeader: "[roles]", showsParserMessage: showsParserMessage)
            return nil
        } catch {
            return error
        }
    }

    @Test func aSyntaxErrorNamesItsLineAndShowsTheParsersMessageOnlyWhereAllowed() throws {
        // Given a file whose second line is not TOML
        let text = "a = 1\nsecret = [ text\n"
        // When it is read as a file that may be anything (a theme), then as the operator's own config.toml
        let hidden = try #require(Self.problem(text, showsParserMessage: false))
        let shown = try #require(Self.problem(text, showsParserMessage: true))
        // Then both name the file and the line; only the second says what the parser saw
        #expect(hidden.description == "x.toml:2: not valid TOML")
        #expect(shown.file == "x.toml" && shown.line == 2 && shown.problem != "not valid TOML" && !shown.problem.isEmpty)
    }

    @Test func aHeaderWithoutANameIsRefusedBeforeTheParserSeesIt() throws {
        let problem = try #require(Self.problem("a = 1\n[# roles]\n", showsParserMessage: true))
        #expect(problem.description == "x.toml:2: a table header must start with a name, as in [roles]")
    }

    @Test func aBraceInAnArrayIsRefusedBeforeTheParserSeesIt() throws {
        // Given the 8 bytes that stopped PayDesk with SIGABRT inside toml++ (found by fuzz-theme)
        let problem = try #require(Self.problem("ok = 1\na = [ }\n", showsParserMessage: false))
        // Then they are one line naming the file, the line and the mistake
        #expect(problem.description == "x.toml:2: '}' inside an array, which ends with ']'")
    }

    @Test func aHeaderWithoutANameAfterAByteOrderMarkIsRefusedBeforeTheParserSeesIt() throws {
        // Given the 5 bytes that stopped the fuzzer in CI with toml++'s assertion in parse_key
        let problem = try #require(Self.problem("\u{FEFF}[<", showsParserMessage: false))
        // Then they are one line naming the file, the line and the mistake
        #expect(problem.description == "x.toml:1: a table header must start with a name, as in [roles]")
    }

    @Test func aByteOrderMarkDoesNotHideTheFirstLinesKey() throws {
        let document = try SettingsDocument(parsing: "\u{FEFF}[roles]\ntext = { bold = true }\n", file: "x.toml",
                                            exampleHeader: "[roles]", showsParserMessage: false)
        #expect(document.lines.line(of: nil, inTable: "roles") == 1)
    }

    @Test func aWellFormedFileGivesItsTableAndWhereEachKeyIs() throws {
        let document = try SettingsDocument(parsing: "# a theme\n[roles]\ntext = { bold = true }\n", file: "x.toml",
                                            exampleHeader: "[roles]", showsParserMessage: false)
        #expect(document.table["roles"]?.table?["text"]?.table?["bold"]?.bool == true)
        #expect(document.lines.line(of: "text", inTable: "roles") == 3)
    }
}
