import Foundation
import Testing

/// The bash completion script `paydesk --generate-completion-script bash` writes, run by bash as a person's Tab
/// would run it, in a folder holding one file of each kind.
@Suite struct CompletionTests {
    static let files = ["store.sqlite", "store.sqlite-wal", "shop.db", "config.toml", "mine.toml", "key.pem", "cert.crt",
                        "token.json", "notes.txt", "sub/x.toml", "home/.config/paydesk/themes/shop.toml"]

    static let expected: [(line: String, offered: [String])] = [
        ("paydesk ingest --db ", ["home", "shop.db", "store.sqlite", "sub"]),
        ("paydesk process --sandbox-state ", ["home", "shop.db", "store.sqlite", "sub"]),
        ("paydesk demo --db ", ["home", "shop.db", "store.sqlite", "sub"]),
        ("paydesk ingest --config ", ["config.toml", "home", "mine.toml", "sub"]),
        ("paydesk decrypt --key ", ["home", "key.pem", "sub"]),
        ("paydesk decrypt --cert ", ["cert.crt", "home", "key.pem", "sub"]),
        ("paydesk decrypt --trust-root ", ["cert.crt", "home", "key.pem", "sub"]),
        ("paydesk decrypt ", ["home", "sub", "token.json"]),
        ("paydesk ingest no", ["notes.txt"]),
        ("paydesk console --theme ", ["colour-blind", "default", "high-contrast", "light", "monochrome", "shop"]),
        ("paydesk demo --theme s", ["shop"]),
        ("paydesk demo --theme ./", ["./config.toml", "./home/", "./mine.toml", "./sub/"]),
        ("paydesk console --theme ./sub/", ["./sub/x.toml"]),
    ]

    @Test func bashOffersTheFilesEachOptionReads() throws {
        let paydesk = try PayDeskBinary()
        for file in Self.files {
            let url = paydesk.folder.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        let script = try paydesk.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        try script.stdout.write(to: paydesk.folder.appendingPathComponent("paydesk.bash"), atomically: true, encoding: .utf8)
        for (line, offered) in Self.expected {
            #expect(try complete(line, in: paydesk) == offered, "\(line)")
        }
    }

    /// What bash's completion offers for `line`, sorted: COMP_* set as bash sets them for Tab at the end of line.
    func complete(_ line: String, in paydesk: PayDeskBinary) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.currentDirectoryURL = paydesk.folder
        process.environment = ["HOME": paydesk.folder.appendingPathComponent("home").path, "LANG": "C.UTF-8",
                               "PAYDESK": PayDeskBinary.executable.path, "LINE": line]
        process.arguments = ["-c", """
            source paydesk.bash
            COMP_LINE=$LINE; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
            COMP_WORDS[0]=$PAYDESK
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            _paydesk paydesk "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).sorted()
    }
}
