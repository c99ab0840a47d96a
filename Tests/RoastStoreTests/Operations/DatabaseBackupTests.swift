import CSQLite
import ChatPlatform
import Foundation
import Synchronization
import Testing

@testable import RoastStore

/// Online backups and restores: a copy is one consistent snapshot taken beside a running writer, a
/// whole checked file or nothing; a restore checks first and keeps what it replaces.
struct DatabaseBackupTests {
    static func applied(_ path: String) throws -> Set<Int64> {
        let connection = try SQLiteConnection(path: path)
        defer { connection.close() }
        return Set(try connection.query("SELECT sequence FROM applied_events") { (row: borrowing Row) in row.int64(0) })
    }

    static func mark(_ database: RoastDatabase, _ range: Range<Int64>) throws {
        try database.write { tx in
            for sequence in range { try tx.markApplied(sequence, from: Fixtures.source, at: Fixtures.monday) }
        }
    }

    @Test func aCopyHoldsWhatWasCommittedAndNothingOfATransactionUnderWay() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        try Self.mark(database, 0..<200)
        let copy = directory.path("copy.sqlite")
        // Another connection is in the middle of a write transaction while the copy is made.
        let writer = try SQLiteConnection(path: directory.path())
        defer { writer.close() }
        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("INSERT INTO applied_events (source, sequence, applied_at) VALUES ('telegram', 9999, 0)")
        let made = try DatabaseBackup.copy(from: directory.path(), to: copy)
        try writer.execute("COMMIT")
        #expect(made.path == copy && made.bytes > 0)
        #expect(try Self.applied(copy) == Set(0..<200))
        #expect(try DatabaseBackup.integrityCheck(copy) == "ok")
    }

    @Test func aCopyDuringAStreamOfCommitsHoldsEveryCommitBeforeIt() async throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        let committed = Atomic<Int64>(0)
        let stop = Atomic<Bool>(false)
        let stream = Thread {
            var next: Int64 = 0
            while !stop.load(ordering: .relaxed) {
                try? Self.mark(database, next..<(next + 10))
                next += 10
                committed.store(next, ordering: .releasing)
            }
        }
        stream.start()
        while committed.load(ordering: .acquiring) < 2_000 { try await Task.sleep(for: .milliseconds(5)) }
        let before = committed.load(ordering: .acquiring)
        let copy = directory.path("copy.sqlite")
        try DatabaseBackup.copy(from: directory.path(), to: copy)
        stop.store(true, ordering: .relaxed)
        let inCopy = try Self.applied(copy)
        #expect(Set(0..<before).isSubset(of: inCopy))
        #expect(inCopy == Set(0..<Int64(inCopy.count)), "whole transactions only: no gap")
        #expect(try DatabaseBackup.integrityCheck(copy) == "ok")
    }

    @Test func theCopyIsOneSelfContainedFile() throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(path: directory.path())
        defer { database.close() }
        try Self.mark(database, 0..<10)
        let copy = directory.path("copy.sqlite")
        try DatabaseBackup.copy(from: directory.path(), to: copy)
        #expect(!FileManager.default.fileExists(atPath: copy + "-wal"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.contains(".partial-") }, "no partial file left: \(names)")
        // The header's file format versions (bytes 18 and 19): 1 = rollback journal, 2 = WAL.
        let header = try Data(contentsOf: URL(fileURLWithPath: copy)).prefix(20)
        #expect(Array(header.suffix(2)) == [1, 1], "a rollback-journal file, whole without a log")
    }

    @Test func aFailedCopyLeavesTheDestinationAsItWas() throws {
        let directory = try TemporaryDirectory()
        let destination = directory.path("copy.sqlite")
        try Data("previous backup".utf8).write(to: URL(fileURLWithPath: destination))
        #expect(throws: DatabaseBackup.Failure.missing(path: directory.path("none.sqlite"))) {
            try DatabaseBackup.copy(from: directory.path("none.sqlite"), to: destination)
        }
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "previous backup")
    }

    /// A backup written onto the live database (or its log, shared memory, journal or lock) would
    /// replace the file the bot writes into: refused, whatever path leads there — the same name,
    /// a symbolic link to it, a hard link, a path through a linked folder — and the database goes on
    /// unharmed.
    @Test func aBackupOntoTheLiveDatabaseOrItsCompanionFilesIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        try Self.mark(database, 0..<50)
        #expect(symlink(path, directory.path("link.sqlite")) == 0)
        #expect(link(path, directory.path("hard.sqlite")) == 0)
        let alias = directory.url.deletingLastPathComponent().appendingPathComponent("alias-\(UUID().uuidString)").path
        #expect(symlink(directory.url.path, alias) == 0)
        defer { unlink(alias) }
        let targets = [
            path, path + "-wal", path + "-shm", path + "-journal", path + ".lock", directory.path("link.sqlite"),
            directory.path("hard.sqlite"), alias + "/roast.sqlite", alias + "/roast.sqlite-wal", directory.url.path + "/./roast.sqlite",
        ]
        for target in targets {
            #expect(throws: DatabaseBackup.Failure.overwritesDatabase(path: target), "\(target)") {
                try DatabaseBackup.copy(from: path, to: target)
            }
        }
        // Also named through a link to the database's folder as the source.
        #expect(throws: DatabaseBackup.Failure.self) { try DatabaseBackup.copy(from: alias + "/roast.sqlite", to: path) }
        try Self.mark(database, 50..<60)
        #expect(try database.integrityCheck() == "ok")
        #expect(try Self.applied(path) == Set(0..<60))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.contains(".partial") }, "\(names)")
        // A file beside it is fine.
        #expect(try DatabaseBackup.copy(from: path, to: directory.path("copy.sqlite")).bytes > 0)
    }

    /// A copy into a folder others can write to (a shared backup folder, run as root): its temporary
    /// file is created anew under a name nobody can guess, never through a link someone planted, so
    /// the database never lands in a file of theirs.
    @Test func aBackupNeverWritesThroughALinkPlantedAtItsTemporaryName() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        defer { database.close() }
        try Self.mark(database, 0..<2_000)
        let shared = directory.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let destination = shared + "/backup.sqlite"
        let loot = directory.path("loot")
        try FileManager.default.createDirectory(atPath: loot, withIntermediateDirectories: true)
        // The attacker keeps a link at every name the copy may use beside its destination that they can
        // predict, pointing into their own folder, and re-plants it as soon as it is removed (every
        // 50 µs: often enough to win the race the predictable name opened, without taking a core
        // from the tests running beside this one).
        let predictable = [".partial-\(getpid())", ".partial-\(getpid())-journal", ".partial-\(getpid())-wal", ".tmp", ".partial"]
        let stop = Atomic<Bool>(false)
        let attacker = Thread {
            while !stop.load(ordering: .relaxed) {
                for (index, suffix) in predictable.enumerated() { _ = symlink(loot + "/stolen-\(index)", destination + suffix) }
                usleep(50)
            }
        }
        attacker.start()
        for _ in 0..<3 { try DatabaseBackup.copy(from: path, to: destination) }
        stop.store(true, ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(50))
        #expect(try FileManager.default.contentsOfDirectory(atPath: loot) == [], "the database was written into the attacker's folder")
        #expect(try Self.applied(destination).count == 2_000)
        var status = stat()
        #expect(lstat(destination, &status) == 0 && status.st_mode & S_IFMT == S_IFREG)
    }

    /// A restore checks what the bot will check when it opens the file, before anything changes: a
    /// backup written by a newer version (a migration this one does not know) and another
    /// application's database (its own `application_id`, or a `schema_migrations` table of its own
    /// with tables that are not this bot's) are refused, and the database stays as it was.
    @Test func aRestoreRefusesANewerSchemaOrAnotherApplicationsDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try Self.mark(database, 0..<4)
        database.close()

        let newer = directory.path("newer.sqlite")
        try DatabaseBackup.copy(from: path, to: newer)
        let future = try SQLiteConnection(path: newer)
        try future.execute("INSERT INTO schema_migrations (name, applied_at) VALUES ('a migration from a later version', 0)")
        future.close()

        let foreignID = directory.path("foreign-id.sqlite")
        try DatabaseBackup.copy(from: path, to: foreignID)
        let other = try SQLiteConnection(path: foreignID)
        try other.execute("PRAGMA application_id = 1196312910")
        other.close()

        let lookalike = directory.path("lookalike.sqlite")
        let third = try SQLiteConnection(path: lookalike)
        try third.execute("CREATE TABLE schema_migrations (name TEXT PRIMARY KEY NOT NULL, applied_at REAL NOT NULL)")
        try third.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, 0)", Schema.migrations[0].name)
        try third.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
        third.close()

        for (backup, expected) in [
            (newer, "a migration from a later version"), (foreignID, "application_id"), (lookalike, "chats"),
        ] {
            #expect {
                try DatabaseBackup.restore(from: backup, to: path)
            } throws: { error in
                "\(error)".contains(expected)
            }
        }
        #expect(try Self.applied(path) == Set(0..<4))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.contains("before-restore") || $0.contains(".restoring-") }, "\(names)")
        // What the restore refuses, the bot refuses too.
        for backup in [newer, foreignID, lookalike] {
            #expect(throws: StoreError.self, "\(backup)") { try RoastDatabase(path: backup) }
        }
    }

    @Test func aRestoreChecksFirstAndKeepsTheDatabaseItReplaces() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        var database = try RoastDatabase(path: path)
        try Self.mark(database, 0..<3)
        let backup = directory.path("three.sqlite")
        try DatabaseBackup.copy(from: path, to: backup)
        try Self.mark(database, 3..<5)
        database.close()

        let kept = try #require(try DatabaseBackup.restore(from: backup, to: path, at: Date(timeIntervalSince1970: 1_772_420_400)).kept)
        #expect(kept == path + ".before-restore-20260302-030000")
        #expect(try Self.applied(path) == Set(0..<3))
        #expect(try Self.applied(kept) == Set(0..<5), "the replaced database, its log included")
        database = try RoastDatabase(path: path)
        #expect(try database.read { try $0.appliedEventCount() } == 3)
        database.close()
    }

    @Test func aRestoreRefusesWhatIsNotAWholeBotDatabaseAndChangesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try Self.mark(database, 0..<4)
        database.close()
        let garbage = directory.path("garbage.sqlite")
        try Data(repeating: 0x42, count: 8_192).write(to: URL(fileURLWithPath: garbage))
        let foreign = directory.path("foreign.sqlite")
        let other = try SQLiteConnection(path: foreign)
        try other.execute("CREATE TABLE notes (text TEXT)")
        other.close()

        #expect(throws: DatabaseBackup.Failure.self) { try DatabaseBackup.restore(from: garbage, to: path) }
        #expect {
            try DatabaseBackup.restore(from: foreign, to: path)
        } throws: { error in
            guard case DatabaseBackup.Failure.notABotDatabase(let reported, let reason) = error else { return false }
            return reported == foreign && reason.contains("no schema_migrations")
        }
        #expect(throws: DatabaseBackup.Failure.missing(path: directory.path("none"))) {
            try DatabaseBackup.restore(from: directory.path("none"), to: path)
        }
        #expect(try Self.applied(path) == Set(0..<4))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.contains("before-restore") || $0.contains(".restoring-") }, "\(names)")
    }

    /// A rename that fails halfway (here the log cannot go aside) puts back what was moved: the
    /// database is where it was, and nothing of the restore is left.
    @Test func aRestoreThatFailsHalfwayPutsBackWhatItMoved() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try Self.mark(database, 0..<4)
        let backup = directory.path("backup.sqlite")
        try DatabaseBackup.copy(from: path, to: backup)
        database.close()
        #expect(FileManager.default.createFile(atPath: path + "-wal", contents: Data()))
        let now = Date(timeIntervalSince1970: 1_772_420_400)
        let blocked = path + ".before-restore-20260302-030000-wal"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: blocked + "/occupied", contents: Data()))

        #expect(throws: DatabaseBackup.Failure.self) { try DatabaseBackup.restore(from: backup, to: path, at: now) }
        #expect(FileManager.default.fileExists(atPath: path), "the database is back in place")
        #expect(try Self.applied(path) == Set(0..<4))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(!names.contains { $0.hasSuffix("before-restore-20260302-030000") || $0.contains(".restoring-") }, "\(names)")
    }

    /// Restored by root (sudo), the database keeps the owner of the one it replaces: a root-owned file
    /// would stop the bot's user from opening it.
    @Test(.enabled(if: geteuid() == 0)) func aRestoreByRootKeepsTheReplacedDatabasesOwner() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try Self.mark(database, 0..<2)
        let backup = directory.path("backup.sqlite")
        try DatabaseBackup.copy(from: path, to: backup)
        database.close()
        #expect(chown(path, 65_534, 65_534) == 0)
        _ = try DatabaseBackup.restore(from: backup, to: path)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_uid == 65_534 && status.st_gid == 65_534)
        #expect(status.st_mode & 0o777 == 0o600)
    }
}
