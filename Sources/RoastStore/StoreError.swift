/// Why a store operation failed. Messages never contain bound values (message text, names): SQLite's
/// own error strings name tables and constraints, not data.
public enum StoreError: Error, Sendable, Hashable {
    /// The database file could not be opened or configured (missing directory, permissions, not a database).
    case cannotOpen(path: String, reason: String)
    /// The database was migrated by a newer binary: it records a migration this binary does not know.
    case unknownMigration(String)
    /// SQLite reported an error; `code` is the extended result code (for example 787 for a foreign key).
    case sqlite(code: Int32, message: String)
    /// A stored row holds a value this binary cannot decode; the string names the table and column.
    case corruptRow(String)
}
