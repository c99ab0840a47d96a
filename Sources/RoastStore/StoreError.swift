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
    /// The file is a database of another application, or not one this bot's migrations made (see
    /// `DatabaseIdentity`); `reason` says what gave it away.
    case notThisApplication(reason: String)
}

extension StoreError {
    /// Whether the failure is a condition of the store — busy, locked, full, an I/O error, read-only,
    /// out of memory — rather than of what was being written: waiting and trying again can cure it,
    /// so the work must not be given up.
    public var isStoreCondition: Bool {
        guard case .sqlite(let code, _) = self else { return false }
        switch code & 0xFF {
        case 5, 6, 7, 8, 10, 13, 14, 15: return true  // BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, PROTOCOL
        default: return false
        }
    }
}

extension Error {
    /// Whether this error is a condition of the store (see ``StoreError/isStoreCondition``).
    public var isStoreCondition: Bool { (self as? StoreError)?.isStoreCondition ?? false }
}

extension StoreError: CustomStringConvertible {
    /// One line for logs and health reports: SQLite's message and code, never data.
    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): \(reason)"
        case .unknownMigration(let name): "unknown migration \(name) (the database was used by a newer roastbot)"
        case .sqlite(let code, let message): "\(message) (SQLite code \(code))"
        case .corruptRow(let what): "corrupt row \(what)"
        case .notThisApplication(let reason): "not a roastbot database: \(reason)"
        }
    }
}
