import Foundation
import Testing
@testable import RoastStore

struct MigrationTests {
    let first = Migration(name: "create notes", sql: "CREATE TABLE notes (body TEXT NOT NULL);")
    let second = Migration(name: "create tags", sql: "CREATE TABLE tags (name TEXT NOT NULL);")

    @Test func everyShippedMigrationIsRecordedOnceAndSurvivesReopening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let database = try RoastDatabase(path: path)
        try database.write { tx in try tx.setValue("kept", forKey: "marker") }
        database.close()

        let reopened = try RoastDatabase(path: path)
        #expect(try reopened.appliedMigrations() == Schema.migrations.map(\.name))
        #expect(try reopened.read { tx in try tx.value(forKey: "marker") } == "kept")
    }

    @Test func reopeningAppliesOnlyMigrationsAppendedSince() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        try RoastDatabase(path: path, migrations: [first]).close()

        // Re-running "create notes" would fail (table exists), so success proves it was skipped.
        let database = try RoastDatabase(path: path, migrations: [first, second])
        #expect(try database.appliedMigrations() == ["create notes", "create tags"])
    }

    @Test func databaseMigratedByANewerBinaryIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        try RoastDatabase(path: path, migrations: [first, second]).close()

        #expect(throws: StoreError.unknownMigration("create tags")) {
            try RoastDatabase(path: path, migrations: [first])
        }
    }

    @Test func failingMigrationLeavesNoTraceAndNoRecord() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let broken = Migration(name: "half broken", sql: "CREATE TABLE half (x INTEGER); CREATE TABLE half (y INTEGER);")
        #expect(throws: StoreError.self) { try RoastDatabase(path: path, migrations: [first, broken]) }

        // "half" was rolled back with its migration, so a fixed version can create it.
        let fixed = Migration(name: "half broken", sql: "CREATE TABLE half (x INTEGER);")
        let database = try RoastDatabase(path: path, migrations: [first, fixed])
        #expect(try database.appliedMigrations() == ["create notes", "half broken"])
    }

    @Test func missingDirectoryGivesCannotOpenNamingThePath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString)/db.sqlite").path
        do {
            _ = try RoastDatabase(path: path)
            Issue.record("opened a database in a missing directory")
        } catch {
            guard case .cannotOpen(let reported, _) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reported == path)
        }
    }

    @Test func fileThatIsNotADatabaseGivesCannotOpen() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try RoastDatabase(path: path)
        } throws: { error in
            if case StoreError.cannotOpen = error { true } else { false }
        }
    }
}
