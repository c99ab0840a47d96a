import ChatPlatform
import Foundation
import RoastCore

/// Claims of scheduled posts: one UNIQUE row per (chat, local date, kind), written in the same
/// transaction as the post's outbox row, so that restarts and crashes never post twice.
extension StoreTransaction {
    /// Claims the post of `kind` for `chat` on `date`. Returns false (and changes nothing) when the
    /// day was claimed before.
    public func claimScheduledPost(
        chat: ChatID, on date: LocalDate, kind: ScheduledPostKind, outcome: ScheduledPostOutcome, at instant: Date
    ) throws(StoreError) -> Bool {
        try connection.execute(
            """
            INSERT INTO scheduled_posts (chat_id, local_date, kind, outcome, claimed_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (chat_id, local_date, kind) DO NOTHING
            """,
            chat, date.iso, kind.rawValue, outcome.rawValue, instant)
        return connection.changes == 1
    }

    /// Links a claimed daily post to the roast it posted.
    public func attachRoast(_ roast: RoastID, toClaimOf chat: ChatID, on date: LocalDate, kind: ScheduledPostKind) throws(StoreError) {
        try connection.execute(
            "UPDATE scheduled_posts SET roast_id = ? WHERE chat_id = ? AND local_date = ? AND kind = ?",
            roast, chat, date.iso, kind.rawValue)
    }

    public func isScheduledPostClaimed(chat: ChatID, on date: LocalDate, kind: ScheduledPostKind) throws(StoreError) -> Bool {
        try connection.queryOne(
            "SELECT 1 FROM scheduled_posts WHERE chat_id = ? AND local_date = ? AND kind = ?", chat, date.iso, kind.rawValue
        ) { (_: borrowing Row) in true } ?? false
    }

    /// The local dates of `kind` claimed for `chat` on or after `since`.
    public func claimedDates(chat: ChatID, kind: ScheduledPostKind, since: LocalDate) throws(StoreError) -> Set<LocalDate> {
        Set(
            try connection.query(
                "SELECT local_date FROM scheduled_posts WHERE chat_id = ? AND kind = ? AND local_date >= ?",
                chat, kind.rawValue, since.iso
            ) { (row: borrowing Row) in LocalDate(iso: row.string(0)) }.compactMap { $0 })
    }

    /// Every claim of `chat`, oldest day first.
    public func scheduledPostClaims(chat: ChatID) throws(StoreError) -> [ScheduledPostClaim] {
        try connection.query(
            """
            SELECT chat_id, local_date, kind, outcome, roast_id, claimed_at FROM scheduled_posts
            WHERE chat_id = ? ORDER BY local_date, kind
            """,
            chat, context: "scheduled_posts"
        ) { (row: borrowing Row) throws(StoreError) in
            guard let date = LocalDate(iso: row.string(1)) else { throw .corruptRow("scheduled_posts.local_date") }
            return ScheduledPostClaim(
                chatID: ChatID(row.int64(0)), localDate: date, kind: try row.decode(ScheduledPostKind.self, 2, name: "kind"),
                outcome: try row.decode(ScheduledPostOutcome.self, 3, name: "outcome"),
                roastID: row.optionalInt64(4).map(RoastID.init(rawValue:)), claimedAt: row.date(5))
        }
    }

    /// Library entries already posted as `chat`'s Roast of the Day (the daily roast avoids repeats).
    public func dailyLibraryIDs(chat: ChatID) throws(StoreError) -> Set<String> {
        Set(
            try connection.query(
                "SELECT DISTINCT library_id FROM roasts WHERE chat_id = ? AND kind = 'daily' AND library_id IS NOT NULL", chat
            ) { (row: borrowing Row) in row.string(0) })
    }

    /// The library and collection roasts `chat`'s Roasts of the Day showed at or after `since`.
    public func dailyLibraryIDs(chat: ChatID, since: Date) throws(StoreError) -> Set<String> {
        Set(
            try connection.query(
                "SELECT library_id FROM roasts WHERE chat_id = ? AND user_id IS NULL AND kind = 'daily' AND library_id IS NOT NULL AND created_at >= ?",
                chat, since
            ) { (row: borrowing Row) in row.string(0) })
    }

    /// Library and collection roasts anyone in `chat` received at or after `since` — asked for by a
    /// member or posted as the Roast of the Day — each with when it was last received.
    public func libraryIDsReceived(chat: ChatID, since: Date) throws(StoreError) -> [String: Date] {
        // Once a day per chat: a range of the chat's roasts on its index, filtered by date.
        let rows = try connection.query(
            "SELECT library_id, created_at FROM roasts WHERE chat_id = ? AND library_id IS NOT NULL AND created_at >= ?", chat, since
        ) { (row: borrowing Row) in (row.string(0), row.date(1)) }
        return Dictionary(rows, uniquingKeysWith: max)
    }

    /// Deletes the claims of days before `date` (in any chat); returns how many.
    @discardableResult
    public func pruneScheduledPostClaims(before date: LocalDate) throws(StoreError) -> Int {
        try connection.execute("DELETE FROM scheduled_posts WHERE local_date < ?", date.iso)
        return connection.changes
    }

    /// Moves `old`'s claims to `new` (the group became a supergroup); a day already claimed under
    /// `new` keeps that claim. Called by `migrateChat(from:to:)`.
    func migrateScheduledPosts(from old: ChatID, to new: ChatID) throws(StoreError) {
        try connection.execute("UPDATE OR IGNORE scheduled_posts SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("DELETE FROM scheduled_posts WHERE chat_id = ?", old)
    }
}
