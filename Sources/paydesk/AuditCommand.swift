import ArgumentParser
import Crypto
import Foundation
import OrderModel
import OrderStore
import TerminalCore

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Show the audit log, prove it is whole, or sign a checkpoint of its head.",
        discussion: """
            Every operator action and every ingested event appends an entry whose hash covers the one before. \
            --head prints the log's head (its entry count and last hash): keep it somewhere else, and \
            --verify --expect-head proves later that the log still extends it; a signed checkpoint does the \
            same with a signature a second host or an auditor can check (docs/operations.md). --verify also \
            replays every order's history and holds the store's orders and refunds to it.
            """,
        subcommands: [Show.self, Checkpoint.self],
        defaultSubcommand: Show.self)

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the audit log, newest first, its head, or verify it.")

        @Flag(help: "Check every hash, replay every order's history, and hold the store to it; exit 1 at the first problem.")
        var verify = false

        @Option(help: ArgumentHelp("With --verify: the log must still extend this head (ENTRIES:HASH, as --head prints it).", valueName: "head"))
        var expectHead: String?

        @Option(help: ArgumentHelp("With --verify: the log must extend the head this signed checkpoint names.", valueName: "file"),
                completion: .file())
        var checkpoint: String?

        @Option(help: ArgumentHelp("With --checkpoint: the Ed25519 public key (PEM) it must be signed with.", valueName: "key.pem"),
                completion: .file(extensions: ["pem"]))
        var publicKey: String?

        @Flag(help: "Print the log's head: its entry count and the hash of its last entry.")
        var head = false

        @Option(help: "Only entries about this order.")
        var order: String?

        @Option(help: "At most this many entries.")
        var limit = 100

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            try ListLimit.check(limit)
            if expectHead != nil || checkpoint != nil, !verify { throw ValidationError("--expect-head and --checkpoint go with --verify") }
            if publicKey != nil, checkpoint == nil { throw ValidationError("--public-key goes with --checkpoint") }
            if let expectHead, AuditHead(text: expectHead) == nil {
                throw ValidationError("--expect-head \(quoted(expectHead)) is not ENTRIES:HASH (64 hex digits), as audit --head prints it")
            }
        }

        func run() throws {
            let store = try self.store.openForReading()
            do {
                if head { return try printHead(try store.auditHead()) }
                if verify { return try verifyLog(store) }
                let entries = try store.auditEntries(orderId: order, limit: limit)
                if json {
                    try Output.json(try JSONContract.text(entries.map(JSONContract.Audit.init), pretty: true))
                } else {
                    try Output.line(TextReport.auditTable(entries))
                }
            } catch let error as StoreError {
                throw CommandFailure(error)
            }
        }

        private func printHead(_ head: AuditHead) throws {
            if json {
                try Output.json(try JSONContract.text(JSONContract.Head(head)))
            } else {
                try Output.line("\(head)")
            }
        }

        private func verifyLog(_ store: PayDeskStore) throws {
            var kept = expectHead.flatMap(AuditHead.init(text:))
            var signer: String?
            if let checkpoint {
                let file = try AuditCheckpoint(text: try readFile(checkpoint, secret: false, writableByOthersRefused: false), file: checkpoint)
                guard file.isSignedByItsKey else { throw CommandFailure("\(checkpoint): the signature does not verify; the checkpoint was altered") }
                if let publicKey {
                    let expected = try Ed25519PEM.publicKey(try readFile(publicKey, secret: false, writableByOthersRefused: true), file: publicKey)
                    guard expected.rawRepresentation == file.publicKey.rawRepresentation else {
                        throw CommandFailure("\(checkpoint): signed by key \(file.keyName), not by the key in \(publicKey)")
                    }
                }
                kept = file.head
                signer = file.keyName
            }
            let result = try store.verifyAudit(expecting: kept)
            if json {
                try Output.json(try JSONContract.text(JSONContract.Verification(result, signer: signer), pretty: true))
            } else if result.isIntact {
                try Output.line(result.description + (kept.map { "; it extends the kept head \($0)" } ?? "")
                                + (signer.map { publicKey == nil ? "; the checkpoint is signed by key \($0) (give --public-key to require it)" : "" } ?? ""))
            }
            if !result.isIntact { throw CommandFailure(json ? "audit log damaged" : result.description) }
        }
    }

    struct Checkpoint: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "checkpoint",
            abstract: "Sign the log's head with an Ed25519 key, for a second host or an auditor to keep.",
            discussion: """
                The key is an Ed25519 private key in PEM, readable by its owner only (openssl genpkey -algorithm \
                ed25519 -out audit.key). Keep it off the shop's host if you can, and the checkpoints elsewhere: \
                `paydesk audit --verify --checkpoint FILE --public-key audit.pub` proves the log still extends \
                each one.
                """)

        @Option(help: ArgumentHelp("The Ed25519 private key (PEM) to sign with.", valueName: "key.pem"), completion: .file(extensions: ["pem", "key"]))
        var key: String

        @Option(help: ArgumentHelp("Write the checkpoint to this new file instead of standard output (a file already there is refused).", valueName: "file"), completion: .file())
        var output: String?

        @Flag(help: "Print the checkpoint's fields as JSON instead of the signed text.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            let privateKey = try Ed25519PEM.privateKey(try readFile(key, secret: true, writableByOthersRefused: false), file: key)
            let store = try self.store.openForReading()
            let head: AuditHead
            do { head = try store.auditHead() } catch { throw CommandFailure(error) }
            // The empty log's head names no entry, so no later log could be held to it.
            guard head.entries > 0 else {
                throw CommandFailure("\(store.path): the audit log is empty; sign a checkpoint once it holds an entry")
            }
            let checkpoint = try AuditCheckpoint.sign(store: store.path, head: head, time: Timestamp.now(), key: privateKey)
            if let output {
                try Self.writeNewFile(output, checkpoint.text)
                try Output.line("checkpoint of \(head) signed by key \(checkpoint.keyName), written to \(output)")
            } else if json {
                try Output.json(try JSONContract.text(JSONContract.Checkpoint(checkpoint), pretty: true))
            } else {
                try Output.line(checkpoint.text.dropLast().description)
            }
        }

        /// Writes a file that did not exist, not following a link at its name: an `--output` that names the store,
        /// its key or an earlier checkpoint by mistake must not replace it, even in read-only mode.
        private static func writeNewFile(_ path: String, _ text: String) throws {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                if errno == EEXIST {
                    throw CommandFailure("\(path): already exists; a checkpoint is written to a new file only (name another, or leave out --output to print it)")
                }
                throw CommandFailure("\(path): cannot create the checkpoint: \(String(cString: strerror(errno)))")
            }
            do {
                defer { close(descriptor) }
                try Output.write(text, to: descriptor, name: path)
                guard fsync(descriptor) == 0 else { throw CommandFailure("\(path): cannot write the checkpoint: \(String(cString: strerror(errno)))") }
            } catch {
                unlink(path)
                throw error
            }
        }
    }
}

extension JSONContract {
    /// `{"entries": N, "head": "HEX"}`
    struct Head: Encodable {
        var entries: Int64
        var head: String
        init(_ head: AuditHead) {
            entries = head.entries
            self.head = head.hash.hexEncoded
        }
    }

    struct Verification: Encodable {
        var intact: Bool
        var entries: Int
        var ordersReconciled: Int
        var head: Head
        var problem: String?
        var checkpointKey: String?
        init(_ result: AuditVerification, signer: String?) {
            intact = result.isIntact
            entries = result.entriesChecked
            ordersReconciled = result.ordersReconciled
            head = Head(result.head)
            problem = result.problem
            checkpointKey = signer
        }
    }

    struct Checkpoint: Encodable {
        var store: String
        var entries: Int64
        var head: String
        var time: String
        var key: String
        var signature: String
        init(_ checkpoint: AuditCheckpoint) {
            store = checkpoint.store
            entries = checkpoint.head.entries
            head = checkpoint.head.hash.hexEncoded
            time = checkpoint.time.rfc3339
            key = checkpoint.keyName
            signature = checkpoint.signature.base64EncodedString()
        }
    }
}
