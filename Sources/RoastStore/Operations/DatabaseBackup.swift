import CSQLite
import Foundation

/// Consistent copies of the database while the bot runs, and putting one back while it does not.
///
/// A copy is SQLite's online backup of the file as one snapshot: a read transaction on a connection
/// of its own, so the bot keeps writing meanwhile (WAL readers never block the writer) and the copy
/// holds exactly the transactions committed before it began. It never takes the bot's process lock.
/// The copy is written beside its destination, checked with `PRAGMA integrity_check`, turned into a
/// single self-contained file (no write-ahead log) readable by its owner alone, and only then renamed
/// into place, so a file at the destination is always a whole, checked backup. Its temporary file is
/// created exclusively under a name nobody can guess (``ExclusiveFile``), and a destination that is
/// the database itself or one of its files is refused.
///
/// A restore checks the backup as the bot will when it opens it (``DatabaseIdentity``), brings it to
/// this version's schema, and forgets again the people who asked to be forgotten after it was taken
/// (the record kept in the current database, ``StoreTransaction/forgetRequests()``).
public enum DatabaseBackup {
    /// What a copy produced.
    public struct Copy: Sendable, Hashable {
        public var path: String
        public var bytes: Int64
    }

    /// What a restore did.
    public struct Restored: Sendable, Hashable {
        /// Where the replaced database (and its log) were kept; nil when there was none.
        public var kept: String?
        /// People in chats the backup still held although they had asked to be forgotten since:
        /// forgotten again in the restored database.
        public var forgottenAgain: Int
        /// Why the record of forget requests could not be read from the database being replaced (it
        /// is damaged, say); nil when it was read (or there was no database).
        public var recordUnreadable: String?
    }

