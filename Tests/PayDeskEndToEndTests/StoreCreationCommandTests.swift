import Foundation
import Testing

/// Stores are created on purpose (`paydesk init`), privately; nothing else creates, replaces or follows a file
/// (issue 13 findings 3 to 5, issue 14 finding 2).
@Suite struct StoreCreationCommandTests {
    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    @Test func everyCommandButInitRefusesAMissingStoreAndCreatesNothing() throws {
        // Given a mistyped --db in a folder that does not exist
        let paydesk = try PayDeskBinary()
        let typo = paydesk.folder.appendingPathComponent("shpo/paydesk.sqlite").path
        // When ingest, the console, a listing and a refund are pointed at it
        for arguments in [["ingest"], ["console"], ["orders", "list"], ["refund", "X", "--reason", "other", "--yes"], ["process", "--processor", "sandbox", "--once"]] {
            let result = try paydesk.run(arguments + ["--db", typo], input: CommandTests.order)
            // Then each says there is no store there and how to make one, in one line
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr == "paydesk: no store at \(typo); create it with paydesk init\n", "\(arguments)")
        }
        // And no file and no folder was made
        #expect(!exists(paydesk.folder.appendingPathComponent("shpo").path))
        // When init creates it, Then ingest works, and a second init changes nothing
        let created = try paydesk.run(["init", "--db", typo])
        #expect(created.status == 0 && created.stdout == "created an empty store at \(typo)\n")
        #expect(try paydesk.run(["ingest", "--db", typo], input: CommandTests.order).status == 0)
        let again = try paydesk.run(["init", "--db", typo])
        #expect(again.status == 1 && again.stderr == "paydesk: \(typo) already exists; nothing was changed\n")
    }

    @Test func demoReplacesOnlyADemo() throws {
        // Given a shop's store and an unrelated file
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        try paydesk.run(["ingest", "--db", paydesk.store], input: CommandTests.order)
        let shopBytes = try Data(contentsOf: URL(fileURLWithPath: paydesk.store))
        let notes = paydesk.folder.appendingPathComponent("notes.txt").path
        try Data("the shop's notes".utf8).write(to: URL(fileURLWithPath: notes))
        // When demo is pointed at either, Then it refuses and both are exactly as they were
        for path in [paydesk.store, notes] {
            let result = try paydesk.run(["demo", "--orders", "5", "--no-console", "--db", path])
            #expect(result.status == 1)
            #expect(result.stderr == "paydesk: \(path) is not a demo store made by paydesk demo; it was left as it is (choose another --db, or remove it yourself)\n")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: paydesk.store)) == shopBytes)
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "the shop's notes")
        // And a demo is rebuilt over a demo, which `info` recognises
        let demo = paydesk.folder.appendingPathComponent("demo.sqlite").path
        #expect(try paydesk.run(["demo", "--orders", "5", "--no-console", "--db", demo]).status == 0)
        #expect(try paydesk.run(["demo", "--orders", "7", "--no-console", "--db", demo]).status == 0)
        #expect(try paydesk.run(["info", "--db", demo]).stdout.contains("orders:   7 (a demo store)"))
    }

    @Test func infoReportsAMissingStoreAndWarnsAboutFilesOthersCanRead() throws {
        let paydesk = try PayDeskBinary()
        #expect(try paydesk.run(["info", "--db", paydesk.store]).stdout.contains("missing: create it with paydesk init"))
        try paydesk.createStore()
        #expect(!(try paydesk.run(["info", "--db", paydesk.store]).stdout.contains("warning")))
        chmod(paydesk.store, 0o644)
        let warned = try paydesk.run(["info", "--db", paydesk.store]).stdout
        #expect(warned.contains("warning:  \(paydesk.store) is readable by every user on this host (mode 644)"))
    }

    @Test func processNeverFollowsALinkPlantedAtTheSandboxsState() throws {
        // Given a store, and a dangling link where the sandbox keeps its state
        let paydesk = try PayDeskBinary()
        try paydesk.createStore()
        let state = paydesk.folder.appendingPathComponent("store-sandbox.sqlite").path
        let target = paydesk.folder.appendingPathComponent("attacker-chose-this").path
        #expect(symlink(target, state) == 0)
        // When the processor runs, Then it refuses, naming the file, and creates nothing at the link's target
        let result = try paydesk.run(["process", "--processor", "sandbox", "--once", "--db", paydesk.store])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(state) is a symbolic link"))
        #expect(!exists(target))
    }
}

/// A monitor who may read the store but not create files beside it (issue 14, finding 8).
@Suite struct MonitorStoreTests {
    @Test(.enabled(if: geteuid() == 0, "needs root to act as another user"))
    func aMissingLogFileIsNamedWithWhatToDo() throws {
        // Given a store shared with the monitors' group, whose -wal and -shm were removed
        let paydesk = try PayDeskBinary()
        let nogroup = try #require(getgrnam("nogroup")).pointee.gr_gid
        chown(paydesk.folder.path, uid_t.max, nogroup)
        chmod(paydesk.folder.path, 0o750)
        let created = try paydesk.run(["init", "--group", "nogroup", "--db", paydesk.store])
        #expect(created.status == 0)
        for companion in [paydesk.store + "-wal", paydesk.store + "-shm"] { unlink(companion) }
        // When nobody (in that group) lists its orders
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/runuser")
        process.arguments = ["-u", "nobody", "--", PayDeskBinary.executable.path, "orders", "list", "--db", paydesk.store]
        process.environment = ["HOME": "/tmp", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // Then the message names the missing files and what to do, not SQLite's "unable to open"
        #expect(process.terminationStatus == 1)
        #expect(message == "paydesk: \(paydesk.store): cannot open: \(paydesk.store)-wal and \(paydesk.store)-shm missing, "
                + "and this user may not create them; open the store once as its owner, who keeps them from then on\n")
        // And once its owner has opened it, the monitor can read it
        #expect(try paydesk.run(["orders", "list", "--db", paydesk.store]).status == 0)
        let again = Process()
        again.executableURL = process.executableURL
        again.arguments = process.arguments
        again.environment = process.environment
        again.standardOutput = FileHandle.nullDevice
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationStatus == 0)
    }
}
