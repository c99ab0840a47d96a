import ChatPlatform
import Foundation
import RoastCore
import Testing

@testable import RoastStore

/// Databases from before active days were recorded: the days of each current streak are known, and
/// become the first recorded ones.
struct ActiveDaysMigrationTests {
    @Test func theDaysOfEachCurrentStreakAreRecordedWhenTheTableIsCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path()
        let activeDaysMigration = try #require(Schema.migrations.firstIndex { $0.name.contains("active days") })
        let older = try RoastDatabase(path: path, migrations: Array(Schema.migrations[..<activeDaysMigration]))
        try older.write { tx in
            // The chat as that schema held it (the chats table has columns added since).
            try tx.connection.execute(
                """
                INSERT INTO chats (chat_id, kind, title, language, time_zone, max_spice, daily_enabled, daily_time, weekdays_only,
                    reminders_enabled, banners_enabled, ai_enabled, is_active, created_at)
                VALUES (?, 'group', 'Dev team', 'en', 'Asia/Ho_Chi_Minh', 3, 1, '09:00', 0, 1, 1, 1, 1, ?)
                """,
                Fixtures.group.id, Fixtures.monday)
            // Profiles as that schema stored them (today's touchProfile writes later columns).
            for person in [Fixtures.alice, Fixtures.binh] {
                try tx.connection.execute(
                    "INSERT INTO profiles (chat_id, user_id, display_name, first_seen, last_seen) VALUES (?, ?, ?, 0, 0)",
                    Fixtures.group.id,
                    person.id, person.displayName)
            }
            var streak = StreakState.fresh()
            streak.current = 3
            streak.longest = 9
            streak.totalDays = 20
            streak.lastActive = LocalDate(year: 2025, month: 3, day: 1)
            try tx.saveStreak(streak, chat: Fixtures.group.id, user: Fixtures.alice.id)
            try tx.saveStreak(.fresh(), chat: Fixtures.group.id, user: Fixtures.binh.id)
        }
        older.close()

        let database = try RoastDatabase(path: path)
        try database.read { (tx: borrowing StoreTransaction) throws in
            #expect(
                try tx.activeDays(chat: Fixtures.group.id, user: Fixtures.alice.id, from: LocalDate(year: 2025, month: 1, day: 1)) == [
                    LocalDate(year: 2025, month: 2, day: 27), LocalDate(year: 2025, month: 2, day: 28),
                    LocalDate(year: 2025, month: 3, day: 1),
                ])
            #expect(
                try tx.activeDays(chat: Fixtures.group.id, user: Fixtures.binh.id, from: LocalDate(year: 2000, month: 1, day: 1)).isEmpty)
        }
    }
}
