import CardModel
import ChatPlatform
import Foundation

/// Share cards: the photo the platform stored for each card (so that a card is drawn and uploaded
/// once), who first asked for it, and each person's template and format.
///
/// A card carries no name or id, but who asked for it is the person's data: their cards in a chat
/// are forgotten with them (``forgetUser(_:in:)``), and the cards of their roasts go with the roasts.
extension StoreTransaction {
    /// The stored photo of `key`'s card, if it was posted before.
    public func cardPhoto(_ key: CardKey) throws(StoreError) -> StoredPhotoID? {
        try connection.queryOne(
            "SELECT file_id FROM card_photos WHERE roast_id = ? AND template = ? AND format = ?", key.roast, key.template.rawValue,
            key.format.rawValue
        ) { (row: borrowing Row) in StoredPhotoID(row.string(0)) }
    }

    /// Keeps the photo of `key`'s card; a card stored before keeps its first photo.
    public func saveCardPhoto(_ photo: StoredPhotoID, for key: CardKey, madeBy user: UserID?, at date: Date) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO card_photos (roast_id, template, format, file_id, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (roast_id, template, format) DO NOTHING
            """,
            key.roast, key.template.rawValue, key.format.rawValue, photo.rawValue, user, date)
    }

    /// Forgets the stored photo of `key`'s card (the platform no longer knows it).
    public func forgetCardPhoto(_ key: CardKey) throws(StoreError) {
        try connection.execute(
            "DELETE FROM card_photos WHERE roast_id = ? AND template = ? AND format = ?", key.roast, key.template.rawValue,
            key.format.rawValue)
    }

    /// The cards `user` asked for first, in every chat, newest first.
    public func cardPhotos(madeBy user: UserID, limit: Int) throws(StoreError) -> [StoredCardPhoto] {
        try connection.query(
            """
            SELECT card_photos.template, card_photos.format, card_photos.file_id, \(Self.roastColumns)
            FROM card_photos JOIN roasts ON roasts.roast_id = card_photos.roast_id
            WHERE card_photos.user_id = ? ORDER BY card_photos.created_at DESC, card_photos.roast_id DESC LIMIT ?
            """,
            user, limit, context: "card_photos"
        ) { (row: borrowing Row) throws(StoreError) in
            let roast = try Self.storedRoast(row, from: 3)
            return StoredCardPhoto(
                key: CardKey(
                    roast: roast.id, template: try row.decode(CardTemplate.self, 0, name: "template"),
                    format: try row.decode(CardFormat.self, 1, name: "format")),
                photo: StoredPhotoID(row.string(2)), roast: roast)
        }
    }

    /// The template and format `user` picked in `chat`, if any.
    public func cardChoice(chat: ChatID, user: UserID) throws(StoreError) -> CardChoice? {
        try connection.queryOne("SELECT template, format FROM card_choices WHERE chat_id = ? AND user_id = ?", chat, user) {
            (row: borrowing Row) throws(StoreError) in
            CardChoice(
                template: try row.decode(CardTemplate.self, 0, name: "template"), format: try row.decode(CardFormat.self, 1, name: "format")
            )
        }
    }

    /// Keeps `user`'s pick in `chat`. Their profile there must exist.
    public func saveCardChoice(_ choice: CardChoice, chat: ChatID, user: UserID) throws(StoreError) {
        try connection.execute(
            """
            INSERT INTO card_choices (chat_id, user_id, template, format) VALUES (?, ?, ?, ?)
            ON CONFLICT (chat_id, user_id) DO UPDATE SET template = excluded.template, format = excluded.format
            """,
            chat, user, choice.template.rawValue, choice.format.rawValue)
    }

    /// Moves card choices from `old` to `new` (see `migrateChat`); the profiles must already exist under
    /// `new`. A choice made under `new` stays.
    func migrateCardChoices(from old: ChatID, to new: ChatID) throws(StoreError) {
        try connection.execute("UPDATE OR IGNORE card_choices SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("DELETE FROM card_choices WHERE chat_id = ?", old)
    }
}
