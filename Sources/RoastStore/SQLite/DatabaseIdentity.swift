import CSQLite

/// Whether a database file is this bot's and one this binary can open: the one check the bot makes
/// before migrating a file at start, and `roastbot restore` makes on a backup before anything
/// changes (so that a backup the bot would refuse is never put in place).
///
/// A roastbot database carries ``applicationID`` in its header (since the migration that set it; files
/// from before carry 0), records its migrations in `schema_migrations`, and has the tables those
/// migrations create. Refused: another application's id; migrations this binary does not know (a
/// newer version wrote the file); a file with tables of its own but no record of migrations; and,
/// when asked for (restore), a file that lacks a table its recorded migrations create.
enum DatabaseIdentity {
    /// `PRAGMA application_id` of a roastbot database: "RMLB" in ASCII.
    static let applicationID: Int32 = 0x524D_4C42

    /// Throws ``StoreError/notThisApplication(reason:)`` or ``StoreError/unknownMigration(_:)``
    /// unless the database on `connection` is empty or this bot's, with no migration unknown to
    /// `migrations`; with `tables`, also unless it has every table its recorded migrations create.
    static func verify(_ connection: SQLiteConnection, migrations: [Migration], tables: Bool) throws(StoreError) {
        let id = try connection.queryOne("PRAGMA application_id") { (row: borrowing Row) in row.int64(0) } ?? 0
        guard id == 0 || id == Int64(applicationID) else {
            throw .notThisApplication(reason: "its application_id is \(id), not roastbot's \(applicationID)")
        }
        let present = Set(
            try connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                (row: borrowing Row) in row.string(0)
            })
        guard present.contains("schema_migrations") else {
            guard present.isEmpty else {
                throw .notThisApplication(
                    reason: "it has tables (\(present.sorted().prefix(5).joined(separator: ", "))) but no schema_migrations")
            }
            return
        }
        let recorded = try connection.query("SELECT name FROM schema_migrations ORDER BY applied_at, rowid") { (row: borrowing Row) in
            row.string(0)
        }
        let known = Set(migrations.map(\.name))
        if let unknown = recorded.first(where: { !known.contains($0) }) { throw .unknownMigration(unknown) }
        guard tables else { return }
        let missing = try expectedTables(after: Set(recorded), of: migrations).subtracting(present)
        guard missing.isEmpty else {
            throw .notThisApplication(reason: "it lacks the tables \(missing.sorted().joined(separator: ", ")) its migrations create")
        }
    }

    /// The tables a database has after `applied` of `migrations` (applied in their order to an empty
    /// database in memory).
    private static func expectedTables(after applied: Set<String>, of migrations: [Migration]) throws(StoreError) -> Set<String> {
        let scratch = try SQLiteConnection(path: ":memory:")
        defer { scratch.close() }
        for migration in migrations where applied.contains(migration.name) { try scratch.executeScript(migration.sql) }
        return Set(
            try scratch.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") { (row: borrowing Row) in
                row.string(0)
            })
    }
}
