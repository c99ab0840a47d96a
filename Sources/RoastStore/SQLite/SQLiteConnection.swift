import CSQLite

/// One open libsqlite3 connection with a prepared-statement cache keyed by SQL text.
///
/// `@unchecked Sendable` because it wraps a C handle: SQLite connections opened with
/// `SQLITE_OPEN_NOMUTEX` must not be used from two threads at once, and this type has no lock of its
/// own. `RoastDatabase` keeps the only reference inside a `Mutex` and touches it only under the lock.
final class SQLiteConnection: @unchecked Sendable {
    let path: String
    private var handle: OpaquePointer?
    private var cache: [SQLKey: Statement] = [:]
    /// While true, statements that would write are refused (read transactions).
    var readOnlyGuard = false

    /// Opens (creating the file if needed, but not its directory) and configures the connection.
    init(path: String) throws(StoreError) {
        self.path = path
        Self.configureLibrary
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw .cannotOpen(path: path, reason: reason)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        do throws(StoreError) {
            // journal_mode answers with the mode in effect; ":memory:" databases stay "memory".
            let mode = try queryOne("PRAGMA journal_mode=WAL") { (row: borrowing Row) in row.string(0) }
            if path != ":memory:" && !path.isEmpty, mode?.lowercased() != "wal" {
                throw .cannotOpen(path: path, reason: "could not enable WAL (journal_mode is \(mode ?? "unknown"))")
            }
            try execute("PRAGMA synchronous=NORMAL")
            // SQLite's own checkpoint runs inside whichever commit crosses its threshold, making that
            // event wait; pushed out to ~40 MB here, it is a backstop only. `RoastDatabase` checkpoints
            // with `WALCheckpointer`, which copies the log on its own
            // thread and restarts it at 16 MB. The file keeps up to 16 MB once restarted, so a
            // restarted log overwrites blocks already allocated instead of growing the file again.
            try execute("PRAGMA wal_autocheckpoint=10000")
            try execute("PRAGMA journal_size_limit=16777216")
            try execute("PRAGMA foreign_keys=ON")
            try execute("PRAGMA busy_timeout=5000")
            // Statement journals (the savepoint of every event in a group commit) and temporary
            // b-trees stay in memory instead of spilling to a temporary file (~35 KB written per
            // update under load); they are small and live only for one statement or transaction.
            try execute("PRAGMA temp_store=MEMORY")
        } catch {
            close()
            switch error {
            case .cannotOpen: throw error
            // "file is not a database" and friends surface here, on the first read.
            default: throw .cannotOpen(path: path, reason: Self.describe(error))
            }
        }
    }

    deinit {
        close()
    }

    /// Process-wide settings, applied once before the first connection opens: no memory statistics
    /// (nothing reads them, and they take a process-wide mutex around every SQLite allocation).
    private static let configureLibrary: Void = {
        _ = roastbot_sqlite_disable_memory_statistics()
    }()

    var isOpen: Bool { handle != nil }

    /// Finalizes every cached statement and closes the handle. Safe to call twice.
    func close() {
        cache.removeAll()  // Statement.deinit finalizes.
        if let handle {
            sqlite3_close_v2(handle)
        }
        handle = nil
    }

    /// Runs `sql` to completion with `bindings`, discarding any rows.
    func execute(_ sql: String, _ bindings: any SQLiteBindable...) throws(StoreError) {
        try run(sql, bindings) { (_: borrowing Row) throws(StoreError) in }
    }

    /// Runs `sql` and decodes every row.
    func query<T>(
        _ sql: String, _ bindings: any SQLiteBindable..., context: String = "row",
        row decode: (borrowing Row) throws(StoreError) -> T
    ) throws(StoreError) -> [T] {
        var results: [T] = []
        try run(sql, bindings, context: context) { (row: borrowing Row) throws(StoreError) in
            results.append(try decode(row))
        }
        return results
    }

