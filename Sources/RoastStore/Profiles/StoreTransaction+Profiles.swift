import ChatPlatform
import Foundation

/// People as seen in each chat.
extension StoreTransaction {
    /// Creates or refreshes the person's profile in `chat` (names and language from `person`;
    /// `lastSeen` only moves forward, to the minute) and returns it. The chat must exist (see `ensureChat`).
    ///
    /// Every event touches its sender's profile; when nothing but a `lastSeen` less than a minute
    /// newer would change, the row is left alone, which spares a page write per event in a busy chat.
    @discardableResult
    public func touchProfile(chat: ChatID, person: Person, at date: Date) throws(StoreError) -> Profile {
        try connection.execute(
            """
            INSERT INTO profiles (chat_id, user_id, display_name, username, language_code, first_seen, last_seen, roast_count)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0)
            ON CONFLICT (chat_id, user_id) DO UPDATE SET
                display_name = excluded.display_name,
                username = excluded.username,
                language_code = coalesce(excluded.language_code, language_code),
                first_seen = min(first_seen, excluded.first_seen),
                last_seen = max(last_seen, excluded.last_seen)
            WHERE display_name IS NOT excluded.display_name OR username IS NOT excluded.username
                OR (excluded.language_code IS NOT NULL AND language_code IS NOT excluded.language_code)
                OR excluded.first_seen < first_seen OR excluded.last_seen >= last_seen + 60
            """,
            chat, person.id, person.displayName, person.username, person.languageCode, date, date)
        guard let profile = try profile(chat: chat, user: person.id) else {
            throw .corruptRow("profiles: upserted row not found")
        }
        return profile
    }

    public func profile(chat: ChatID, user: UserID) throws(StoreError) -> Profile? {
        try connection.queryOne(
            "SELECT \(Self.profileColumns) FROM profiles WHERE chat_id = ? AND user_id = ?", chat, user, context: "profiles"
        ) { (row: borrowing Row) in Self.profile(row) }
    }

    /// Every profile in `chat`, by user id.
    public func profiles(chat: ChatID) throws(StoreError) -> [Profile] {
        try connection.query(
            "SELECT \(Self.profileColumns) FROM profiles WHERE chat_id = ? ORDER BY user_id", chat, context: "profiles"
        ) { (row: borrowing Row) in Self.profile(row) }
    }

    /// Each person's most recently seen profile, whatever chat it is in, by user id: one per person
    /// the database knows (the console finds the people of earlier sessions by name in it).
    public func latestProfiles() throws(StoreError) -> [Profile] {
        // SQLite takes the bare columns from the row whose last_seen is the maximum.
        try connection.query(
            """
            SELECT chat_id, user_id, display_name, username, language_code, first_seen, max(last_seen), roast_count
            FROM profiles GROUP BY user_id ORDER BY user_id
            """, context: "profiles"
        ) { (row: borrowing Row) in Self.profile(row) }
    }

    // MARK: - Helpers

    static let profileColumns =
        "chat_id, user_id, display_name, username, language_code, first_seen, last_seen, roast_count"

    static func profile(_ row: borrowing Row) -> Profile {
        Profile(
            chatID: ChatID(row.int64(0)),
            userID: UserID(row.int64(1)),
            displayName: row.string(2),
            username: row.optionalString(3),
            languageCode: row.optionalString(4),
            firstSeen: row.date(5),
            lastSeen: row.date(6),
            roastCount: row.int(7))
    }
}
