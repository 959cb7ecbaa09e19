import ArgumentParser
import Foundation
import OrderStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new, empty store, readable by its owner only (or by a monitors' group).",
        discussion: """
            Every other command refuses a store that does not exist, so that a mistyped --db never quietly \
            starts an empty store. The store and its -wal and -shm files are created mode 0600, and any new \
            folder on the way 0700. With --group, they are 0640 and 0750 and belong to that group, so that its \
            members can open the console read-only.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("A group whose members may read the store (monitors).", valueName: "group"))
    var group: String?

    func run() throws {
        if let why = store.readOnlyReason { throw CommandFailure("cannot create a store: read-only mode (\(why)); nothing was changed") }
        let created: PayDeskStore
        do { created = try PayDeskStore.create(at: store.path, group: group) } catch { throw CommandFailure(error) }
        try Output.line("created an empty store at \(created.path)" + (group.map { ", readable by group \($0)" } ?? ""))
    }
}
