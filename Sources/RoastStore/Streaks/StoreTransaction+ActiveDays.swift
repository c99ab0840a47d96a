import ChatPlatform
import RoastCore

/// The days each person was active in each chat (every day their streak counted), and the missed days
/// a freeze bridged, for the streak heatmap. Deleted with the profile.
extension StoreTransaction {
    /// Records `day` as one of `user`'s active days in `chat` (again: no change). The profile must exist.
    public func recordActiveDay(_ day: LocalDate, chat: ChatID, user: UserID) throws(StoreError) {
        try connection.execute(
            "INSERT INTO active_days (chat_id, user_id, local_date) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", chat, user, day.iso)
    }

    /// Records `day`, which `user` missed in `chat`, as bridged by a freeze. The profile must exist.
    public func recordFrozenDay(_ day: LocalDate, chat: ChatID, user: UserID) throws(StoreError) {
        try connection.execute(
            "INSERT INTO active_days (chat_id, user_id, local_date, frozen) VALUES (?, ?, ?, 1) ON CONFLICT DO NOTHING", chat, user,
            day.iso)
    }

    /// `user`'s active days in `chat` from `first` on, oldest first.
    public func activeDays(chat: ChatID, user: UserID, from first: LocalDate) throws(StoreError) -> [LocalDate] {
        try days(chat: chat, user: user, from: first, frozen: false)
    }

    /// The days `user` missed in `chat` that a freeze bridged, from `first` on, oldest first.
    public func frozenDays(chat: ChatID, user: UserID, from first: LocalDate) throws(StoreError) -> [LocalDate] {
        try days(chat: chat, user: user, from: first, frozen: true)
    }

    private func days(chat: ChatID, user: UserID, from first: LocalDate, frozen: Bool) throws(StoreError) -> [LocalDate] {
        try connection.query(
            """
            SELECT local_date FROM active_days WHERE chat_id = ? AND user_id = ? AND local_date >= ? AND frozen = ?
            ORDER BY local_date
            """,
            chat, user, first.iso, frozen
        ) { (row: borrowing Row) throws(StoreError) in
            guard let day = LocalDate(iso: row.string(0)) else { throw .corruptRow("active_days.local_date") }
            return day
        }
    }

    /// Moves active days from `old` to `new` (see `migrateChat`); the profiles must already exist
    /// under `new`. A day active under both ids is one day.
    func migrateActiveDays(from old: ChatID, to new: ChatID) throws(StoreError) {
        try connection.execute("UPDATE OR IGNORE active_days SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("DELETE FROM active_days WHERE chat_id = ?", old)
    }
}
