import CSQLite
import Foundation

/// Consistent copies of the database while the bot runs, and putting one back while it does not.
///
/// A copy is SQLite's online backup of the file as one snapshot: a read transaction on a connection
/// of its own, so the bot keeps writing meanwhile (WAL readers never block the writer) and the copy
/// holds exactly the transactions committed before it began. It never takes the bot's process lock.
/// The copy is written beside its destination, checked with `PRAGMA integrity_check`, turned into a
/// single self-contained file (no write-ahead log) readable by its owner alone, and only then renamed
/// into place, so a file at the destination is always a whole, checked backup.
public enum DatabaseBackup {
    /// What a copy produced.
    public struct Copy: Sendable, Hashable {
        public var path: String
        public var bytes: Int64
    }

    /// Why a backup or a restore did not happen; each description is one line for the operator.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case missing(path: String)
        case sqlite(path: String, message: String)
        case integrity(path: String, findings: String)
        case notABotDatabase(path: String)
        case file(path: String, reason: String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path): no such database file"
            case .sqlite(let path, let message): "\(path): \(message)"
            case .integrity(let path, let findings): "\(path) fails PRAGMA integrity_check: \(findings)"
            case .notABotDatabase(let path): "\(path) is not a roastbot database (it has no schema_migrations table)"
            case .file(let path, let reason): "\(path): \(reason)"
            }
        }
    }

    /// Copies the database at `source` to `destination` (replacing a file there only once the copy
    /// is complete and checked).
    @discardableResult
    public static func copy(from source: String, to destination: String) throws(Failure) -> Copy {
        guard FileManager.default.fileExists(atPath: source) else { throw .missing(path: source) }
        let partial = destination + ".partial-\(getpid())"
        removeFiles(partial)
        do throws(Failure) {
            try snapshot(source, into: partial)
            try check(partial)
            try makePrivate(partial, ownedLike: nil)
            try makeDurable(partial)
            guard rename(partial, destination) == 0 else { throw .file(path: destination, reason: String(cString: strerror(errno))) }
            syncDirectory(of: destination)
        } catch {
            removeFiles(partial)
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
    /// database's process lock (no bot runs on it). The backup is copied beside the database and
    /// checked first; the current files (database, log, shared memory) are kept under
    /// `<database>.before-restore-<time>` rather than deleted. The restored file is readable by its
    /// owner alone, and keeps the owner of the database it replaces (restored by root for the bot's
    /// user, a root-owned file would lock the bot out). Returns the kept name (nil when there was no
    /// database).
    public static func restore(from backup: String, to database: String, at now: Date = Date()) throws(Failure) -> String? {
        guard FileManager.default.fileExists(atPath: backup) else { throw .missing(path: backup) }
        let incoming = database + ".restoring-\(getpid())"
        removeFiles(incoming)
        do throws(Failure) {
            try snapshot(backup, into: incoming)
            try check(incoming)
            let db = try connect(incoming, flags: SQLITE_OPEN_READONLY)
            defer { sqlite3_close_v2(db) }
            let tables = try lines(db, incoming, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            guard !tables.isEmpty else { throw .notABotDatabase(path: backup) }
            try makePrivate(incoming, ownedLike: database)
            try makeDurable(incoming)
        } catch {
            removeFiles(incoming)
            throw error
        }
        // The current files go aside, then the backup takes their place; a rename that fails puts
        // back what was moved, so that a failed restore changes nothing.
        let aside = database + ".before-restore-" + stamp(now)
        var moved: [String] = []
        func undo(_ failure: Failure) -> Failure {
            for suffix in moved.reversed() { _ = rename(aside + suffix, database + suffix) }
            removeFiles(incoming)
            return failure
        }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
            guard rename(database + suffix, aside + suffix) == 0 else {
                throw undo(.file(path: database + suffix, reason: String(cString: strerror(errno))))
            }
            moved.append(suffix)
        }
        guard rename(incoming, database) == 0 else { throw undo(.file(path: database, reason: String(cString: strerror(errno)))) }
        syncDirectory(of: database)
        return moved.contains("") ? aside : nil
    }

    // MARK: - Helpers

    /// Copies every page of `source` into a new file at `destination` in one step (one read
    /// transaction), waiting out a moment when the source cannot be read.
    private static func snapshot(_ source: String, into destination: String) throws(Failure) {
        let from = try connect(source, flags: SQLITE_OPEN_READWRITE)
        defer { sqlite3_close_v2(from) }
        sqlite3_busy_timeout(from, 5_000)
        let to = try connect(destination, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
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

    /// Mode 0600 (a backup holds everything the bot knows about people), and the owner of the file at
    /// `model` when there is one and this process may give files away (root).
    private static func makePrivate(_ path: String, ownedLike model: String?) throws(Failure) {
        guard chmod(path, 0o600) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
        var status = stat()
        guard let model, geteuid() == 0, stat(model, &status) == 0 else { return }
        guard chown(path, status.st_uid, status.st_gid) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Flushes the file to the disk before it is renamed into place.
    private static func makeDurable(_ path: String) throws(Failure) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .file(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Makes a rename in the file's directory durable.
    private static func syncDirectory(of path: String) {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(directory, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func removeFiles(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
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
