import ChatPlatform
import Foundation
import RoastCore

/// `/forgetme` and `/export`.
extension StoreTransaction {
    /// Deletes everything stored about `user` in `chat`: their reactions and favorites there, the
    /// roasts they requested there (with others' reactions on them and their cards), cards they asked
    /// for there, shares reported from there, their moods, streak, active days, badges, counters, card
    /// choice, collection pick and profile, messages queued or failed about them there (a failed export
    /// keeps its whole file), exports they asked for there, and the record of their personal panels'
    /// buttons there. When `chat` is a private chat (theirs with the bot), the chat goes too (its
    /// settings, its queue and the inline shares reported from it). Other chats are untouched.
    ///
    /// A table added later with a person column must be cleared here too (a test built from the
    /// schema fails otherwise).
    ///
    /// Deleted content is overwritten with zeros (`secure_delete`), and once the transaction commits
    /// the write-ahead log is checkpointed and truncated, so that the file and its log keep nothing of
    /// the person (``RoastDatabase``).
    public func forgetUser(_ user: UserID, in chat: ChatID) throws(StoreError) {
        connection.erasesLogAfterCommit = true
        let isPrivate = try self.chat(chat)?.kind == .privateChat
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
        try connection.execute("DELETE FROM outbox WHERE about_chat_id = ? AND about_user_id = ?", chat, user)
        outboxRecords.noteRemovals()
        try connection.execute("DELETE FROM export_requests WHERE chat_id = ? AND user_id = ?", chat, user)
        try connection.execute("DELETE FROM issued_keyboards WHERE chat_id = ? AND owner_user_id = ?", chat, user)
        // Moods, streaks, active days, badges, card choices and counters go with the profile (ON DELETE CASCADE).
        try connection.execute("DELETE FROM profiles WHERE chat_id = ? AND user_id = ?", chat, user)
        if isPrivate { try forgetChat(chat) }
    }

    /// Deletes everything stored in `chat`: its settings, members and everything about them there,
    /// its roasts, claims and queue. Used when a person forgets their private chat with the bot and
    /// when a chat that removed the bot has been gone longer than the retention period.
    public func forgetChat(_ chat: ChatID) throws(StoreError) {
        connection.erasesLogAfterCommit = true
        try connection.execute("DELETE FROM reactions WHERE roast_id IN (SELECT roast_id FROM roasts WHERE chat_id = ?)", chat)
        try connection.execute("DELETE FROM favorites WHERE roast_id IN (SELECT roast_id FROM roasts WHERE chat_id = ?)", chat)
        try connection.execute("DELETE FROM scheduled_posts WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM roasts WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM shares WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM collection_choices WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM seasonal_banners WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM outbox WHERE chat_id = ? OR about_chat_id = ?", chat, chat)
        outboxRecords.noteRemovals()
        try connection.execute("DELETE FROM export_requests WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM issued_keyboards WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM profiles WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM rated_roasts WHERE chat_id = ?", chat)
        try connection.execute("DELETE FROM chats WHERE chat_id = ?", chat)
    }

    /// Whether `user` has a private chat with the bot that they have used (a profile there) and not
    /// blocked since: a platform on which only the person opens it (``ChatPlatform``'s
    /// `PlatformProfile.PrivateChats.openedByThePerson`) lets the bot write there then. Whatever the
    /// platform numbers private chats by, it is the private chat where they have a profile.
    public func reachesPrivately(_ user: UserID) throws(StoreError) -> Bool {
        try connection.queryOne(
            """
            SELECT 1 FROM profiles JOIN chats ON chats.chat_id = profiles.chat_id
            WHERE profiles.user_id = ? AND chats.kind = 'private' AND chats.is_active = 1 LIMIT 1
            """,
            user
        ) { (row: borrowing Row) in true } ?? false
    }

    /// `user` can no longer be written to privately (they blocked the bot): their private chats with it
    /// count as left, as a chat that removed the bot does, until they write there again.
    public func setPrivateChatsLeft(of user: UserID, at date: Date) throws(StoreError) {
        try connection.execute(
            """
            UPDATE chats SET is_active = 0, left_at = coalesce(left_at, ?)
            WHERE kind = 'private' AND is_active = 1 AND chat_id IN (SELECT chat_id FROM profiles WHERE user_id = ?)
            """,
            date, user)
    }

    /// Holds an export `user` asked for in `chat` until they open their private chat; returns the
    /// request's id, which their link carries.
    public func requestExport(_ scope: ExportScope, user: UserID, chat: ChatID, at date: Date) throws(StoreError) -> Int64 {
        try connection.execute(
            "INSERT INTO export_requests (chat_id, user_id, scope, requested_at) VALUES (?, ?, ?, ?)", chat, user, scope.rawValue, date)
        return connection.lastInsertRowID
    }

    /// The export request `id` if `user` made it at `notBefore` or later, removed so that its link
    /// delivers once; nil for anyone else's, an unknown, expired or used one.
    public func takeExportRequest(_ id: Int64, user: UserID, notBefore: Date) throws(StoreError) -> (
        chat: ChatID, scope: ExportScope
    )? {
        let request = try connection.queryOne(
            "SELECT chat_id, scope FROM export_requests WHERE request_id = ? AND user_id = ? AND requested_at >= ?", id, user, notBefore
        ) { (row: borrowing Row) in (ChatID(row.int64(0)), ExportScope(rawValue: row.string(1))) }
        guard let (chat, scope) = request, let scope else { return nil }
        try connection.execute("DELETE FROM export_requests WHERE request_id = ?", id)
        return (chat, scope)
    }

    /// The export requests `user` made at `notBefore` or later and that wait for them, oldest first
    /// (few rows: requests are pruned once their links expire).
    public func pendingExportRequests(user: UserID, notBefore: Date) throws(StoreError) -> [(
        id: Int64, chat: ChatID, scope: ExportScope
    )] {
        try connection.query(
            "SELECT request_id, chat_id, scope FROM export_requests WHERE user_id = ? AND requested_at >= ? ORDER BY request_id",
            user, notBefore
        ) { (row: borrowing Row) in (row.int64(0), ChatID(row.int64(1)), ExportScope(rawValue: row.string(2))) }
        .compactMap { request in request.2.map { (request.0, request.1, $0) } }
    }

    /// Deletes export requests made before `date`; returns how many.
    public func pruneExportRequests(before date: Date) throws(StoreError) -> Int {
        try connection.execute("DELETE FROM export_requests WHERE requested_at < ?", date)
        return connection.changes
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

    /// The chat's settings and totals (no member's details); nil for an unknown chat.
    public func exportChat(_ chat: ChatID) throws(StoreError) -> ChatDataExport? {
        guard let settings = try self.chat(chat) else { return nil }
        let roasts =
            try connection.queryOne("SELECT count(*) FROM roasts WHERE chat_id = ?", chat) { (row: borrowing Row) in row.int(0) } ?? 0
        let members =
            try connection.queryOne("SELECT count(*) FROM profiles WHERE chat_id = ? AND left_at IS NULL", chat) {
                (row: borrowing Row) in row.int(0)
            } ?? 0
        return ChatDataExport(
            settings: settings, memberCount: members, roastCount: roasts, scheduledPosts: try scheduledPostClaims(chat: chat))
    }
}
