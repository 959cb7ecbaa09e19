import Testing
@testable import TerminalCore

@Suite struct NeutralizedTextTests {
    @Test(arguments: [
        ("王小明", "王小明"), ("José Ñandú 🙂", "José Ñandú 🙂"),
        ("\u{1B}[2J\u{1B}]0;pwned\u{07}", "\\u{1B}[2J\\u{1B}]0;pwned\\u{7}"),
        ("evil\u{202E}gnp.exe", "evil\\u{202E}gnp.exe"), ("a\u{200B}b", "a\\u{200B}b"),
        ("line\nbreak\r", "line\\u{A}break\\u{D}"), ("\u{9B}31m", "\\u{9B}31m"), ("x\u{2028}y", "x\\u{2028}y"),
    ])
    func neutralises(raw: String, shown: String) {
        #expect(raw.neutralized == shown)
    }
}
