import ChatPlatform
import Foundation

/// Collections: which collection each person picked for their roasts, which collection roasts they
/// received, and the claims that make each seasonal banner post once per chat.
extension StoreTransaction {
    /// The collection `user` picked in `chat` for their next roasts, if any.
    public func chosenCollection(chat: ChatID, user: UserID) throws(StoreError) -> String? {
        try connection.queryOne(
            "SELECT collection_id FROM collection_choices WHERE chat_id = ? AND user_id = ?", chat, user
        ) { (row: borrowing Row) in row.string(0) }
    }

    /// Picks `collection` for the user's next roasts in `chat`; nil goes back to regular roasts.
    public func chooseCollection(_ collection: String?, chat: ChatID, user: UserID, at date: Date) throws(StoreError) {
        guard let collection else {
            try connection.execute("DELETE FROM collection_choices WHERE chat_id = ? AND user_id = ?", chat, user)
            return
        }
        try connection.execute(
            """
            INSERT INTO collection_choices (chat_id, user_id, collection_id, chosen_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (chat_id, user_id) DO UPDATE SET collection_id = excluded.collection_id, chosen_at = excluded.chosen_at
            """,
            chat, user, collection, date)
    }

    /// Roast ids the user received from each collection in `chat` (`collection id → roast ids`):
    /// progress and completion (badges) are computed from these against the catalog.
    public func collectionRoastsServed(chat: ChatID, user: UserID) throws(StoreError) -> [String: Set<String>] {
        let rows = try connection.query(
            """
            SELECT DISTINCT collection, library_id FROM roasts
            WHERE chat_id = ? AND user_id = ? AND collection IS NOT NULL AND library_id IS NOT NULL
            """,
            chat, user
        ) { (row: borrowing Row) in (row.string(0), row.string(1)) }
        var served: [String: Set<String>] = [:]
        for (collection, roast) in rows { served[collection, default: []].insert(roast) }
        return served
    }

    /// Claims the banner of one season (`event` = collection id, `seasonYear` = its lunar or
    /// Gregorian year) in `chat`. Returns false when it was claimed before: the caller posts only
    /// when this returns true, in the same transaction that queues the post.
    public func claimSeasonalBanner(chat: ChatID, event: String, seasonYear: Int, at date: Date) throws(StoreError) -> Bool {
        try connection.execute(
            "INSERT OR IGNORE INTO seasonal_banners (chat_id, event_id, season_year, claimed_at) VALUES (?, ?, ?, ?)",
            chat, event, seasonYear, date)
        return connection.changes > 0
    }

    public func hasSeasonalBanner(chat: ChatID, event: String, seasonYear: Int) throws(StoreError) -> Bool {
        try connection.queryOne(
            "SELECT 1 FROM seasonal_banners WHERE chat_id = ? AND event_id = ? AND season_year = ?", chat, event, seasonYear
        ) { (_: borrowing Row) in true } ?? false
    }

    /// Forgets the user's collection pick in `chat` (for `/forgetme`).
    public func forgetCollectionChoice(chat: ChatID, user: UserID) throws(StoreError) {
        try chooseCollection(nil, chat: chat, user: user, at: Date(timeIntervalSince1970: 0))
    }

    /// Part of ``migrateChat(from:to:)``: picks move (the later pick wins when both chats have one)
    /// and banner claims move (a season claimed in either chat stays claimed).
    func migrateCollectionRows(from old: ChatID, to new: ChatID) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO collection_choices (chat_id, user_id, collection_id, chosen_at)
            SELECT ?, user_id, collection_id, chosen_at FROM collection_choices WHERE chat_id = ?
            ON CONFLICT (chat_id, user_id) DO UPDATE SET
                collection_id = CASE WHEN excluded.chosen_at > chosen_at THEN excluded.collection_id ELSE collection_id END,
                chosen_at = max(chosen_at, excluded.chosen_at)
            """,
            new, old)
        try connection.execute("DELETE FROM collection_choices WHERE chat_id = ?", old)
        try connection.execute(
            """
            INSERT OR IGNORE INTO seasonal_banners (chat_id, event_id, season_year, claimed_at)
            SELECT ?, event_id, season_year, claimed_at FROM seasonal_banners WHERE chat_id = ?
            """,
            new, old)
        try connection.execute("DELETE FROM seasonal_banners WHERE chat_id = ?", old)
    }
}
