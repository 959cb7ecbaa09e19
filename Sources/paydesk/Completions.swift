import ArgumentParser
import ConsoleUI
import Foundation
import Themes

/// What a shell offers for PayDesk's file arguments, in the scripts `--generate-completion-script` writes.
/// Extensions narrow the offer to what the option reads; folders are always offered.
extension CompletionKind {
    /// A store; never its -wal or -shm, which are not stores.
    static let store = file(extensions: ["sqlite", "sqlite3", "db"])
    static let configuration = file(extensions: ["toml"])
    static let privateKey = file(extensions: ["pem", "key"])
    static let certificate = file(extensions: ["pem", "crt"])
    static let token = file(extensions: ["json"])

    /// `--theme`: the theme names (shipped and the operator's own); once a path is begun, folders and theme files.
    static let theme = custom { _, _, typed in
        typed.contains("/") ? themeFiles(continuing: typed) : Theme.names(userThemes: Paths.userThemes(ProcessInfo.processInfo.environment))
    }

    /// The folders and `.toml` files whose paths continue `typed`, hidden ones only when a dot was typed.
    private static func themeFiles(continuing typed: String) -> [String] {
        let folder = String(typed[...(typed.lastIndex(of: "/") ?? typed.startIndex)])
        let start = typed.dropFirst(folder.count)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted().compactMap { name in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + name, isDirectory: &isFolder) else { return nil }
            if isFolder.boolValue { return folder + name + "/" }
            return name.hasSuffix(".toml") ? folder + name : nil
        }
    }
}
