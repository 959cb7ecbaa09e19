/// A settings file (a theme, config.toml) that cannot be used: `file:line: key: problem`, so the person who
/// wrote it can go straight to the mistake.
public struct SettingsFileError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var key: String?
    public var problem: String

    public init(file: String, line: Int?, key: String?, problem: String) {
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let key { place += ": \(key)" }
        return "\(place): \(problem)"
    }
}
