import CSQLite
import Foundation
import Synchronization

/// The bot's SQLite database: one connection, migrated on open, used one transaction at a time.
///
/// Every access goes through ``write(_:)`` or ``read(_:)``, which hold a lock for the whole
/// transaction. Calls are synchronous and short; do not call `write` or `read` from inside a
/// transaction's closure (the lock is not reentrant).
public final class RoastDatabase: Sendable {
    /// The database file (":memory:" for a throwaway database).
    public let path: String
    /// nil once closed.
    private let connection: SleepingMutex<SQLiteConnection?>
    /// Checkpoints the log off the writer's thread (file databases only).
    private let checkpointer: WALCheckpointer?
    /// Injected write failures (fault suites), if any.
    private let faults: StoreFaults?
    /// Health probes and metrics reads (file databases only; see ``inspect(_:)``).
    private let side: SideConnection?
    /// The records of the rows queued through this database (see ``OutboxRecordCache``).
    let outboxRecords = OutboxRecordCache()

    /// Opens the database at `path` (the directory must exist; ":memory:" for a throwaway database),
    /// enables WAL and foreign keys, and applies pending migrations.
    /// - Parameter faults: write failures to inject (the fault suites); nil in production.
    public convenience init(path: String, faults: StoreFaults? = nil) throws(StoreError) {
        try self.init(path: path, migrations: Schema.migrations, faults: faults)
    }

    /// Opens with a custom migration list (tests of the migrator) and checkpoint thresholds in
    /// pages of the log (see ``WALCheckpointer``): a background checkpoint from 6 MB of log and then
    /// every 2 MB more, the writer's own (and the log's restart) at 16 MB. Large enough that hot
    /// pages are copied and synced once per checkpoint rather than many times; small enough that
    /// the log stays in the page cache and the writer's own checkpoint finds little left to copy.
    /// docs/performance.md has the measurements.
    init(
        path: String, migrations: [Migration], checkpointPages: (background: Int, stride: Int, inline: Int) = (1_500, 500, 4_000),
        faults: StoreFaults? = nil
    ) throws(StoreError) {
        let opened = try SQLiteConnection(path: path)
        let checkpointer: WALCheckpointer?
        do {
            try Migrator(migrations).migrate(opened)
            checkpointer =
                path == ":memory:" || path.isEmpty
                ? nil
                : try WALCheckpointer(
                    path: path, backgroundPages: checkpointPages.background, backgroundStride: checkpointPages.stride,
                    inlinePages: checkpointPages.inline)
        } catch {
            opened.close()
            throw error
        }
        checkpointer?.attach(to: opened)
        self.path = path
        self.checkpointer = checkpointer
        self.faults = faults
        side = path == ":memory:" || path.isEmpty ? nil : SideConnection(path: path)
        connection = SleepingMutex(opened)
    }

