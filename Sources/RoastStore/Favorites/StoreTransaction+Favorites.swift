import ChatPlatform
import Foundation

/// Roasts people starred.
extension StoreTransaction {
    public func isFavorite(roast: RoastID, user: UserID) throws(StoreError) -> Bool {
        try connection.queryOne("SELECT 1 FROM favorites WHERE roast_id = ? AND user_id = ?", roast, user) {
            (_: borrowing Row) in true
        } ?? false
    }

    /// How many people keep the roast among their favorites (the ⭐ button shows it to everyone).
    public func favoriteCount(roast: RoastID) throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM favorites WHERE roast_id = ?", roast) { (row: borrowing Row) in row.int(0) } ?? 0
    }

    /// Stars or unstars a roast for the person. Starring twice keeps the first date.
    public func setFavorite(roast: RoastID, user: UserID, _ on: Bool, at date: Date) throws(StoreError) {
        if on {
            try connection.execute(
                "INSERT INTO favorites (roast_id, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                roast, user, date)
            journal.record([.favorites])
        } else {
            try connection.execute("DELETE FROM favorites WHERE roast_id = ? AND user_id = ?", roast, user)
        }
    }

    /// The person's starred roasts in `chat`, most recently starred first.
    public func favorites(chat: ChatID, user: UserID, limit: Int, offset: Int) throws(StoreError) -> [StoredRoast] {
        try connection.query(
            """
            SELECT \(Self.roastColumns) FROM favorites JOIN roasts ON roasts.roast_id = favorites.roast_id
            WHERE favorites.user_id = ? AND roasts.chat_id = ?
            ORDER BY favorites.created_at DESC, roasts.roast_id DESC LIMIT ? OFFSET ?
            """,
            user, chat, limit, offset, context: "roasts"
        ) { (row: borrowing Row) throws(StoreError) in try Self.storedRoast(row) }
    }
}
