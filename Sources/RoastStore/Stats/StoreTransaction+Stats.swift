import ChatPlatform
import Foundation
import RoastCore

/// History, statistics and reaction feedback, read from roasts and reactions.
extension StoreTransaction {
    /// Those of the chat's `limit` latest roasts that received at least one reaction, newest first,
    /// with their counts: the input of ``ReactionFeedback``. Bounded by `limit` however old the chat.
    ///
    /// Read from `rated_roasts`, the per-roast summary the reaction triggers keep: the oldest roast
    /// id of the window comes from the chat's roast index, then one range of the summary.
    public func ratedRoasts(chat: ChatID, limit: Int) throws(StoreError) -> [RatedRoast] {
        guard limit > 0 else { return [] }
        return try connection.query(
            """
            SELECT category, spice, library_id, hilarious, fire, meh, dislike FROM rated_roasts
            WHERE chat_id = ?1 AND hilarious + fire + meh + dislike > 0 AND roast_id >= coalesce(
                (SELECT roast_id FROM roasts WHERE chat_id = ?1 ORDER BY roast_id DESC LIMIT 1 OFFSET ?2 - 1), 0)
            ORDER BY roast_id DESC
            """,
            chat, limit, context: "rated_roasts"
        ) { (row: borrowing Row) throws(StoreError) -> RatedRoast in
            guard let spice = SpiceLevel(rawValue: row.int(1)) else { throw .corruptRow("rated_roasts.spice") }
            return RatedRoast(
                category: try row.decode(RoastCategory.self, 0, name: "category"), spice: spice, libraryID: row.optionalString(2),
                hilarious: row.int(3), fires: row.int(4), meh: row.int(5), dislikes: row.int(6))
        }
    }

    /// The person's roasts in `chat`, newest first, optionally of one mood and category, with their reaction.
    public func history(chat: ChatID, user: UserID, mood: Mood?, category: RoastCategory?, limit: Int) throws(StoreError)
        -> [HistoryEntry]
    {
        try connection.query(
            """
            SELECT \(Self.roastColumns), reactions.kind, favorites.roast_id IS NOT NULL
            FROM roasts
            LEFT JOIN reactions ON reactions.roast_id = roasts.roast_id AND reactions.user_id = ?
            LEFT JOIN favorites ON favorites.roast_id = roasts.roast_id AND favorites.user_id = ?
            WHERE roasts.chat_id = ? AND roasts.user_id = ?
                AND (? IS NULL OR roasts.mood = ?) AND (? IS NULL OR roasts.category = ?)
            ORDER BY roasts.created_at DESC, roasts.roast_id DESC LIMIT ?
            """,
            user, user, chat, user, mood?.rawValue, mood?.rawValue, category?.rawValue, category?.rawValue, limit,
            context: "roasts"
        ) { (row: borrowing Row) throws(StoreError) -> HistoryEntry in
            let roast = try Self.storedRoast(row)
            let reaction: ReactionKind?
            if let code = row.optionalString(15) {
                guard let kind = ReactionKind(code: code) else { throw .corruptRow("reactions.kind") }
                reaction = kind
            } else {
                reaction = nil
            }
            return HistoryEntry(roast: roast, reaction: reaction, isFavorite: row.bool(16))
        }
    }

    /// How many roasts the person starred in `chat`.
    public func favoriteCount(chat: ChatID, user: UserID) throws(StoreError) -> Int {
        try connection.queryOne(
            """
            SELECT count(*) FROM favorites JOIN roasts ON roasts.roast_id = favorites.roast_id
            WHERE favorites.user_id = ? AND roasts.chat_id = ?
            """,
            user, chat
        ) { (row: borrowing Row) in row.int(0) } ?? 0
    }

    /// “Your Roast Stats” for one person in one chat.
    public func roastStats(chat: ChatID, user: UserID) throws(StoreError) -> RoastStats {
        var stats = RoastStats()
        stats.roastsRequested =
            try connection.queryOne("SELECT count(*) FROM roasts WHERE chat_id = ? AND user_id = ?", chat, user) {
                (row: borrowing Row) in row.int(0)
            } ?? 0
        for (code, count) in try pairs(
            """
            SELECT reactions.kind, count(*) FROM \(Self.reactionsReceived)
            WHERE roasts.chat_id = ? AND roasts.user_id = ? GROUP BY reactions.kind
            """, chat, user)
        {
            if let kind = ReactionKind(code: code) { stats.reactionsReceived[kind] = count }
        }
        for (code, count) in try pairs(
            """
            SELECT reactions.kind, count(*) FROM reactions JOIN roasts ON roasts.roast_id = reactions.roast_id
            WHERE roasts.chat_id = ? AND reactions.user_id = ? GROUP BY reactions.kind
            """, chat, user)
        {
            if let kind = ReactionKind(code: code) { stats.reactionsGiven[kind] = count }
        }
        stats.favorites = try favoriteCount(chat: chat, user: user)
        for (name, count) in try pairs(
            "SELECT category, count(*) FROM roasts WHERE chat_id = ? AND user_id = ? GROUP BY category", chat, user)
        {
            if let category = RoastCategory(rawValue: name) { stats.categories[category] = count }
        }
        for (level, count) in try pairs(
            "SELECT CAST(spice AS TEXT), count(*) FROM roasts WHERE chat_id = ? AND user_id = ? GROUP BY spice", chat, user)
        {
            if let value = Int(level), let spice = SpiceLevel(rawValue: value) { stats.spice[spice] = count }
        }
        stats.chatRoasts =
            try connection.queryOne("SELECT count(*) FROM roasts WHERE chat_id = ?", chat) { (row: borrowing Row) in row.int(0) } ?? 0
        for (code, count) in try pairs(
            """
            SELECT reactions.kind, count(*) FROM reactions JOIN roasts ON roasts.roast_id = reactions.roast_id
            WHERE roasts.chat_id = ? GROUP BY reactions.kind
            """, chat)
        {
            if let kind = ReactionKind(code: code) { stats.chatReactions[kind] = count }
        }
        return stats
    }

    /// Rows of (text, count) for a query bound to the chat and, when given, the user.
    private func pairs(_ sql: String, _ chat: ChatID, _ user: UserID? = nil) throws(StoreError) -> [(String, Int)] {
        guard let user else { return try connection.query(sql, chat) { (row: borrowing Row) in (row.string(0), row.int(1)) } }
        return try connection.query(sql, chat, user) { (row: borrowing Row) in (row.string(0), row.int(1)) }
    }
}
