import ChatPlatform
import Foundation
import RoastCore

/// Each person's mood per local day: set with `/mood`, applied to their roasts that day.
extension StoreTransaction {
    /// Sets (or with nil clears) the person's mood for `day`. Their profile in `chat` must exist.
    public func setMood(_ mood: Mood?, chat: ChatID, user: UserID, on day: LocalDate, at date: Date) throws(StoreError) {
        guard let mood else {
            try connection.execute("DELETE FROM moods WHERE chat_id = ? AND user_id = ? AND local_date = ?", chat, user, day.iso)
            return
        }
        try connection.execute(
            """
            INSERT INTO moods (chat_id, user_id, local_date, mood, set_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (chat_id, user_id, local_date) DO UPDATE SET mood = excluded.mood, set_at = excluded.set_at
            """,
            chat, user, day.iso, mood.rawValue, date)
    }

    /// The person's mood for `day`, if they set one.
    public func mood(chat: ChatID, user: UserID, on day: LocalDate) throws(StoreError) -> Mood? {
        try connection.queryOne(
            "SELECT mood FROM moods WHERE chat_id = ? AND user_id = ? AND local_date = ?", chat, user, day.iso, context: "moods"
        ) { (row: borrowing Row) throws(StoreError) in try row.decode(Mood.self, 0, name: "mood") }
    }
}
