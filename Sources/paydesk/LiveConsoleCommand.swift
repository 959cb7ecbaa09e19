import ArgumentParser
import ConsoleStoreAdapter
import ConsoleUI
import CursesTerminal
import Foundation
import OrderModel
import OrderStore
import Themes
/// `paydesk` with no subcommand: the live console on a store.
struct LiveConsoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console",
        abstract: "Open the live console on a store (what `paydesk` alone does).",
        discussion: """
            Read-only when --read-only is given, when PAYDESK_READ_ONLY=1 (true, yes or on; no flag undoes it, and \
            a value that is none of those nor 0, false, no or off is reported and keeps it read-only), or when the \
            store, its -wal or -shm is not writable by this user. Themes: --theme NAME|PATH or PAYDESK_THEME; shipped \
            themes are default, light, high-contrast, colour-blind and monochrome; your own go in \
            $XDG_CONFIG_HOME/paydesk/themes/NAME.toml.
            """)

    @OptionGroup var store: StoreOptions

    @Option(help: ArgumentHelp("A theme name or a theme file.", valueName: "name|path"), completion: .theme)
    var theme: String?

    func run() throws {
        try Self.open(store, theme: theme)
    }

    /// Opens the console on the store `options` name, read-only when it has to be. Once the console has closed
    /// the store, a console that could change it empties the WAL its reads kept (`PayDeskStore.emptyWAL`); when
    /// that cannot be done, nothing is lost, and the next writer to close does it.
    static func open(_ options: StoreOptions, theme: String?) throws {
        if try session(options, theme: theme) { try? PayDeskStore.emptyWAL(at: options.path) }
    }

    /// The console from its first frame to its last, the terminal given back and the store closed as it returns;
    /// whether it could change the store.
    private static func session(_ options: StoreOptions, theme: String?) throws -> Bool {
        let environment = options.environment
        let (opened, readOnlyReason) = try options.openForConsole()
        let (chosenTheme, themeProblem) = Theme.chosen(theme, environment: environment,
                                                       userThemes: Paths.userThemes(environment))
        let terminal: CursesTerminal
        do { terminal = try CursesTerminal(theme: chosenTheme, environment: environment) } catch { throw CommandFailure(error) }
        defer { terminal.restore() }
        let now = Timestamp.now()
        var state = ConsoleState(size: terminal.size, storeName: (options.path as NSString).lastPathComponent,
                                 readOnlyReason: readOnlyReason, glyphs: terminal.isUTF8 ? .unicode : .ascii,
                                 utcOffset: .local, now: now)
        // A PAYDESK_READ_ONLY that means nothing is said at once, not only when a change is refused (which says it
        // again, as help does); a theme problem is said only here, so it comes first.
        var notes = [themeProblem].compactMap { $0 }
        if case .notUnderstood = ReadOnlySetting(environment), let setting = ReadOnlySetting(environment).reason { notes.append(setting) }
        if !notes.isEmpty { state.show(notes.joined(separator: " · "), as: themeProblem == nil ? .warning : .error, seconds: 15) }
        Console(store: opened, actor: try .current(), terminal: terminal, state: state,
                exports: ExportFolder(path: Paths.exports(environment)), clock: Timestamp.now).run()
        return readOnlyReason == nil
    }
}

extension StoreOptions {
    /// The store for the console: one it may change when allowed and possible (opened for writing only at the
    /// first change, `ReadFirstStore`), else read-only with the reason, which the console shows. An OS
    /// user who may only read the store gets a working read-only console.
    func openForConsole() throws -> (PayDeskConsoleStore, readOnlyReason: String?) {
        var reason = readOnlyReason ?? storeReadOnlyReason
        if reason == nil {
            do { return (PayDeskConsoleStore(try ReadFirstStore.open(path: path, upgradeReporter: upgradeReporter)), nil) }
            catch .readOnly, .cannotOpen {
                reason = "the store could not be opened for writing"
            } catch {
                throw CommandFailure(error)
            }
        }
        do { return (PayDeskConsoleStore(try PayDeskStore(path: path, mode: .readOnly)), reason) } catch { throw CommandFailure(error) }
    }
}
