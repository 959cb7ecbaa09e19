import Foundation
import Testing
@testable import paydesk

/// The lock is flock(2), which belongs to an open file description: two opens in one process contend just as
/// two processes do, so the rules can be tested here; the end-to-end tests use real processes and kill -9.
@Suite struct ProcessLockTests {
    let folder: String
    var store: String { folder + "/store.sqlite" }
    let holder = ProcessLock.Holder(pid: "4242", user: "shop", host: ProcessLock.hostName(), since: "2026-11-23T10:00:00Z")

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-lock-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/store.sqlite", contents: Data()))
    }

    func failure(_ body: () throws -> Void) -> String? {
        do { try body() } catch let failure as CommandFailure { return failure.message } catch { return "\(error)" }
        return nil
    }

    @Test func aSecondHolderIsRefusedNamingTheFirst() throws {
        // Given the lock held
        let first = try ProcessLock.acquire(forStore: store, holder: holder)
        // When another takes it
        let message = failure { _ = try ProcessLock.acquire(forStore: store, holder: holder) }
        // Then it is refused in one line that names the holder and the store
        #expect(message == "another paydesk process (pid 4242, user shop, since 2026-11-23T10:00:00Z) is already running on \(store)")
        // And the lock file is the holder's alone, and says who it is
        var info = stat()
        #expect(stat(first.path, &info) == 0 && info.st_mode & 0o777 == 0o600 && info.st_uid == geteuid())
        #expect(try String(contentsOfFile: first.path, encoding: .utf8) == holder.text)
    }

    @Test func aHolderOnAnotherHostIsNamedWithIt() {
        let remote = ProcessLock.Holder(text: "pid 7\nuser ops\nhost other-host\nsince 2026-11-23T10:00:00Z\n")
        #expect(remote?.description(seenFrom: "this-host") == "pid 7, user ops, host other-host, since 2026-11-23T10:00:00Z")
        #expect(ProcessLock.Holder(text: "") == nil)
    }

    @Test func twoPathsToOneStoreShareOneLock() throws {
        // Given the lock taken through a symbolic link to the store
        try FileManager.default.createSymbolicLink(atPath: folder + "/alias.sqlite", withDestinationPath: store)
        let first = try ProcessLock.acquire(forStore: folder + "/alias.sqlite", holder: holder)
        // Then the lock file is beside the real store, and the store's own path is refused
        #expect(first.path == store + ".process-lock")
        #expect(failure { _ = try ProcessLock.acquire(forStore: store, holder: holder) }?.hasPrefix("another paydesk process") == true)
    }

    @Test func aSymbolicLinkInPlaceOfTheLockFileIsNeverFollowed() throws {
        // Given a link where the lock file goes, pointing at a file someone wants overwritten
        let target = folder + "/precious"
        try "keep me".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: store + ".process-lock", withDestinationPath: target)
        // Then the lock is refused, and the target is untouched
        #expect(failure { _ = try ProcessLock.acquire(forStore: store, holder: holder) }
            == "\(store).process-lock is a symbolic link; give the path of the file itself; PayDesk will not use it")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
    }

    @Test func somethingOtherThanAPrivateRegularFileIsRefused() throws {
        // A lock file others may write could name anyone as the holder
        let lock = store + ".process-lock"
        #expect(FileManager.default.createFile(atPath: lock, contents: Data(), attributes: [.posixPermissions: 0o666]))
        chmod(lock, 0o666)
        #expect(failure { _ = try ProcessLock.acquire(forStore: store, holder: holder) }
            == "\(lock) is writable by group or others (mode 0666); chmod go-w it; PayDesk will not use it")
        unlink(lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        #expect(failure { _ = try ProcessLock.acquire(forStore: store, holder: holder) } == "\(lock) is not a regular file; PayDesk will not use it")
    }
}
