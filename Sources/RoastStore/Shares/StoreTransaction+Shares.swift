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
    }

    /// How many roasts `user` has shared, everywhere.
    public func shareCount(user: UserID) throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM shares WHERE user_id = ?", user) { (row: borrowing Row) in row.int(0) } ?? 0
    }
}
