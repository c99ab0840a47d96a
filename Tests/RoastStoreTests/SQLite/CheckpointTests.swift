import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

/// The write-ahead log is copied into the database file off the writer's thread, and stays bounded.
struct CheckpointTests {
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }

    static func writeUpdates(_ database: RoastDatabase, _ range: Range<Int64>) throws {
        for update in range {
            try database.write { tx in
                try tx.markApplied(update, from: Fixtures.source, at: Fixtures.monday.addingTimeInterval(Double(update)))
            }
        }
    }

    @Test func theLogIsCopiedIntoTheDatabaseFileInTheBackground() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        // The writer itself would only checkpoint at a million pages: anything copied is the background's work.
        let database = try RoastDatabase(
            path: path, migrations: Schema.migrations, checkpointPages: (background: 20, stride: 20, inline: 1_000_000))
        let before = Self.size(path)
        try Self.writeUpdates(database, 0..<2_000)
        var copied = false
        for _ in 0..<100 where !copied {
            copied = Self.size(path) > before + 4_096 * 10
            if !copied { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(copied, "database file \(before) → \(Self.size(path)) bytes")
        database.close()

        let reopened = try RoastDatabase(path: path)
        #expect(try reopened.read { tx in try (0..<2_000).allSatisfy { try tx.hasApplied($0, from: Fixtures.source) } })
        #expect(try reopened.integrityCheck() == "ok")
    }

    @Test func backgroundCheckpointsFollowTheLogsGrowthNotEachCommit() async throws {
        let directory = try TemporaryDirectory()
        let database = try RoastDatabase(
            path: directory.path(), migrations: Schema.migrations, checkpointPages: (background: 100, stride: 100, inline: 1_000_000))
        // A reader's open snapshot keeps the log from restarting, as a steady stream of commits does
        // in production, so it only grows.
        let reader = try SQLiteConnection(path: directory.path())
        try reader.execute("BEGIN")
        _ = try reader.queryOne("SELECT count(*) FROM applied_events") { (row: borrowing Row) in row.int(0) }
        // 300 commits of 1–3 pages, with time between them for a checkpoint to finish: asked after
        // every commit past 100 pages, one would run for nearly each of the last ~250.
        for update in Int64(0)..<300 {
            try database.write { tx in try tx.markApplied(update, from: Fixtures.source, at: Fixtures.monday) }
            try await Task.sleep(for: .milliseconds(1))
        }
        try reader.execute("COMMIT")
        reader.close()
        database.close()  // waits for a checkpoint under way
        #expect((1...9).contains(database.backgroundCheckpoints), "\(database.backgroundCheckpoints) background checkpoints")
    }

    @Test func theLogRestartsOnceItReachesTheInlineLimit() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(
            path: path, migrations: Schema.migrations, checkpointPages: (background: 50, stride: 50, inline: 200))
        try Self.writeUpdates(database, 0..<3_000)
        // 3,000 commits of at least one page each went through (≥ 12 MB of frames); the log file
        // restarted at the inline limit instead of growing with them. (Its size is a high-water
        // mark, and an inline checkpoint that meets a background one in progress waits for the
        // next commit, hence the slack.)
        #expect(Self.size(path + "-wal") <= 1_000 * (4_096 + 24))
        #expect(try database.read { tx in try tx.hasApplied(2_999, from: Fixtures.source) })
        database.close()
        #expect(try RoastDatabase(path: path).integrityCheck() == "ok")
    }
}
