import GRDBSQLite

extension PayDeskStore {
    /// The schema version this build creates and migrates stores to. Each migration is one version ("v1" is
    /// the first), so counting them keeps the number right as migrations are added.
    public static var schemaVersion: Int { Schema.migrator.migrations.count }

    /// The SQLite library this process runs with: the host's libsqlite3, which may differ from the one built against.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
