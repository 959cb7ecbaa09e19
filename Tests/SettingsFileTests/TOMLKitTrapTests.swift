import Testing
import SettingsFile

@Suite struct TOMLKitTrapTests {
    @Test(arguments: [
        ("[# Marx", 1), ("[[=x]]", 1), ("a = 1\n\n  [ {x}]", 3), ("[[ ,]]", 1), ("[\t+1]", 1), ("[[[1]]]", 1),
        ("s = '''\n[=\n'''\n[=]", 4), ("a = [\n  1,\n]\n[.x]", 4),
        // toml++ skips a byte-order mark, so a header right after one is still a header (found by fuzz-theme in CI)
        ("\u{FEFF}[<", 1), ("\u{FEFF}[[=x]]", 1), ("\u{FEFF}  [ {x}]", 1),
    ])
    func findsAHeaderThatDoesNotStartWithAName(text: String, line: Int) {
        #expect(TOMLKitTrap.first(in: text) == .headerWithoutName(line: line))
    }

    @Test(arguments: [
        "[roles]\nselection = { fg = \"cyan\" }", "[[merchant_keys]]\n[[ merchant_keys ]]", "[\"quoted key\"]\n['literal']",
        "[a-b_1.c]  # comment [=", "# [= in a comment", "s = \"\"\"\n[= in a string\n\"\"\"", "l = '''\n[#\n'''",
        "a = [\n  [ # an array of arrays\n    1],\n  [ {x = 1} ],\n]", "e = \"\\\"[=\"\n[ok]", "[]", "[", "",
    ])
    func letsEverythingElseThroughToTOMLKit(text: String) {
        #expect(TOMLKitTrap.first(in: text) == nil)
    }

    /// Each of these stopped PayDesk (SIGABRT in toml++'s parse_value) when read as config.toml or a theme.
    @Test(arguments: [
        ("a = [ }", 1), ("a = [1, }", 1), ("a = { b = [ } }", 1), ("a = [ [ } ] ]", 1), ("fg = [# Mar \"cyan\"\n}", 2),
        ("s = \"]\"\nt = [\n  '[',\n  # }\n}", 5),
    ])
    func findsABraceWhereAnArrayWantsAValue(text: String, line: Int) {
        #expect(TOMLKitTrap.first(in: text) == .braceInArray(line: line))
    }

    @Test(arguments: ["a = { b = [1, 2] }", "a = [ { b = 1 }, {c = [ {} ]} ]", "a = \"[ }\"", "a = '[ }'", "a = [ \"}\" ]", "a = [1] # [ }"])
    func bracesThatCloseTheirOwnTablesAreFine(text: String) {
        #expect(TOMLKitTrap.first(in: text) == nil)
    }
}
