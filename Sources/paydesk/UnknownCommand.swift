import ArgumentParser
import OrderModel
import TerminalCore

/// A word where a command name belongs that names no command, with the nearest names, as git suggests them.
///
/// Without this, `paydesk ordrs` reads as an argument of the console (the default command, which takes none)
/// and fails with the console's usage. No command here that has subcommands takes a word of its own, so a bare
/// word in a command's place is always a mistyped command.
struct UnknownCommand {
    /// The commands named before the unknown word, from the root: `["paydesk", "orders"]`.
    let path: [String]
    let word: String
    /// The nearest commands, as they would be typed after `path` ("list", or "refunds list").
    let suggestions: [String]

    /// The first word of `arguments` that stands in a command's place and names none; nil when there is none.
    init?(_ arguments: [String], root: ParsableCommand.Type) {
        var command = root
        var path = [root._commandName]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            // Options end the command names; `help` is ArgumentParser's own command at the root.
            guard !subcommands.isEmpty, !word.hasPrefix("-"), !(word == "help" && path.count == 1) else { return nil }
            if let next = subcommands.first(where: { ([$0._commandName] + $0.configuration.aliases).contains(word) }) {
                command = next
                path.append(next._commandName)
                continue
            }
            self.path = path
            self.word = word
            suggestions = Self.nearest(word, among: Self.spellings(under: command))
            return
        }
        return nil
    }

    /// `unknown command 'orders lst'; did you mean 'orders list'?`, with the typed word neutralised.
    var message: String {
        let typed = (path.dropFirst() + [word.neutralized]).joined(separator: " ")
        let parent = path.dropFirst().map { $0 + " " }.joined()
        guard !suggestions.isEmpty else {
            return "unknown command '\(typed)'; see '\(path.joined(separator: " ")) --help'"
        }
        let quoted = suggestions.map { "'\(parent)\($0)'" }
        let choices = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        return "unknown command '\(typed)'; did you mean \(choices)?"
    }

    /// How each command below `command` may be misspelt, and how it is typed: a subcommand by its name, and one
    /// level further down by its own name ("list") or joined to its parent's ("refunds-list"), both typed as
    /// "refunds list".
    static func spellings(under command: ParsableCommand.Type) -> [(spelling: String, typed: String)] {
        command.configuration.subcommands.flatMap { subcommand in
            let name = subcommand._commandName
            return [(name, name)] + subcommand.configuration.subcommands.flatMap { nested in
                [(nested._commandName, "\(name) \(nested._commandName)"), ("\(name)-\(nested._commandName)", "\(name) \(nested._commandName)")]
            }
        }
    }

    /// The candidates nearest to `word` (fewest edits, a transposition counting as one), if near enough:
    /// one edit in a short word, two in a longer one, three in a long one.
    static func nearest(_ word: String, among candidates: [(spelling: String, typed: String)]) -> [String] {
        let typed = Array(word.lowercased())
        let allowed = typed.count <= 4 ? 1 : typed.count <= 8 ? 2 : 3
        let scored = candidates.map { (distance: editDistance(typed, Array($0.spelling)), typed: $0.typed) }
        guard let best = scored.map(\.distance).min(), best <= allowed else { return [] }
        var seen = Set<String>()
        return scored.filter { $0.distance == best && seen.insert($0.typed).inserted }.map(\.typed)
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
