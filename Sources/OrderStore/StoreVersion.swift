import GRDBSQLite

extension PayDeskStore {
    /// The schema version this build creates and migrates stores to: the number of its last migration ("v9"),
    /// so it follows as migrations are added. Numbers may skip (there is no v6); a test keeps them "vN" and rising.
    public static var schemaVersion: Int { Schema.migrator.migrations.last.flatMap { Int($0.dropFirst()) } ?? 0 }

    /// The SQLite library this process runs with: the host's libsqlite3, which may differ from the one built against.
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }
}
