/// What `paydesk-benchmarks` was asked to run. Every word is checked before anything runs: with no section named,
/// every section runs, which takes many minutes and builds a store of a million orders, so a word the tool does not
/// know (`--help`, a misspelt section, an option without its value) must not be taken for that.
struct BenchmarkArguments: Equatable {
    static let sectionNames = ["json", "ingest", "stages", "store", "search", "tokens", "console", "startup", "driver", "contention"]

    static let usage = """
        usage: paydesk-benchmarks [SECTION ...] [--orders N] [--starts N] [--paydesk PATH] [--term TEXT] [--times N] [--quick] [--smoke]
          SECTION         \(sectionNames.joined(separator: ", ")); none: all
          --orders N      orders in the large store (store, search, console, startup; default 1000000), built once
          --starts N      console and less starts to time (startup; default 30)
          --paydesk PATH  the paydesk binary to start (startup; default: the one beside this tool)
          --term TEXT     search for this term alone (search), --times N times (default 20)
          --quick         the driver's first size only (10,000 orders)
          --smoke         every section at a tiny size, in .build-bench/smoke: that each runs to its end, not its figures
        """

    /// The sections named; empty runs every section.
    var sections: Set<String> = []
    /// Nil: the scale's.
    var orders: Int?
    var starts: Int?
    var paydesk: String?
    var term: String?
    var times: Int?
    var quick = false
    var smoke = false

    enum Parsed: Equatable {
        case run(BenchmarkArguments)
        case help
        /// One line naming the word at fault.
        case refused(String)
    }

    /// The options that take a whole number above 0, and those that take any text.
    private static let countOptions: [String: WritableKeyPath<BenchmarkArguments, Int?> & Sendable] =
        ["--orders": \.orders, "--starts": \.starts, "--times": \.times]
    private static let textOptions: [String: WritableKeyPath<BenchmarkArguments, String?> & Sendable] =
        ["--paydesk": \.paydesk, "--term": \.term]

    /// Reads the words after the tool's name.
    static func parse(_ words: [String]) -> Parsed {
        var arguments = BenchmarkArguments()
        var rest = words[...]
        while let word = rest.popFirst() {
            if word == "-h" || word == "--help" { return .help }
            if word == "--quick" {
                arguments.quick = true
            } else if word == "--smoke" {
                arguments.smoke = true
            } else if sectionNames.contains(word) {
                arguments.sections.insert(word)
            } else if let option = countOptions[word] {
                let text = rest.popFirst()
                guard let text, let count = Int(text), count > 0 else {
                    return .refused("\(word) needs a whole number above 0, not \(text.map { String(reflecting: $0) } ?? "nothing")")
                }
                arguments[keyPath: option] = count
            } else if let option = textOptions[word] {
                guard let value = rest.popFirst(), !value.isEmpty else { return .refused("\(word) needs a value") }
                arguments[keyPath: option] = value
            } else {
                return .refused("\(String(reflecting: word)) is not a section or an option")
            }
        }
        return .run(arguments)
    }

    /// Whether `section` runs.
    func runs(_ section: String) -> Bool { sections.isEmpty || sections.contains(section) }
}
