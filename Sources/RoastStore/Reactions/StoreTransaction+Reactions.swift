import ChatPlatform
import Foundation
import RoastCore

/// Quick reactions on roasts: at most one per person per roast.
extension StoreTransaction {
    /// The reactions a requester received: those of other people on their roasts, joined to the
    /// roasts (`reactions`, `roasts`). One's own reactions never count as received — not in `/stats`,
    /// the 🔥 of `/top`, nor the 🔥 badges.
    static let reactionsReceived =
        "reactions JOIN roasts ON roasts.roast_id = reactions.roast_id AND reactions.user_id != roasts.user_id"

    public func reaction(roast: RoastID, user: UserID) throws(StoreError) -> ReactionKind? {
        let stored = try connection.queryOne(
            "SELECT kind FROM reactions WHERE roast_id = ? AND user_id = ?", roast, user,
            row: { (row: borrowing Row) in row.string(0) })
        guard let code = stored else { return nil }
        guard let kind = ReactionKind(code: code) else { throw .corruptRow("reactions.kind") }
        return kind
    }

    /// Sets the person's reaction on a roast, replacing any earlier one; nil removes it.
    public func setReaction(
        roast: RoastID, user: UserID, kind: ReactionKind?, via source: ReactionSource, at date: Date
    ) throws(StoreError) {
        guard let kind else {
            try connection.execute("DELETE FROM reactions WHERE roast_id = ? AND user_id = ?", roast, user)
            return
        }
        try connection.execute(
            """
            INSERT INTO reactions (roast_id, user_id, kind, source, reacted_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (roast_id, user_id) DO UPDATE SET
                kind = excluded.kind, source = excluded.source, reacted_at = excluded.reacted_at
            """,
            roast, user, kind.code, source.rawValue, date)
        if kind == .fire { journal.record([.fireReceived]) }
    }

    /// How many people gave each reaction; kinds nobody gave are absent.
    public func reactionCounts(roast: RoastID) throws(StoreError) -> [ReactionKind: Int] {
        let rows = try connection.query(
            "SELECT kind, count(*) FROM reactions WHERE roast_id = ? GROUP BY kind", roast
        ) { (row: borrowing Row) in (row.string(0), row.int(1)) }
        var counts: [ReactionKind: Int] = [:]
        for (code, count) in rows {
            guard let kind = ReactionKind(code: code) else { throw .corruptRow("reactions.kind") }
            counts[kind] = count
        }
        return counts
    }
}
