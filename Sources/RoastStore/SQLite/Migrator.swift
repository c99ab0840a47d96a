import Foundation

/// Applies an append-only list of named migrations, each in its own transaction.
struct Migrator: Sendable {
    let migrations: [Migration]

    init(_ migrations: [Migration]) {
        precondition(Set(migrations.map(\.name)).count == migrations.count, "migration names must be unique")
        self.migrations = migrations
    }

    /// Applies every migration not yet recorded. Refuses what ``DatabaseIdentity`` refuses: another
    /// application's file, and a database that records a migration this list does not contain (a
    /// newer binary has run on it, and this one would misread its schema).
    func migrate(_ connection: SQLiteConnection, at now: Date = Date()) throws(StoreError) {
        try DatabaseIdentity.verify(connection, migrations: migrations, tables: false)
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at REAL NOT NULL)")
        let appliedSet = Set(try appliedNames(connection))
        for migration in migrations where !appliedSet.contains(migration.name) {
            try connection.execute("BEGIN IMMEDIATE")
            do {
                try connection.executeScript(migration.sql)
                try connection.execute(
                    "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", migration.name, now)
                try connection.execute("COMMIT")
            } catch {
                if !connection.isAutocommit { try? connection.execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// Names recorded in `schema_migrations`, in the order they were applied.
    func appliedNames(_ connection: SQLiteConnection) throws(StoreError) -> [String] {
        try connection.query("SELECT name FROM schema_migrations ORDER BY applied_at, rowid") { (row: borrowing Row) in
            row.string(0)
        }
    }
}