    /// Why a backup or a restore did not happen; each description is one line for the operator.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case missing(path: String)
        case sqlite(path: String, message: String)
        case integrity(path: String, findings: String)
        /// Another application's database, or not one this bot's migrations made.
        case notABotDatabase(path: String, reason: String)
        /// Written by a newer version: it records a migration this one does not know.
        case newerSchema(path: String, migration: String)
        case file(path: String, reason: String)
        /// The destination is the database itself, or its log, shared memory, journal or lock.
        case overwritesDatabase(path: String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path): no such database file"
            case .sqlite(let path, let message): "\(path): \(message)"
            case .integrity(let path, let findings): "\(path) fails PRAGMA integrity_check: \(findings)"
            case .notABotDatabase(let path, let reason): "\(path) is not a roastbot database: \(reason)"
            case .newerSchema(let path, let migration):
                "\(path) was written by a newer roastbot (it records the migration “\(migration)”, unknown to this version): use that version"
            case .file(let path, let reason): "\(path): \(reason)"
            case .overwritesDatabase(let path): "\(path) is the database being copied (or one of its files): choose another destination"
            }
        }
    }

    /// Copies the database at `source` to `destination` (replacing a file there only once the copy
    /// is complete and checked). A destination that is the database, its log, shared memory, journal
    /// or lock — by name or as the same file, through links — is refused: the rename would put the
    /// copy in place of the file the bot is writing.
    @discardableResult
    public static func copy(from source: String, to destination: String) throws(Failure) -> Copy {
        guard FileManager.default.fileExists(atPath: source) else { throw .missing(path: source) }
        try refuseOverwriting(database: source, with: destination)
        let partial = try ExclusiveFile(beside: destination, purpose: "partial")
        do throws(Failure) {
            try snapshot(source, into: partial.path)
            try check(partial.path)
            try partial.makePrivate(ownedLike: nil)
            try partial.sync()
            guard partial.isStillAtItsPath else { throw .file(path: partial.path, reason: "replaced while the copy was made") }
            guard rename(partial.path, destination) == 0 else {
                throw .file(path: destination, reason: String(cString: strerror(errno)))
            }
            syncDirectory(of: destination)
        } catch {
            partial.remove()
            throw error
        }
        return Copy(path: destination, bytes: size(of: destination))
    }

    /// `PRAGMA integrity_check` of the file at `path`, opened read-only: "ok" or SQLite's findings.
    public static func integrityCheck(_ path: String) throws(Failure) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
        let db = try connect(path, flags: SQLITE_OPEN_READONLY)
        defer { sqlite3_close_v2(db) }
        return try lines(db, path, "PRAGMA integrity_check").joined(separator: "; ")
    }

    /// Replaces the database at `database` with the backup at `backup`; the caller holds the
    /// database's process lock (no bot runs on it). First, beside the database and before anything
    /// changes: the backup is copied, checked (`PRAGMA integrity_check`, and that the bot will open it:
    /// ``DatabaseIdentity``), brought to this version's schema, and the people who asked to be
    /// forgotten after it was taken (recorded in the current database) are forgotten in it again;
    /// its free pages are dropped (`VACUUM`), so that nothing deleted survives in it. Then the current
    /// files (database, log, shared memory) are kept under `<database>.before-restore-<time>` rather
    /// than deleted, and the copy takes their place, readable by its owner alone and owned like the
    /// database it replaces (restored by root for the bot's user, a root-owned file would lock the
    /// bot out).
    public static func restore(from backup: String, to database: String, at now: Date = Date()) throws(Failure) -> Restored {
        guard FileManager.default.fileExists(atPath: backup) else { throw .missing(path: backup) }
        let incoming = try ExclusiveFile(beside: database, purpose: "restoring")
        let forgotten: (count: Int, unreadable: String?)
        do throws(Failure) {
            try snapshot(backup, into: incoming.path)
            try check(incoming.path)
            try verifyIdentity(incoming.path, reportedAs: backup)
            forgotten = try bringUpToDate(incoming.path, forgettingAgainWhatIsRecordedIn: database)
            try incoming.makePrivate(ownedLike: database)
            try incoming.sync()
            guard incoming.isStillAtItsPath else { throw .file(path: incoming.path, reason: "replaced while the restore was prepared") }
        } catch {
            incoming.remove()
            throw error
        }
        // The current files go aside, then the backup takes their place; a rename that fails puts
        // back what was moved, so that a failed restore changes nothing.
        let aside = database + ".before-restore-" + stamp(now)
        let incomingPath = incoming.path
        var moved: [String] = []
        func undo(_ failure: Failure) -> Failure {
            for suffix in moved.reversed() { _ = rename(aside + suffix, database + suffix) }
            ExclusiveFile.remove(incomingPath)
            return failure
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
            guard rename(database + suffix, aside + suffix) == 0 else {
                throw undo(.file(path: database + suffix, reason: String(cString: strerror(errno))))
            }
            moved.append(suffix)
        }
        guard rename(incomingPath, database) == 0 else { throw undo(.file(path: database, reason: String(cString: strerror(errno)))) }
        syncDirectory(of: database)
        return Restored(kept: moved.contains("") ? aside : nil, forgottenAgain: forgotten.count, recordUnreadable: forgotten.unreadable)
    }

    /// What the bot checks when it opens a file (``DatabaseIdentity``), and that it has every table its
    /// migrations create.
    private static func verifyIdentity(_ path: String, reportedAs name: String) throws(Failure) {
        do {
            let connection = try SQLiteConnection(path: path)
            defer { connection.close() }
            try DatabaseIdentity.verify(connection, migrations: Schema.migrations, tables: true)
        } catch {
            switch error {
            case .unknownMigration(let migration): throw .newerSchema(path: name, migration: migration)
            case .notThisApplication(let reason): throw .notABotDatabase(path: name, reason: reason)
            default: throw .sqlite(path: name, message: "\(error)")
            }
        }
    }

    /// Migrates the restored copy at `path`, forgets in it again whoever the record in `current` (the
    /// database being replaced) names, adopts that record and its secret (so that log pseudonyms and
    /// later restores go on from them), and rewrites the file without free pages. Returns how many
    /// people in chats were forgotten again, and why the record could not be read, if it could not.
    private static func bringUpToDate(_ path: String, forgettingAgainWhatIsRecordedIn current: String) throws(Failure) -> (
        count: Int, unreadable: String?
    ) {
        var record: (key: [UInt8], requests: [ForgetRequest])?
        var unreadable: String?
        if FileManager.default.fileExists(atPath: current) {
            do {
                record = try recordedForgets(in: current)
            } catch {
                unreadable = "\(error)"
            }
        }
        let count: Int
        do {
            let restored = try RoastDatabase(path: path)
            defer { restored.close() }
            count = try restored.write { tx in
                guard let record else { return 0 }
                try tx.adoptForgetRecord(key: record.key, requests: record.requests)
                return try tx.reapply(record.requests, key: KeyedDigest(key: record.key))
            }
        } catch {
            throw .sqlite(path: path, message: "\(error)")
        }
        // Pages freed before this version zeroed deleted content, and by the forgets just applied: gone.
        let db = try connect(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW)
        defer { sqlite3_close_v2(db) }
        _ = try lines(db, path, "VACUUM")
        _ = try lines(db, path, "PRAGMA journal_mode=DELETE")
        return (count, unreadable)
    }

    /// The secret and the forget requests recorded in the database at `path` (none in a database from
    /// before they were recorded), read without changing it.
    private static func recordedForgets(in path: String) throws(StoreError) -> (key: [UInt8], requests: [ForgetRequest])? {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        defer { connection.close() }
        let tables = Set(
            try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") { (row: borrowing Row) in row.string(0) })
        guard tables.contains("forget_requests"), tables.contains("bot_state") else { return nil }
        try connection.execute("BEGIN DEFERRED")
        defer { try? connection.execute("ROLLBACK") }
        let transaction = StoreTransaction(connection: connection)
        return (try transaction.pseudonymKey(), try transaction.forgetRequests())
    }

    // MARK: - Helpers

    /// Copies every page of `source` into a new file at `destination` in one step (one read
    /// transaction), waiting out a moment when the source cannot be read.
    private static func snapshot(_ source: String, into destination: String) throws(Failure) {
        let from = try connect(source, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(from) }
        sqlite3_busy_timeout(from, 5_000)
        let to = try connect(destination, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW)
        defer { sqlite3_close_v2(to) }
        guard let backup = sqlite3_backup_init(to, "main", from, "main") else {
            throw .sqlite(path: destination, message: String(cString: sqlite3_errmsg(to)))
        }
        var code = SQLITE_OK
        for _ in 0..<100 {
            code = sqlite3_backup_step(backup, -1)
            guard code == SQLITE_BUSY || code == SQLITE_LOCKED else { break }
            usleep(100_000)
        }
        sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw .sqlite(path: source, message: String(cString: sqlite3_errstr(code))) }
        // The copy says WAL like its source; as a rollback-journal file it is whole on its own.
        _ = try lines(to, destination, "PRAGMA journal_mode=DELETE")
    }

    private static func check(_ path: String) throws(Failure) {
        let result = try integrityCheck(path)
        guard result == "ok" else { throw .integrity(path: path, findings: result) }
    }

    private static func connect(_ path: String, flags: Int32) throws(Failure) -> OpaquePointer {
        var db: OpaquePointer?
        let code = sqlite3_open_v2(path, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(db)
            throw .sqlite(path: path, message: message)
        }
        return db
    }

    /// Runs `sql` and returns the first column of every row as text.
    private static func lines(_ db: OpaquePointer, _ path: String, _ sql: String) throws(Failure) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw .sqlite(path: path, message: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw .sqlite(path: path, message: String(cString: sqlite3_errmsg(db))) }
            rows.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
    }

    /// Makes a rename in the file's directory durable.
    private static func syncDirectory(of path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(directory, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Refuses a destination that is the database at `source` or one of its files (``isPart(_:ofDatabase:)``).
    private static func refuseOverwriting(database source: String, with destination: String) throws(Failure) {
        if isPart(destination, ofDatabase: source) { throw .overwritesDatabase(path: destination) }
    }

    /// Whether `path` is the database at `database` or one of the files beside it that belong to it
    /// (log, shared memory, journal, lock): by name once links and relative parts are resolved, or as
    /// the same file (device and inode, through links, hard links included). Such a path must never be
    /// written over or deleted as if it were a copy.
    public static func isPart(_ path: String, ofDatabase database: String) -> Bool {
        let companions = ["", "-wal", "-shm", "-journal", ".lock"]
        var names = Set<String>()
        var files = Set<FileIdentity>()
        for base in Set([database, DatabaseLock.resolved(database)]) {
            for suffix in companions {
                names.insert(DatabaseLock.resolved(base + suffix))
                if let file = FileIdentity(following: base + suffix) { files.insert(file) }
            }
        }
        let sameName = names.contains(DatabaseLock.resolved(path))
        return sameName || [FileIdentity(following: path), FileIdentity(of: path)].contains { $0.map(files.contains) ?? false }
    }

    /// A file as the kernel knows it.
    private struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        /// The file `path` leads to, following links.
        init?(following path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
        }

        /// The entry `path` names itself (a link, not what it points to).
        init?(of path: String) {
            var status = stat()
            guard lstat(path, &status) == 0 else { return nil }
            (device, inode) = (UInt64(status.st_dev), UInt64(status.st_ino))
        }
    }

    private static func size(of path: String) -> Int64 {
        var status = stat()
        guard stat(path, &status) == 0 else { return 0 }
        return Int64(status.st_size)
    }

    /// `20260302-030000` in UTC: a name that sorts by time.
    private static func stamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
    }
}
