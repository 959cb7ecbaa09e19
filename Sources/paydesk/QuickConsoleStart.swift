extension LiveConsoleCommand {
    /// The console as an operator usually opens it (`paydesk`, `paydesk --db PATH`, with `--read-only` or
    /// `--theme NAME`), read without ArgumentParser. Its first parse in a process looks up the Swift types of every
    /// command and option at run time, which took 4 ms, a sixth of the time to the console's first frame.
    ///
    /// Only those plain forms are read here, each option at most once and every value a word that does not start
    /// with `-`. Anything else, a mistake included, gives nil, and ArgumentParser reads it as before and explains
    /// what is wrong. A test holds every command this makes equal to ArgumentParser's for the same words.
    init?(quickArguments arguments: [String]) {
        var db: String?, theme: String?, readOnly = false
        var words = arguments[...]
        while let word = words.popFirst() {
            switch word {
            case "--read-only" where !readOnly:
                readOnly = true
            case "--db" where db == nil:
                guard let value = words.popFirst(), Self.isPlainValue(value) else { return nil }
                db = value
            case "--theme" where theme == nil:
                guard let value = words.popFirst(), Self.isPlainValue(value) else { return nil }
                theme = value
            default:
                return nil
            }
        }
        self.init()
        var store = StoreOptions()
        store.db = db
        store.readOnly = readOnly
        self.store = store
        self.theme = theme
    }

    private static func isPlainValue(_ word: String) -> Bool { !word.isEmpty && !word.hasPrefix("-") }
}
