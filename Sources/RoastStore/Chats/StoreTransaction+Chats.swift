import ChatPlatform
import Foundation
import RoastCore

/// Chats and their settings.
extension StoreTransaction {
    public func chat(_ id: ChatID) throws(StoreError) -> ChatSettings? {
        try connection.queryOne("SELECT \(Self.chatColumns) FROM chats WHERE chat_id = ?", id, context: "chats") {
            (row: borrowing Row) throws(StoreError) in try Self.chatSettings(row)
        }
    }

    /// Returns the chat's settings, creating them with defaults when the chat is new; for a known chat
    /// refreshes its kind and (when the platform sent one) its title.
    public func ensureChat(_ ref: ChatRef, defaultLanguage: Language, at date: Date) throws(StoreError) -> ChatSettings {
        if var existing = try chat(ref.id) {
            let title = ref.title ?? existing.title
            guard existing.kind != ref.kind || existing.title != title else { return existing }
            existing.kind = ref.kind
            existing.title = title
            try connection.execute("UPDATE chats SET kind = ?, title = ? WHERE chat_id = ?", existing.kind.rawValue, title, ref.id)
            return existing
        }
        let settings = ChatSettings(chatID: ref.id, kind: ref.kind, title: ref.title, language: defaultLanguage, createdAt: date)
        try saveChat(settings)
        return settings
    }

