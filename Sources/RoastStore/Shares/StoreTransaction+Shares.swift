import ChatPlatform
import Foundation
import RoastCore

/// Roasts people shared through inline mode (`@bot` in any chat); the sharing badges count them.
extension StoreTransaction {
    /// Records one share by `user`. `chat` is where the share was reported from (for inline mode,
    /// the user's private chat with the bot); `roast` or `libraryID` names what was shared.
    public func recordShare(
        user: UserID, chat: ChatID?, roast: RoastID?, libraryID: String?, on date: LocalDate, at instant: Date
    ) throws(StoreError) {
        try connection.execute(
            "INSERT INTO shares (chat_id, user_id, roast_id, library_id, shared_on, shared_at) VALUES (?, ?, ?, ?, ?, ?)",
            chat, user, roast, libraryID, date.iso, instant)
        journal.record([.shares])
    }

    /// How many roasts `user` has shared, everywhere.
    public func shareCount(user: UserID) throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM shares WHERE user_id = ?", user) { (row: borrowing Row) in row.int(0) } ?? 0
    }
}

extension StoreTransaction {
    /// The person's starred roasts in every chat, most recently starred first (inline mode offers them).
    public func favoritesAnywhere(user: UserID, limit: Int) throws(StoreError) -> [StoredRoast] {
        try connection.query(
            """
            SELECT \(Self.roastColumns) FROM favorites JOIN roasts ON roasts.roast_id = favorites.roast_id
            WHERE favorites.user_id = ? ORDER BY favorites.created_at DESC, roasts.roast_id DESC LIMIT ?
            """,
            user, limit, context: "roasts"
        ) { (row: borrowing Row) throws(StoreError) in try Self.storedRoast(row) }
    }
}
