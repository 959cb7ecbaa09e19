import Foundation
import Testing

/// PAYDESK_READ_ONLY takes 1/true/yes/on and 0/false/no/off; anything else is named, and read-only meanwhile.
/// `info` tells read-only from read-write as the console would open the store.
@Suite struct ReadOnlySettingTests {
    func storeWithAPaidOrder() throws -> PayDeskBinary {
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        #expect(try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.paidOrder).status == 0)
        return paydesk
    }

    func mode(_ paydesk: PayDeskBinary, _ environment: [String: String]) throws -> String {
        let info = try paydesk.run(["info", "--db", paydesk.store], environment: environment)
        return info.stdout.split(separator: "\n").first { $0.hasPrefix("mode:") }.map(String.init) ?? info.stderr
    }

    @Test(arguments: ["1", "true", "YES", "on"])
    func valuesThatForceReadOnly(_ value: String) throws {
        let paydesk = try storeWithAPaidOrder()
        let cancel = try paydesk.run(["cancel", "E2E-1", "--yes", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": value])
        #expect(cancel.stderr == "paydesk: cannot cancel: read-only mode (PAYDESK_READ_ONLY is set); nothing was changed\n")
        #expect(try mode(paydesk, ["PAYDESK_READ_ONLY": value]) == "mode:     read-only: PAYDESK_READ_ONLY is set")
    }

    @Test(arguments: ["0", "false", "No", "off", ""])
    func valuesThatLeaveItToTheFlags(_ value: String) throws {
        let paydesk = try storeWithAPaidOrder()
        #expect(try mode(paydesk, ["PAYDESK_READ_ONLY": value]) == "mode:     read-write")
        let flagged = try paydesk.run(["info", "--read-only", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": value])
        #expect(flagged.stdout.contains("mode:     read-only: --read-only was given"))
        let cancel = try paydesk.run(["cancel", "E2E-1", "--yes", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": value])
        #expect(cancel.status == 0)
    }

    @Test(arguments: ["tru", "2", "enabled", "\u{1B}]0;pwned\u{7}"])
    func anyOtherValueIsNamedAndKeepsTheSessionReadOnly(_ value: String) throws {
        // Given a PAYDESK_READ_ONLY that is none of the accepted values
        let paydesk = try storeWithAPaidOrder()
        let before = try Data(contentsOf: URL(fileURLWithPath: paydesk.store))
        let explained = "PAYDESK_READ_ONLY=\"\(value.neutralizedForTests)\" is none of 1, true, yes, on, 0, false, no, off; "
            + "read-only until it is"
        // Then a change is refused with one line naming the variable, its value made harmless, and what it accepts
        let cancel = try paydesk.run(["cancel", "E2E-1", "--yes", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": value])
        #expect(cancel.status == 1)
        #expect(cancel.stderr == "paydesk: cannot cancel: read-only mode (\(explained)); nothing was changed\n")
        // And info says read-only and why, and a read goes ahead with a warning
        #expect(try mode(paydesk, ["PAYDESK_READ_ONLY": value]) == "mode:     read-only: \(explained)")
        let listed = try paydesk.run(["orders", "list", "--db", paydesk.store], environment: ["PAYDESK_READ_ONLY": value])
        #expect(listed.status == 0 && listed.stdout.contains("E2E-1") && listed.stderr == "paydesk: warning: \(explained)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paydesk.store)) == before)
    }

    /// A monitoring user who may read the store but not write it: info must not claim read-write.
    @Test(.enabled(if: geteuid() == 0, "needs root to run info as another user"))
    func infoAsAUserWhoCannotWriteTheStoreSaysReadOnly() throws {
        let paydesk = try storeWithAPaidOrder()
        chmod(paydesk.folder.path, 0o755)
        let text = try runAsNobody(["info", "--db", paydesk.store]).stdout
        #expect(text.contains("mode:     read-only: the store belongs to root, not nobody"))
    }

    /// SQLite writes the -wal and -shm too: a user who owns the store but may not write its -wal is read-only.
    @Test(.enabled(if: geteuid() == 0, "needs root to give the -wal to another user"))
    func infoAsTheStoresOwnerWhoCannotWriteItsWALSaysReadOnly() throws {
        // Given a store made by nobody, whose -wal then became root's
        let paydesk = try PayDeskBinary()
        let nobody = try #require(getpwnam("nobody")).pointee
        chown(paydesk.folder.path, nobody.pw_uid, nobody.pw_gid)
        #expect(try runAsNobody(["init", "--db", paydesk.store]).status == 0)
        let wal = paydesk.store + "-wal"
        try? FileManager.default.removeItem(atPath: wal)
        #expect(FileManager.default.createFile(atPath: wal, contents: nil, attributes: [.posixPermissions: 0o644]))
        // Then info, run by nobody, says read-only and names the file
        let info = try runAsNobody(["info", "--db", paydesk.store])
        #expect(info.stdout.contains("mode:     read-only: \(wal) is not writable by nobody"))
    }

    func runAsNobody(_ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--", PayDeskBinary.executable.path] + arguments
        process.environment = ["HOME": "/tmp", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}

extension String {
    /// Control characters as the project shows them: `\u{1B}`.
    var neutralizedForTests: String {
        unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16, uppercase: true))}" : String($0) }
            .joined()
    }
}
