import OrderStore

/// PayDesk's version, written here only: `scripts/package` reads it from the built binary.
enum Version {
    static let number = "1.0.0"

    /// What `paydesk --version` prints: this build, the store schema it writes, the SQLite it runs with.
    static var text: String {
        """
        paydesk \(number)
        store schema \(PayDeskStore.schemaVersion)
        SQLite \(PayDeskStore.sqliteVersion)
        """
    }
}
