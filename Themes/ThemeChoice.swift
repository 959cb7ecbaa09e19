import ConsoleUI
import Foundation

extension Theme {
    /// The theme an operator asked for (`--theme NAME|PATH`, else `PAYDESK_THEME`), looked up in their own
    /// themes folder first, then among the shipped ones. A theme that cannot be used gives the default theme
    /// and the reason, which the console shows instead of failing to start; one that would hide amounts, errors
    /// or failures keeps the shipped colours for those roles, and says so.
    public static func chosen(_ choice: String?, environment: [String: String], userThemes: String) -> (Theme, problem: String?) {
        guard let choice = choice ?? environment["PAYDESK_THEME"], !choice.isEmpty else { return (.standard, nil) }
        let theme: Theme
        do { theme = try load(choice, userThemes: userThemes) } catch {
            return (.standard, "\(error.description); using the default theme")
        }
        let (readable, replaced) = theme.keepingDangerVisible(fallback: .shipped(for: theme.background))
        guard !replaced.isEmpty else { return (theme, nil) }
        let roles = replaced.map(\.rawValue).joined(separator: ", ")
        let minimum = String(format: "%.0f", Theme.minimumContrast)
        return (readable, "theme \(theme.name): \(roles) below \(minimum):1 contrast; drawn with the shipped colours")
    }

    static func load(_ choice: String, userThemes: String) throws(ThemeError) -> Theme {
        let isPath = choice.contains("/") || choice.hasSuffix(".toml")
        let path = isPath ? choice : "\(userThemes)/\(choice).toml"
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if let data = FileManager.default.contents(atPath: path) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw ThemeError(file: path, line: nil, key: nil, problem: "not UTF-8 text")
            }
            return try parse(text, file: path, name: name, base: .standard)
        }
        if !isPath, let text = ShippedThemes.text(of: choice) {
            return try parse(text, file: "\(choice).toml", name: choice, base: .standard)
        }
        let known = ShippedThemes.names.joined(separator: ", ")
        throw ThemeError(file: path, line: nil, key: nil,
                         problem: isPath ? "no such file" : "no such theme; shipped themes are \(known)")
    }

    /// The names `--theme` takes: the shipped themes, then the operator's own (`NAME.toml` in `userThemes`).
    public static func names(userThemes: String) -> [String] {
        let own = ((try? FileManager.default.contentsOfDirectory(atPath: userThemes)) ?? [])
            .filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(".toml".count)) }
        return ShippedThemes.names + own.filter { !ShippedThemes.names.contains($0) }.sorted()
    }
}
