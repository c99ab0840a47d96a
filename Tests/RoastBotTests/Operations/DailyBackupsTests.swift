import Foundation
import Logging
import RoastBot
import RoastCore
import RoastStore
import Testing

/// The bot's own dated backups: made once a day from the set time, the newest few kept.
struct DailyBackupsTests {
    static let utc = TimeZone(identifier: "UTC")!

    final class Setup {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID().uuidString)")
        var folder: URL { directory.appendingPathComponent("backups") }
        let database: RoastDatabase

        init() throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            database = try RoastDatabase(path: directory.appendingPathComponent("bot.sqlite").path)
        }

        func backups(keep: Int = 3) -> DailyBackups {
            DailyBackups(
                database: database, directory: folder.path, time: LocalTime(hour: 3, minute: 30), keep: keep,
                timeZone: DailyBackupsTests.utc,
                logger: Logger(label: "test"))
        }

        var names: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() }

        deinit {
            database.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func aCopyIsMadeOnceADayFromItsTime() async throws {
        let setup = try Setup()
        let backups = setup.backups()
        #expect(await backups.runIfDue(now: Self.date("2026-03-02T03:29:00Z")) == nil, "not before its time")
        #expect(setup.names.isEmpty)
        let copy = try #require(await backups.runIfDue(now: Self.date("2026-03-02T03:30:00Z")))
        #expect(copy.path.hasSuffix("backups/roastbot-2026-03-02.sqlite"))
        #expect(try DatabaseBackup.integrityCheck(copy.path) == "ok")
        #expect(await backups.runIfDue(now: Self.date("2026-03-02T23:00:00Z")) == nil, "one a day")
        #expect(await backups.runIfDue(now: Self.date("2026-03-03T05:00:00Z")) != nil, "the next day's, late")
        #expect(setup.names == ["roastbot-2026-03-02.sqlite", "roastbot-2026-03-03.sqlite"])
    }

    @Test func onlyTheNewestDatedCopiesAreKeptAndNothingElseIsTouched() async throws {
        let setup = try Setup()
        try FileManager.default.createDirectory(at: setup.folder, withIntermediateDirectories: true)
        for name in [
            "roastbot-2026-02-26.sqlite", "roastbot-2026-02-27.sqlite", "roastbot-2026-02-28.sqlite", "notes.txt", "roastbot-old.sqlite",
        ] {
            try Data("x".utf8).write(to: setup.folder.appendingPathComponent(name))
        }
        _ = await setup.backups(keep: 2).runIfDue(now: Self.date("2026-03-01T04:00:00Z"))
        #expect(setup.names == ["notes.txt", "roastbot-2026-02-28.sqlite", "roastbot-2026-03-01.sqlite", "roastbot-old.sqlite"])
    }

    @Test func theTimeAndTheFileNameAreInTheConfiguredZone() async throws {
        let setup = try Setup()
        let hanoi = DailyBackups(
            database: setup.database, directory: setup.folder.path, time: LocalTime(hour: 3, minute: 0), keep: 1,
            timeZone: TimeZone(identifier: "Asia/Ho_Chi_Minh")!, logger: Logger(label: "test"))
        // 19:59 UTC on 1 March is 02:59 on 2 March in Vietnam; 20:00 is 03:00.
        #expect(await hanoi.runIfDue(now: Self.date("2026-03-01T19:59:00Z")) == nil)
        #expect(await hanoi.runIfDue(now: Self.date("2026-03-01T20:00:00Z")) != nil)
        #expect(setup.names == ["roastbot-2026-03-02.sqlite"])
    }

    /// A database kept in the backup folder under a dated name is the bot's live file, not a copy to
    /// prune: it stays, and no copy is written over it.
    @Test func theDatabaseItselfIsNeverPrunedEvenUnderADatedName() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let live = directory.appendingPathComponent("roastbot-2026-01-15.sqlite").path
        let database = try RoastDatabase(path: live)
        defer { database.close() }
        try database.write { tx in try tx.setValue("kept", forKey: "marker") }
        let backups = DailyBackups(
            database: database, directory: directory.path, time: LocalTime(hour: 3, minute: 30), keep: 1, timeZone: Self.utc,
            logger: Logger(label: "test"))
        #expect(await backups.runIfDue(now: Self.date("2026-03-01T04:00:00Z")) != nil)
        #expect(FileManager.default.fileExists(atPath: live), "the live database was pruned")
        #expect(try database.read { try $0.value(forKey: "marker") } == "kept")
        #expect(await backups.runIfDue(now: Self.date("2026-01-15T04:00:00Z")) == nil, "no copy over the database")
        #expect(try database.integrityCheck() == "ok")
    }
}
