import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

struct MigrationTests {
    let first = Migration(name: "create notes", sql: "CREATE TABLE notes (body TEXT NOT NULL);")
    let second = Migration(name: "create tags", sql: "CREATE TABLE tags (name TEXT NOT NULL);")

    /// Deleting a parent row makes SQLite look up its children in every table whose foreign key
    /// points at it; without an index on the referencing column that is a scan of the whole table
    /// per deleted row (/forgetme of a person with 3,500 roasts took 7.5 s with 7,700 rows in the outbox).
    @Test func everyForeignKeyLeadsAnIndex() throws {
        let database = try RoastDatabase(path: ":memory:")
        let unindexed = try database.read { tx in
            let tables = try tx.connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                (row: borrowing Row) in row.string(0)
            }
            var missing: [String] = []
            for table in tables {
                // Each key's columns (a key to a composite primary key has several rows, one id).
                let rows = try tx.connection.query("SELECT id, \"from\" FROM pragma_foreign_key_list(?)", table) {
                    (row: borrowing Row) in (row.int(0), row.string(1))
                }
                let keys = Dictionary(grouping: rows, by: \.0).values.map { Set($0.map(\.1)) }
                // Each index's columns in order, the primary key's included.
                var indexes = try tx.connection.query(
                    "SELECT list.name, info.name FROM pragma_index_list(?) AS list JOIN pragma_index_info(list.name) AS info ORDER BY list.name, info.seqno",
                    table
                ) { (row: borrowing Row) in (row.string(0), row.string(1)) }
                .reduce(into: [String: [String]]()) { $0[$1.0, default: []].append($1.1) }
                indexes["primary key"] = try tx.connection.query("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", table) {
                    (row: borrowing Row) in row.string(0)
                }
                for key in keys where !indexes.values.contains(where: { Set($0.prefix(key.count)) == key }) {
                    missing.append("\(table) (\(key.sorted().joined(separator: ", ")))")
                }
            }
            return missing
        }
        #expect(unindexed == [])
    }

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

    @Test func updatesAppliedBeforeSourcesExistedCountAsTelegrams() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let before = Array(Schema.migrations.prefix { $0.name != "key applied events and resume points by their source" })
        #expect(before.count < Schema.migrations.count)
        let old = try RoastDatabase(path: path, migrations: before)
        try old.write { tx in
            try tx.connection.execute("INSERT INTO processed_updates (update_id, processed_at) VALUES (41, 0)")
            try tx.connection.execute("INSERT INTO poll_state (id, next_offset) VALUES (1, 42)")
        }
        old.close()

        let migrated = try RoastDatabase(path: path)
        try migrated.read { tx throws in
            #expect(try tx.hasApplied(41, from: EventSource("telegram")))
            #expect(try tx.resumePoint(of: EventSource("telegram")) == 42)
            #expect(try tx.resumePoint(of: EventSource("console")) == nil)
        }
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
