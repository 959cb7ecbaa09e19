import Testing
import SettingsFile

@Suite struct SettingsFileHeaderTests {
    @Test(arguments: [
        ("[# Marx", 1), ("[[=x]]", 1), ("a = 1\n\n  [ {x}]", 3), ("[[ ,]]", 1), ("[\t+1]", 1), ("[[[1]]]", 1),
        ("s = '''\n[=\n'''\n[=]", 4), ("a = [\n  1,\n]\n[.x]", 4),
    ])
    func findsAHeaderThatDoesNotStartWithAName(text: String, line: Int) {
        #expect(SettingsFileLines.headerWithoutKey(in: text) == line)
    }

    @Test(arguments: [
        "[roles]\nselection = { fg = \"cyan\" }", "[[merchant_keys]]\n[[ merchant_keys ]]", "[\"quoted key\"]\n['literal']",
        "[a-b_1.c]  # comment [=", "# [= in a comment", "s = \"\"\"\n[= in a string\n\"\"\"", "l = '''\n[#\n'''",
        "a = [\n  [ # an array of arrays\n    1],\n  [ {x = 1} ],\n]", "e = \"\\\"[=\"\n[ok]", "[]", "[", "",
    ])
    func letsEverythingElseThroughToTOMLKit(text: String) {
        #expect(SettingsFileLines.headerWithoutKey(in: text) == nil)
    }
}