    /// Runs `sql` and decodes its first row, if any.
    func queryOne<T>(
        _ sql: String, _ bindings: any SQLiteBindable..., context: String = "row",
        row decode: (borrowing Row) throws(StoreError) -> T
    ) throws(StoreError) -> T? {
        let (db, statement) = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(bindings, connection: db)
        guard try statement.step(connection: db) else { return nil }
        // A named local, not a temporary argument: Swift 6.3.1's optimizer crashes ("forwardToInit")
        // specializing a call that passes a freshly built non-copyable value, breaking `-c release`.
        let row = Row(statement: statement.handle, context: context)
        return try decode(row)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    var changes: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_changes64(handle))
    }

    /// The rowid of the most recent successful INSERT.
    var lastInsertRowID: Int64 {
        guard let handle else { return 0 }
        return sqlite3_last_insert_rowid(handle)
    }

    /// True outside an explicit transaction.
    var isAutocommit: Bool {
        guard let handle else { return true }
        return sqlite3_get_autocommit(handle) != 0
    }

    /// Installs (or, with nil, removes) SQLite's WAL hook, called after each commit with the number
    /// of pages in the log. Replaces the automatic checkpoint (see ``WALCheckpointer``).
    func setWALHook(
        _ context: UnsafeMutableRawPointer?,
        _ hook: (@convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Int32)?
    ) {
        guard let handle else { return }
        sqlite3_wal_hook(handle, hook, context)
    }

    /// Runs a script of several statements without bindings (migrations only).
    func executeScript(_ sql: String) throws(StoreError) {
        guard let handle else { throw Self.closedError }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw .sqlite(code: code, message: message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code)))
        }
    }

    // MARK: - Helpers

    static let closedError = StoreError.sqlite(code: SQLITE_MISUSE, message: "database is closed")

    static func error(_ code: Int32, _ db: OpaquePointer?) -> StoreError {
        let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        return .sqlite(code: code, message: message)
    }

    static func describe(_ error: StoreError) -> String {
        switch error {
        case .cannotOpen(_, let reason): reason
        case .unknownMigration(let name): "unknown migration \(name)"
        case .sqlite(let code, let message): "\(message) (code \(code))"
        case .corruptRow(let what): "corrupt row \(what)"
        }
    }

    private func run(
        _ sql: String, _ bindings: [any SQLiteBindable], context: String = "row",
        each: (borrowing Row) throws(StoreError) -> Void
    ) throws(StoreError) {
        let (db, statement) = try prepare(sql)
        defer { statement.reset() }
        try statement.bind(bindings, connection: db)
        while try statement.step(connection: db) {
            let row = Row(statement: statement.handle, context: context)  // see queryOne
            try each(row)
        }
    }

    private func prepare(_ sql: String) throws(StoreError) -> (OpaquePointer, Statement) {
        guard let handle else { throw Self.closedError }
        let statement: Statement
        if let cached = cache[SQLKey(sql)] {
            statement = cached
        } else {
            var raw: OpaquePointer?
            let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
            guard code == SQLITE_OK, let raw else { throw Self.error(code, handle) }
            statement = Statement(handle: raw)
            cache[SQLKey(sql)] = statement
        }
        if readOnlyGuard && !statement.isReadOnly {
            throw .sqlite(code: SQLITE_READONLY, message: "write attempted inside a read transaction")
        }
        return (handle, statement)
    }
}

/// The statement cache's key: SQL text, hashed by its length and its first and last 32 bytes rather
/// than all of it (each event looks up about twenty statements of a few hundred bytes). Statements
/// alike at both ends share a bucket and are told apart by equality, which compares the whole text.
private struct SQLKey: Hashable {
    let sql: String

    init(_ sql: String) { self.sql = sql }

    func hash(into hasher: inout Hasher) {
        var sql = sql
        sql.withUTF8 { bytes in
            hasher.combine(bytes.count)
            let raw = UnsafeRawBufferPointer(bytes)
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(32)))
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(32)))
        }
    }
}
