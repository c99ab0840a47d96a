import ChatPlatform
import Foundation
import RoastCore

/// Streaks and streak-reminder choices, one row per profile (deleted with the profile).
extension StoreTransaction {
    /// The person's streak in `chat`; nil when none was ever recorded.
    public func streak(chat: ChatID, user: UserID) throws(StoreError) -> StreakState? {
        try connection.queryOne(
            "SELECT \(Self.streakColumns) FROM streaks WHERE chat_id = ? AND user_id = ?", chat, user, context: "streaks"
        ) { (row: borrowing Row) throws(StoreError) in try Self.streakState(row, from: 0) }
    }

    /// Stores the person's streak, keeping their reminder choice. The profile must exist.
    public func saveStreak(_ state: StreakState, chat: ChatID, user: UserID) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO streaks (chat_id, user_id, \(Self.streakColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (chat_id, user_id) DO UPDATE SET
                current = excluded.current, longest = excluded.longest, total_days = excluded.total_days,
                last_active = excluded.last_active, freezes = excluded.freezes,
                days_toward_freeze = excluded.days_toward_freeze, offer_length = excluded.offer_length,
                offer_restarted_on = excluded.offer_restarted_on, offer_made_at = excluded.offer_made_at
            """,
            chat, user, state.current, state.longest, state.totalDays, state.lastActive?.iso, state.freezes,
            state.daysTowardFreeze, state.offer?.brokenLength, state.offer?.restartedOn.iso, state.offer?.madeAt)
        journal.record([.streak])
    }

    /// Whether the person turned streak reminders on in `chat` (off by default).
    public func remindersOn(chat: ChatID, user: UserID) throws(StoreError) -> Bool {
        try connection.queryOne("SELECT reminders_on FROM streaks WHERE chat_id = ? AND user_id = ?", chat, user) {
            (row: borrowing Row) in row.bool(0)
        } ?? false
    }

    /// Turns the person's streak reminders on or off. The profile must exist.
    public func setReminders(chat: ChatID, user: UserID, _ on: Bool) throws(StoreError) {
        if try streak(chat: chat, user: user) == nil {
            try saveStreak(.fresh(), chat: chat, user: user)
        }
        try connection.execute("UPDATE streaks SET reminders_on = ? WHERE chat_id = ? AND user_id = ?", on, chat, user)
    }

    /// Everyone who interacted in `chat` and has not left it, with their streak (fresh when never
    /// recorded), by user id.
    public func streakStandings(chat: ChatID) throws(StoreError) -> [StreakStanding] {
        try connection.query(
            """
            SELECT \(Self.qualifiedProfileColumns), streaks.user_id IS NOT NULL, \(Self.qualifiedStreakColumns), coalesce(streaks.reminders_on, 0)
            FROM profiles LEFT JOIN streaks ON streaks.chat_id = profiles.chat_id AND streaks.user_id = profiles.user_id
            WHERE profiles.chat_id = ? AND profiles.left_at IS NULL ORDER BY profiles.user_id
            """,
            chat, context: "streaks"
        ) { (row: borrowing Row) throws(StoreError) in try Self.standing(row) }
    }

    /// People in `chat` (who have not left it) with reminders on whose streak breaks at the end of
    /// `today` unless they are active: their last counted day is yesterday.
    public func reminderCandidates(chat: ChatID, today: LocalDate) throws(StoreError) -> [StreakStanding] {
        try connection.query(
            """
            SELECT \(Self.qualifiedProfileColumns), 1, \(Self.qualifiedStreakColumns), streaks.reminders_on
            FROM streaks JOIN profiles ON profiles.chat_id = streaks.chat_id AND profiles.user_id = streaks.user_id
            WHERE streaks.chat_id = ? AND streaks.reminders_on = 1 AND streaks.last_active = ? AND streaks.current > 0
                AND profiles.left_at IS NULL
            ORDER BY streaks.user_id
            """,
            chat, today.adding(days: -1).iso, context: "streaks"
        ) { (row: borrowing Row) throws(StoreError) in try Self.standing(row) }
    }

    // MARK: - Helpers

    static let streakColumns =
        "current, longest, total_days, last_active, freezes, days_toward_freeze, offer_length, offer_restarted_on, offer_made_at"
    static let streakColumnCount = Int32(streakColumns.split(separator: ",").count)
    static let qualifiedStreakColumns = streakColumns.split(separator: ",").map { "streaks." + $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: ", ")
    static let qualifiedProfileColumns = profileColumns.split(separator: ",").map { "profiles." + $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: ", ")

    /// Decodes the ``streakColumns`` starting at `first`.
    static func streakState(_ row: borrowing Row, from first: Int32) throws(StoreError) -> StreakState {
        func date(_ column: Int32) throws(StoreError) -> LocalDate? {
            guard let text = row.optionalString(column) else { return nil }
            guard let date = LocalDate(iso: text) else { throw .corruptRow("streaks date") }
            return date
        }
        var offer: FreezeOffer?
        if let length = row.optionalInt64(first + 6), let restarted = try date(first + 7) {
            offer = FreezeOffer(brokenLength: Int(length), restartedOn: restarted, madeAt: row.optionalDate(first + 8))
        }
        return StreakState(
            current: row.int(first), longest: row.int(first + 1), totalDays: row.int(first + 2), lastActive: try date(first + 3),
            freezes: row.int(first + 4), daysTowardFreeze: row.int(first + 5), offer: offer)
    }

    /// Decodes a row of profile columns, a has-streak flag, streak columns and the reminder flag.
    private static func standing(_ row: borrowing Row) throws(StoreError) -> StreakStanding {
        let profile = Self.profile(row)
        let hasStreak = row.bool(profileColumnCount)
        let streak = hasStreak ? try streakState(row, from: profileColumnCount + 1) : .fresh()
        return StreakStanding(profile: profile, streak: streak, remindersOn: row.bool(profileColumnCount + 1 + streakColumnCount))
    }

    /// Moves streak, badge and counter rows from `old` to `new` (see `migrateChat`); the profiles
    /// must already exist under `new`. Same person under both ids: streaks merge
    /// (``StreakState/merged(_:_:)``), the earlier unlock of a badge wins, counters add up.
    func migrateStreaksAndBadges(from old: ChatID, to new: ChatID) throws(StoreError) {
        let moving = try connection.query(
            "SELECT user_id, \(Self.streakColumns), reminders_on FROM streaks WHERE chat_id = ?", old, context: "streaks"
        ) { (row: borrowing Row) throws(StoreError) in
            (UserID(row.int64(0)), try Self.streakState(row, from: 1), row.bool(1 + Self.streakColumnCount))
        }
        for (user, state, reminders) in moving {
            let merged = try streak(chat: new, user: user).map { StreakState.merged($0, state) } ?? state
            let reminderAtNew = try remindersOn(chat: new, user: user)
            let keepReminders = reminders || reminderAtNew
            try saveStreak(merged, chat: new, user: user)
            try connection.execute("UPDATE streaks SET reminders_on = ? WHERE chat_id = ? AND user_id = ?", keepReminders, new, user)
        }
        try connection.execute(
            """
            INSERT INTO badges (chat_id, user_id, badge_id, unlocked_at, unlocked_on, announced)
            SELECT ?, user_id, badge_id, unlocked_at, unlocked_on, announced FROM badges WHERE chat_id = ? AND true
            ON CONFLICT (chat_id, user_id, badge_id) DO UPDATE SET
                unlocked_on = CASE WHEN excluded.unlocked_at < unlocked_at THEN excluded.unlocked_on ELSE unlocked_on END,
                unlocked_at = min(unlocked_at, excluded.unlocked_at),
                announced = max(announced, excluded.announced)
            """,
            new, old)
        try connection.execute("DELETE FROM streaks WHERE chat_id = ?", old)
        try connection.execute("DELETE FROM badges WHERE chat_id = ?", old)
    }
}
