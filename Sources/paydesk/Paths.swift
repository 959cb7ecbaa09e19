import Foundation

/// Where PayDesk's files live by default, after the XDG base directory specification: the one place that reads
/// `XDG_DATA_HOME`, `XDG_CONFIG_HOME` and `HOME`. A relative XDG value is ignored, as the specification says.
enum Paths {
    static func dataHome(_ environment: [String: String]) -> String {
        if let path = environment["XDG_DATA_HOME"], path.hasPrefix("/") { return path }
        return home(environment) + "/.local/share"
    }

    static func configHome(_ environment: [String: String]) -> String {
        if let path = environment["XDG_CONFIG_HOME"], path.hasPrefix("/") { return path }
        return home(environment) + "/.config"
    }

    /// `$XDG_CONFIG_HOME/paydesk/config.toml`, else `~/.config/paydesk/config.toml`.
    static func merchantConfiguration(_ environment: [String: String]) -> String {
        configHome(environment) + "/paydesk/config.toml"
    }

    /// The operator's own themes, which `--theme NAME` looks in before the shipped ones.
    static func userThemes(_ environment: [String: String]) -> String {
        configHome(environment) + "/paydesk/themes"
    }

    /// Where the console's `e` writes: `$XDG_DATA_HOME/paydesk/exports`, else `~/.local/share/paydesk/exports`.
    /// Beside the operator's own data rather than the current directory, which over SSH is wherever the
    /// session started (perhaps a folder others read); the status line gives the full path.
    static func exports(_ environment: [String: String]) -> String {
        dataHome(environment) + "/paydesk/exports"
    }

    static func home(_ environment: [String: String]) -> String {
        environment["HOME"] ?? NSHomeDirectory()
    }
}
