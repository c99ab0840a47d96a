import ChatPlatform
import Foundation
import RoastCore

/// `/forgetme` and `/export`.
extension StoreTransaction {
    /// Deletes everything stored about `user` in `chat`: their reactions and favorites there, the
    /// cards they asked for there, the roasts they requested there (with others' reactions on them
    /// and their cards), shares reported from there, and their profile with their streak, active
    /// days and card choice. Other chats are untouched.
    ///
    /// Tables added by later features that key on (chat, user) must be cleared here too.
    public func forgetUser(_ user: UserID, in chat: ChatID) throws(StoreError) {
        try connection.execute(
            "DELETE FROM reactions WHERE user_id = ? AND roast_id IN (SELECT roast_id FROM roasts WHERE chat_id = ?)", user, chat)
        try connection.execute(
            "DELETE FROM favorites WHERE user_id = ? AND roast_id IN (SELECT roast_id FROM roasts WHERE chat_id = ?)", user, chat)
        try connection.execute(
            "DELETE FROM card_photos WHERE user_id = ? AND roast_id IN (SELECT roast_id FROM roasts WHERE chat_id = ?)", user, chat)
        // The cards of their roasts go with the roasts (ON DELETE CASCADE).
        try connection.execute("DELETE FROM roasts WHERE chat_id = ? AND user_id = ?", chat, user)
        try connection.execute("DELETE FROM shares WHERE chat_id = ? AND user_id = ?", chat, user)
        try forgetCollectionChoice(chat: chat, user: user)
        // Moods, streaks, active days, badges, card choices and counters go with the profile (ON DELETE CASCADE).
        try connection.execute("DELETE FROM profiles WHERE chat_id = ? AND user_id = ?", chat, user)
    }

    /// Everything stored about `user` in `chat`.
    public func exportUser(_ user: UserID, in chat: ChatID) throws(StoreError) -> UserDataExport {
        let roasts = try connection.query(
            """
            SELECT roast_id, kind, text, category, spice, mood, created_at FROM roasts
            WHERE chat_id = ? AND user_id = ? ORDER BY roast_id
            """,
            chat, user
        ) { (row: borrowing Row) in
            UserDataExport.Roast(
                id: row.int64(0), kind: row.string(1), text: row.string(2), category: row.string(3), spice: row.int(4),
                mood: row.optionalString(5), createdAt: row.date(6))
        }
        let reactions = try connection.query(
            """
            SELECT reactions.roast_id, reactions.kind, reactions.source, reactions.reacted_at FROM reactions
            JOIN roasts ON roasts.roast_id = reactions.roast_id
            WHERE reactions.user_id = ? AND roasts.chat_id = ? ORDER BY reactions.roast_id
            """,
            user, chat
        ) { (row: borrowing Row) in
            UserDataExport.Reaction(roastID: row.int64(0), kind: row.string(1), via: row.string(2), reactedAt: row.date(3))
        }
        let favorites = try connection.query(
            """
            SELECT favorites.roast_id FROM favorites JOIN roasts ON roasts.roast_id = favorites.roast_id
            WHERE favorites.user_id = ? AND roasts.chat_id = ? ORDER BY favorites.roast_id
            """,
            user, chat
        ) { (row: borrowing Row) in row.int64(0) }
        let shares =
            try connection.queryOne("SELECT count(*) FROM shares WHERE chat_id = ? AND user_id = ?", chat, user) {
                (row: borrowing Row) in row.int(0)
            } ?? 0
        let moods = try connection.query(
            "SELECT local_date, mood FROM moods WHERE chat_id = ? AND user_id = ? ORDER BY local_date", chat, user
        ) { (row: borrowing Row) in UserDataExport.Mood(date: row.string(0), mood: row.string(1)) }
        var export = UserDataExport(
            chatID: chat.rawValue, userID: user.rawValue, profile: try profile(chat: chat, user: user), roasts: roasts,
            reactions: reactions, favorites: favorites, shares: shares, streak: try streak(chat: chat, user: user),
            remindersOn: try remindersOn(chat: chat, user: user),
            badges: try earnedBadges(chat: chat, user: user).map { .init(id: $0.badge.rawValue, unlockedOn: $0.unlockedOn.iso) },
            moods: moods, chosenCollection: try chosenCollection(chat: chat, user: user))
        export.activeDays = try activeDays(chat: chat, user: user, from: LocalDate(year: 1, month: 1, day: 1)).map(\.iso)
        export.cardChoice = try cardChoice(chat: chat, user: user)
        export.cards = try connection.query(
            """
            SELECT card_photos.roast_id, card_photos.template, card_photos.format FROM card_photos
            JOIN roasts ON roasts.roast_id = card_photos.roast_id
            WHERE card_photos.user_id = ? AND roasts.chat_id = ? ORDER BY card_photos.created_at
            """,
            user, chat
        ) { (row: borrowing Row) in UserDataExport.Card(roastID: row.int64(0), template: row.string(1), format: row.string(2)) }
        return export
    }

    /// The chat's settings, members and counts; nil for an unknown chat.
    public func exportChat(_ chat: ChatID) throws(StoreError) -> ChatDataExport? {
        guard let settings = try self.chat(chat) else { return nil }
        let count =
            try connection.queryOne("SELECT count(*) FROM roasts WHERE chat_id = ?", chat) { (row: borrowing Row) in row.int(0) } ?? 0
        return ChatDataExport(
            settings: settings, members: try profiles(chat: chat), roastCount: count, scheduledPosts: try scheduledPostClaims(chat: chat))
    }
}