    /// Stores every field of `settings`, inserting the chat if it is new.
    public func saveChat(_ settings: ChatSettings) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO chats (\(Self.chatColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (chat_id) DO UPDATE SET
                kind = excluded.kind, title = excluded.title, language = excluded.language,
                time_zone = excluded.time_zone, max_spice = excluded.max_spice,
                daily_enabled = excluded.daily_enabled, daily_time = excluded.daily_time,
                weekdays_only = excluded.weekdays_only, reminders_enabled = excluded.reminders_enabled,
                banners_enabled = excluded.banners_enabled, ai_enabled = excluded.ai_enabled,
                is_active = excluded.is_active, created_at = excluded.created_at, post_topic_id = excluded.post_topic_id,
                daily_categories = excluded.daily_categories, last_topic_id = excluded.last_topic_id
            """,
            settings.chatID, settings.kind.rawValue, settings.title, settings.language.rawValue, settings.timeZone,
            settings.maxSpice.rawValue, settings.dailyEnabled, settings.dailyTime, settings.weekdaysOnly,
            settings.remindersEnabled, settings.bannersEnabled, settings.aiEnabled, settings.isActive, settings.createdAt,
            settings.postTopic, Self.categoriesColumn(settings.dailyCategories), settings.lastTopic)
    }

    /// Records that someone asked the bot something in `topic` of `chat` (nil: its main thread).
    public func setLastTopic(_ topic: TopicID?, of chat: ChatID) throws(StoreError) {
        try connection.execute("UPDATE chats SET last_topic_id = ? WHERE chat_id = ?", topic, chat)
    }

    /// Records whether the bot is still a member of the chat, and since when it is not (the chat's data
    /// is deleted some time after it left, see ``chatsLeft(before:)``). Unknown chats are ignored.
    public func setChatActive(_ id: ChatID, _ active: Bool, at date: Date) throws(StoreError) {
        try connection.execute(
            "UPDATE chats SET is_active = ?, left_at = CASE WHEN ? THEN NULL ELSE coalesce(left_at, ?) END WHERE chat_id = ?",
            active, active, date, id)
    }

    /// The chats the bot left (removed, kicked, blocked) before `date` and never came back to.
    public func chatsLeft(before date: Date) throws(StoreError) -> [ChatID] {
        try connection.query("SELECT chat_id FROM chats WHERE is_active = 0 AND left_at < ? ORDER BY chat_id", date) {
            (row: borrowing Row) in ChatID(row.int64(0))
        }
    }

    /// Chats the bot is still a member of, by id.
    public func activeChats() throws(StoreError) -> [ChatSettings] {
        try connection.query("SELECT \(Self.chatColumns) FROM chats WHERE is_active = 1 ORDER BY chat_id", context: "chats") {
            (row: borrowing Row) throws(StoreError) in try Self.chatSettings(row)
        }
    }

    public func chatCount() throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM chats") { (row: borrowing Row) in row.int(0) } ?? 0
    }

    /// Moves everything stored under `old` to `new` (a group became a supergroup): settings, profiles,
    /// roasts (with their reactions and favorites), streaks, badges, profile counters and queued
    /// outbox items.
    ///
    /// When `new` already exists (an event from the supergroup arrived first), the settings of `old`
    /// win because they are the ones people chose, except kind, title and membership, which are
    /// fresher on `new`; `createdAt` is the earlier one. Profiles of the same person merge: earliest
    /// first-seen, latest last-seen and names, summed roast counts.
    public func migrateChat(from old: ChatID, to new: ChatID) throws(StoreError) {
        guard old != new else { return }
        if let source = try chat(old) {
            var merged = source
            merged.chatID = new
            if let target = try chat(new) {
                merged.kind = target.kind
                merged.title = target.title ?? source.title
                merged.isActive = target.isActive
                merged.createdAt = min(source.createdAt, target.createdAt)
            }
            try saveChat(merged)
        }
        try connection.execute(
            """
            INSERT INTO profiles (chat_id, user_id, display_name, username, language_code, first_seen, last_seen, roast_count, left_at)
            SELECT ?, user_id, display_name, username, language_code, first_seen, last_seen, roast_count, left_at
            FROM profiles WHERE chat_id = ?
            ON CONFLICT (chat_id, user_id) DO UPDATE SET
                display_name = CASE WHEN excluded.last_seen > last_seen THEN excluded.display_name ELSE display_name END,
                username = CASE WHEN excluded.last_seen > last_seen THEN excluded.username ELSE username END,
                language_code = CASE WHEN excluded.last_seen > last_seen THEN excluded.language_code ELSE language_code END,
                left_at = CASE WHEN excluded.last_seen > last_seen THEN excluded.left_at ELSE left_at END,
                first_seen = min(first_seen, excluded.first_seen),
                last_seen = max(last_seen, excluded.last_seen),
                roast_count = roast_count + excluded.roast_count
            """,
            new, old)
        try connection.execute("UPDATE roasts SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("UPDATE OR REPLACE moods SET chat_id = ? WHERE chat_id = ?", new, old)
        try migrateStreaksAndBadges(from: old, to: new)
        try migrateActiveDays(from: old, to: new)
        try migrateCardChoices(from: old, to: new)
        try migrateCollectionRows(from: old, to: new)
        try migrateScheduledPosts(from: old, to: new)
        try connection.execute("UPDATE shares SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("UPDATE export_requests SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("UPDATE OR REPLACE issued_keyboards SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("DELETE FROM profiles WHERE chat_id = ?", old)
        try retargetOutbox(from: old, to: new)
        try connection.execute("DELETE FROM chats WHERE chat_id = ?", old)
    }

    // MARK: - Helpers

    static let chatColumns = """
        chat_id, kind, title, language, time_zone, max_spice, daily_enabled, daily_time, weekdays_only, \
        reminders_enabled, banners_enabled, ai_enabled, is_active, created_at, post_topic_id, daily_categories, last_topic_id
        """

    static func chatSettings(_ row: borrowing Row) throws(StoreError) -> ChatSettings {
        guard let spice = SpiceLevel(rawValue: row.int(5)) else { throw .corruptRow("chats.max_spice") }
        var settings = ChatSettings(
            chatID: ChatID(row.int64(0)),
            kind: try row.decode(ChatKind.self, 1, name: "kind"),
            title: row.optionalString(2),
            language: try row.decode(Language.self, 3, name: "language"),
            timeZone: row.string(4),
            maxSpice: spice,
            dailyEnabled: row.bool(6),
            dailyTime: row.string(7),
            weekdaysOnly: row.bool(8),
            remindersEnabled: row.bool(9),
            bannersEnabled: row.bool(10),
            aiEnabled: row.bool(11),
            postTopic: row.optionalInt64(14).map(TopicID.init(rawValue:)),
            lastTopic: row.optionalInt64(16).map(TopicID.init(rawValue:)),
            isActive: row.bool(12),
            createdAt: row.date(13))
        settings.dailyCategories = Set(row.string(15).split(separator: ",").compactMap { RoastCategory(rawValue: String($0)) })
        return settings
    }

    /// `daily_categories`: raw values, comma-separated, in the categories' order; empty for all.
    static func categoriesColumn(_ categories: Set<RoastCategory>) -> String {
        RoastCategory.allCases.filter(categories.contains).map(\.rawValue).joined(separator: ",")
    }
}