    deinit {
        close()
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction and commits it. If `body` throws, every change
    /// is rolled back and its error is rethrown unchanged.
    @discardableResult
    public func write<T>(_ body: (borrowing StoreTransaction) throws -> T) throws -> T {
        if let fault = faults?.writeFault() { throw fault }
        return try transaction(begin: "BEGIN IMMEDIATE", readOnly: false, body)
    }

    /// Runs `body` in one read transaction (a consistent snapshot). Statements that would write
    /// throw ``StoreError/sqlite(code:message:)`` with `SQLITE_READONLY`.
    public func read<T>(_ body: (borrowing StoreTransaction) throws -> T) throws -> T {
        try transaction(begin: "BEGIN DEFERRED", readOnly: true, body)
    }

    /// Runs `body` in a read transaction on a second connection, for health checks and metrics: it sees
    /// the last commit and never waits for the writer's lock, so a scrape neither delays events nor
    /// hangs while another process holds the database. A throwaway database has no second
    /// connection; its reads go through ``read(_:)``.
    public func inspect<T>(_ body: (borrowing StoreTransaction) throws -> T) throws -> T {
        guard let side else { return try read(body) }
        let outcome = try side.with { connection in
            Self.run(connection, begin: "BEGIN DEFERRED", readOnly: true, records: outboxRecords, body)
        }
        return try outcome.get()
    }

    /// Throws unless a write transaction could begin now: takes the write lock on the second
    /// connection and releases it at once, waiting at most a quarter of a second for it (another
    /// process holding the file, a full disk injected by the fault hook). Writes nothing.
    public func probeWrite() throws {
        if let fault = faults?.writeFault() { throw fault }
        guard let side else { return try write { _ in } }
        try side.with { connection in
            try connection.execute("BEGIN IMMEDIATE")
            try connection.execute("ROLLBACK")
        }
    }

    /// Statements that removed or moved pending outbox rows other than by their delivery — a person
    /// or a chat forgotten, a chat migrated — counted since the database opened. A deliverer that
    /// keeps rows it read, to send them one after another, reads its queue again once this moves.
    public var outboxRemovals: Int { outboxRecords.removalCount }

    /// The sizes of the database file and of its write-ahead log, in bytes (0 for a file that does not exist).
    public var fileSizes: (database: Int64, log: Int64) {
        (Self.size(of: path), Self.size(of: path + "-wal"))
    }

    /// Background checkpoints run so far (tests).
    var backgroundCheckpoints: Int { checkpointer?.backgroundRuns.load(ordering: .relaxed) ?? 0 }

    /// Closes the connection; later calls throw ``StoreError/sqlite(code:message:)`` with `SQLITE_MISUSE`.
    public func close() {
        side?.close()
        connection.withLock { connection in
            guard let open = connection else { return }
            checkpointer?.detach(from: open)
            checkpointer?.close()
            open.close()
            connection = nil
        }
    }

    /// Runs `PRAGMA integrity_check`; returns "ok" for a healthy database, else SQLite's findings.
    public func integrityCheck() throws -> String {
        try connection.withLock { (connection) throws(StoreError) -> String in
            guard let connection else { throw SQLiteConnection.closedError }
            let lines = try connection.query("PRAGMA integrity_check") { (row: borrowing Row) in row.string(0) }
            return lines.joined(separator: "\n")
        }
    }

    /// The value of a pragma (tests check WAL and foreign keys are on).
    func pragma(_ name: String) throws(StoreError) -> String? {
        try connection.withLock { (connection) throws(StoreError) -> String? in
            guard let connection else { throw SQLiteConnection.closedError }
            return try connection.queryOne("PRAGMA \(name)") { (row: borrowing Row) in row.string(0) }
        }
    }

    /// Migration names recorded in the database, in order applied.
    func appliedMigrations() throws(StoreError) -> [String] {
        try connection.withLock { (connection) throws(StoreError) -> [String] in
            guard let connection else { throw SQLiteConnection.closedError }
            return try Migrator([]).appliedNames(connection)
        }
    }

    // MARK: - Helpers

    private static func size(of file: String) -> Int64 {
        var status = stat()
        guard stat(file, &status) == 0 else { return 0 }
        return Int64(status.st_size)
    }

    private func transaction<T>(
        begin: String, readOnly: Bool, _ body: (borrowing StoreTransaction) throws -> T
    ) throws -> T {
        var outcome: Result<T, any Error>?
        connection.withLock { connection in
            guard let connection else {
                outcome = .failure(SQLiteConnection.closedError)
                return
            }
            outcome = Self.run(connection, begin: begin, readOnly: readOnly, records: outboxRecords, body)
            guard connection.erasesLogAfterCommit else { return }
            if case .failure = outcome {
                // Rolled back: nothing was deleted.
                connection.erasesLogAfterCommit = false
            } else if checkpointer?.truncateLog(writer: connection) ?? true {
                connection.erasesLogAfterCommit = false
            }
            // Else readers kept the log from being truncated: tried again after the next commit.
        }
        // withLock always runs its closure, which always sets `outcome`.
        return try outcome!.get()
    }

    private static func run<T>(
        _ connection: SQLiteConnection, begin: String, readOnly: Bool, records: OutboxRecordCache,
        _ body: (borrowing StoreTransaction) throws -> T
    ) -> Result<T, any Error> {
        do {
            try connection.execute(begin)
        } catch {
            return .failure(error)
        }
        connection.readOnlyGuard = readOnly
        defer { connection.readOnlyGuard = false }
        let value: T
        do {
            value = try body(StoreTransaction(connection: connection, outboxRecords: records))
        } catch {
            rollback(connection)
            return .failure(error)
        }
        do {
            try connection.execute("COMMIT")
        } catch {
            rollback(connection)
            return .failure(error)
        }
        return .success(value)
    }

    private static func rollback(_ connection: SQLiteConnection) {
        guard !connection.isAutocommit else { return }
        // A failing ROLLBACK leaves nothing better to do; SQLite rolls back on close anyway.
        try? connection.execute("ROLLBACK")
    }
}
