import ChatPlatform
import Foundation
import RoastCore

/// Unlocked badges and the counts badges are measured on.
extension StoreTransaction {
    /// The person's badges in `chat`, oldest unlock first.
    public func earnedBadges(chat: ChatID, user: UserID) throws(StoreError) -> [EarnedBadge] {
        try connection.query(
            """
            SELECT chat_id, user_id, badge_id, unlocked_at, unlocked_on FROM badges
            WHERE chat_id = ? AND user_id = ? ORDER BY unlocked_at, badge_id
            """,
            chat, user, context: "badges"
        ) { (row: borrowing Row) throws(StoreError) in try Self.earnedBadge(row) }
    }

    /// Which badges the person has in `chat`: ``earnedBadges(chat:user:)`` without dates, for the
    /// check every event makes (decoding each unlock's dates would be most of its cost).
    public func earnedBadgeIDs(chat: ChatID, user: UserID) throws(StoreError) -> Set<BadgeID> {
        Set(
            try connection.query("SELECT badge_id FROM badges WHERE chat_id = ? AND user_id = ?", chat, user) {
                (row: borrowing Row) in BadgeID(rawValue: row.string(0))
            })
    }

    /// Records an unlock unless the person already has the badge in `chat`. Returns whether it is
    /// new: only then may the caller announce it (in the same transaction), which makes the
    /// announcement happen exactly once.
    @discardableResult
    public func earnBadge(_ badge: BadgeID, chat: ChatID, user: UserID, at date: Date, on day: LocalDate) throws(StoreError) -> Bool {
        try connection.execute(
            """
            INSERT INTO badges (chat_id, user_id, badge_id, unlocked_at, unlocked_on, announced) VALUES (?, ?, ?, ?, ?, 1)
            ON CONFLICT DO NOTHING
            """,
            chat, user, badge.rawValue, date, day.iso)
        return connection.changes == 1
    }

    /// The counts the person's badges are measured on; only those of `measures` are read, the
    /// others stay 0. Most are derived from the roasts, reactions and favorites tables, so they can
    /// never drift from what people see; 🔥 on one's own roast does not count as received.
    public func activityTally(chat: ChatID, user: UserID, measures: Set<TallyMeasure> = Set(TallyMeasure.allCases))
        throws(StoreError) -> ActivityTally
    {
        var tally = ActivityTally()
        if measures.contains(.streak) {
            tally.longestStreak = try streak(chat: chat, user: user)?.longest ?? 0
        }
        if measures.contains(.roasts) {
            tally.roasts = try profile(chat: chat, user: user)?.roastCount ?? 0
        }
        if measures.contains(.variety) {
            // Counted here rather than with two count(DISTINCT …), whose temporary b-trees cost more
            // than reading the rows: an event asks for this only when its roast widened the variety,
            // at most 13 times per person and chat (8 categories, 5 spice levels).
            let tried = try connection.query(
                "SELECT category, spice FROM roasts WHERE chat_id = ? AND user_id = ? AND kind = ?",
                chat, user, RoastKind.requested.rawValue
            ) { (row: borrowing Row) in (row.string(0), row.int(1)) }
            tally.categoriesTried = Set(tried.map(\.0)).count
            tally.spiceLevels = Set(tried.compactMap { SpiceLevel(rawValue: $0.1) })
            tally.spiceLevelsTried = Set(tried.map(\.1)).count
        }
        if measures.contains(.favorites) {
            tally.favorites =
                try connection.queryOne(
                    "SELECT count(*) FROM favorites JOIN roasts ON roasts.roast_id = favorites.roast_id WHERE favorites.user_id = ? AND roasts.chat_id = ?",
                    user, chat
                ) { (row: borrowing Row) in row.int(0) } ?? 0
        }
        if measures.contains(.shares) {
            // Sharing happens in inline mode, outside any chat: every share of the person counts.
            tally.shares = try shareCount(user: user)
        }
        if measures.contains(.fireReceived) {
            tally.fireReceived =
                try connection.queryOne(
                    """
                    SELECT count(*) FROM \(Self.reactionsReceived)
                    WHERE roasts.chat_id = ? AND roasts.user_id = ? AND reactions.kind = ?
                    """,
                    chat, user, ReactionKind.fire.code
                ) { (row: borrowing Row) in row.int(0) } ?? 0
        }
        if measures.contains(.collections) {
            let collections = try connection.query(
                """
                SELECT collection, count(DISTINCT coalesce(library_id, text)) FROM roasts
                WHERE chat_id = ? AND user_id = ? AND collection IS NOT NULL GROUP BY collection
                """,
                chat, user
            ) { (row: borrowing Row) in (row.string(0), row.int(1)) }
            tally.collectionRoasts = Dictionary(collections, uniquingKeysWith: +)
        }
        return tally
    }

    /// 🔥 received from other people on each requester's roasts in `chat`.
    public func fireReceived(chat: ChatID) throws(StoreError) -> [UserID: Int] {
        let rows = try connection.query(
            """
            SELECT roasts.user_id, count(*) FROM \(Self.reactionsReceived)
            WHERE roasts.chat_id = ? AND roasts.user_id IS NOT NULL AND reactions.kind = ?
            GROUP BY roasts.user_id
            """,
            chat, ReactionKind.fire.code
        ) { (row: borrowing Row) in (UserID(row.int64(0)), row.int(1)) }
        return Dictionary(rows, uniquingKeysWith: +)
    }

    // MARK: - Helpers

    private static func earnedBadge(_ row: borrowing Row) throws(StoreError) -> EarnedBadge {
        guard let day = LocalDate(iso: row.string(4)) else { throw .corruptRow("badges.unlocked_on") }
        return EarnedBadge(
            chatID: ChatID(row.int64(0)), userID: UserID(row.int64(1)), badge: BadgeID(rawValue: row.string(2)),
            unlockedAt: row.date(3), unlockedOn: day)
    }
}
