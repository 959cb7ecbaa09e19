import Foundation
import PayDeskSandbox
import Testing
import OrderModel
@testable import OrderStore

/// A store is created on purpose and privately, and nobody else's file is ever opened or followed as one
/// (issue 13 findings 4 and 5, issue 14 finding 2).
@Suite struct StoreFilesTests {
    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// A new folder of the test's own, which does not exist yet.
    func freshFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("paydesk-files-\(UUID().uuidString)").path
    }

    @Test func aStoreIsCreatedPrivatelyWithItsFolders() throws {
        // Given a path two folders deep that does not exist
        let root = freshFolder(), path = root + "/shop/paydesk.sqlite"
        // When the store is created
        _ = try PayDeskStore.create(at: path)
        // Then the store, its -wal and -shm are 0600 and the new folders 0700
        for file in [path, path + "-wal", path + "-shm"] { #expect(mode(file) == 0o600, "\(file)") }
        #expect(mode(root) == 0o700 && mode(root + "/shop") == 0o700)
        // And a second create changes nothing
        #expect(throws: StoreError.alreadyExists(path: path)) { try PayDeskStore.create(at: path) }
    }

    @Test func aStoreForMonitorsIsReadableByTheirGroupOnly() throws {
        let group = try #require(getgrgid(getegid())).pointee
        let name = String(cString: group.gr_name)
        let path = freshFolder() + "/paydesk.sqlite"
        _ = try PayDeskStore.create(at: path, group: name)
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            #expect(lstat(file, &info) == 0 && info.st_mode & 0o777 == 0o640 && info.st_gid == group.gr_gid, "\(file)")
        }
        #expect(mode(StoreFiles.folder(of: path)) == 0o750)
    }

    @Test func openingAMissingStoreCreatesNothing() throws {
        // Given a mistyped path in a folder that does not exist either
        let root = freshFolder(), path = root + "/typo/paydesk.sqlite"
        // When it is opened, for writing or for reading
        #expect(throws: StoreError.missing(path: path)) { try PayDeskStore(path: path) }
        #expect(throws: StoreError.missing(path: path)) { try PayDeskStore(path: path, mode: .readOnly) }
        // Then no file and no folder was made, and the message says what to do
        #expect(!exists(root))
        #expect(StoreError.missing(path: path).description == "no store at \(path); create it with paydesk init")
    }

    @Test func aLinkAtTheStoreOrItsLogIsNeverFollowed() throws {
        // Given a store, and an attacker's dangling link where its -wal would be made
        let path = freshFolder() + "/paydesk.sqlite"
        _ = try PayDeskStore.create(at: path)
        let target = freshFolder() + "-attacker-chose-this"
        for companion in StoreFiles.companions(of: path) { unlink(companion) }
        #expect(symlink(target, path + "-wal") == 0)
        // When the store is opened, Then it is refused and nothing is created where the link points
        #expect(throws: StoreError.unsafeFile(path: path + "-wal", reason: "is a symbolic link; give the path of the file itself")) {
            try PayDeskStore(path: path)
        }
        #expect(!exists(target))
        // And a store given as a link is refused too
        let link = freshFolder() + "-link.sqlite"
        #expect(symlink(path, link) == 0)
        #expect(throws: StoreError.self) { try PayDeskStore(path: link, mode: .readOnly) }
    }

    @Test func filesOthersCanWriteAreRefused() throws {
        // Given a store whose -shm someone made world-writable
        let path = freshFolder() + "/paydesk.sqlite"
        _ = try PayDeskStore.create(at: path)
        chmod(path + "-shm", 0o666)
        // Then it is refused, naming the file, its mode and the fix
        #expect(throws: StoreError.unsafeFile(path: path + "-shm", reason: "is writable by group or others (mode 0666); chmod go-w it")) {
            try PayDeskStore(path: path)
        }
    }

    @Test func aFolderOthersCanWriteIsRefusedUnlessSticky() throws {
        // Given a store in a folder anyone may write to
        let folder = freshFolder(), path = folder + "/paydesk.sqlite"
        _ = try PayDeskStore.create(at: path)
        chmod(folder, 0o777)
        // Then it is refused: anyone could replace its files
        #expect(throws: StoreError.self) { try PayDeskStore(path: path) }
        // But in a sticky folder, like /tmp, where others cannot touch our files, it opens
        chmod(folder, 0o1777)
        _ = try PayDeskStore(path: path)
    }

    @Test(.enabled(if: geteuid() == 0, "needs root to plant another user's files"))
    func filesPlantedByAnotherUserAreRefused() throws {
        // Given a sticky shared folder where another user (nobody) planted an empty, world-writable -wal
        // before the store existed, as in the review
        let folder = freshFolder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        chmod(folder, 0o1777)
        let path = folder + "/paydesk.sqlite"
        let nobody = try #require(getpwnam("nobody")).pointee.pw_uid
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: nil))
        chown(path + "-wal", nobody, uid_t.max)
        chmod(path + "-wal", 0o666)
        // When the store is created there, Then it is refused and the planted file is not used
        #expect(throws: StoreError.unsafeFile(path: path + "-wal", reason: "exists without its store; remove it if it is yours, then try again")) {
            try PayDeskStore.create(at: path)
        }
        #expect(!exists(path))
        // And a store of root's with a -wal that nobody owns is refused when opened
        unlink(path + "-wal")
        _ = try PayDeskStore.create(at: path)
        chown(path + "-wal", nobody, uid_t.max)
        #expect(throws: StoreError.unsafeFile(path: path + "-wal", reason: "is owned by nobody, not root")) { try PayDeskStore(path: path) }
        // And a store nobody owns is refused for writing, but a monitor may read it when all its files are nobody's
        chown(path + "-wal", 0, uid_t.max)
        for file in [path] + StoreFiles.companions(of: path) { chown(file, nobody, uid_t.max) }
        #expect(throws: StoreError.unsafeFile(path: path, reason: "is owned by nobody, not root")) { try PayDeskStore(path: path) }
        _ = try PayDeskStore(path: path, mode: .readOnly)
    }

    @Test func aDemoStoreSaysSoAndAShopStoreDoesNot() throws {
        let demo = try PayDeskStore.create(at: freshFolder() + "/demo.sqlite", kind: .demo)
        let shop = try PayDeskStore.create(at: freshFolder() + "/shop.sqlite")
        #expect(try demo.kind() == .demo)
        #expect(try shop.kind() == .shop)
        #expect(try PayDeskStore(path: demo.path, mode: .readOnly).kind() == .demo)
    }
}
