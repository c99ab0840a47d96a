import ChatPlatform
import Foundation
import RoastCore

/// Roasts that were served.
extension StoreTransaction {
    /// Stores a roast and, for a requested roast, counts it on the requester's profile. The requester's
    /// profile must exist (`touchProfile` first); otherwise this throws a foreign-key error.
    @discardableResult
    public func insertRoast(_ roast: RoastRecord) throws(StoreError) -> RoastID {
        if let requester = roast.requester {
            // Badge measures this roast moves: variety only with a category or spice new to the
            // requester here (checked before the insert, on the covering index), collections only
            // for a collection roast.
            var moved: [TallyMeasure] = [.roasts]
            if try widensVariety(roast, requester: requester) { moved.append(.variety) }
            if roast.collection != nil { moved.append(.collections) }
            journal.record(moved)
        }
        try connection.execute(
            """
            INSERT INTO roasts (chat_id, user_id, kind, source, library_id, text, language, category, spice, mood, collection, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            roast.chatID, roast.requester, roast.kind.rawValue, roast.source.rawValue, roast.libraryID, roast.text,
            roast.language.rawValue, roast.category.rawValue, roast.spice.rawValue, roast.mood?.rawValue,
            roast.collection, roast.createdAt)
        let id = RoastID(connection.lastInsertRowID)
        if let requester = roast.requester, roast.kind == .requested {
            try connection.execute(
                "UPDATE profiles SET roast_count = roast_count + 1 WHERE chat_id = ? AND user_id = ?", roast.chatID, requester)
        }
        return id
    }

    /// Whether `roast` would be the requester's first requested roast in its chat of its category or
    /// of its spice level.
    private func widensVariety(_ roast: RoastRecord, requester: UserID) throws(StoreError) -> Bool {
        guard roast.kind == .requested else { return false }
        return try connection.queryOne(
            """
            SELECT NOT EXISTS (SELECT 1 FROM roasts WHERE chat_id = ?1 AND user_id = ?2 AND kind = ?3 AND category = ?4)
                OR NOT EXISTS (SELECT 1 FROM roasts WHERE chat_id = ?1 AND user_id = ?2 AND kind = ?3 AND spice = ?5)
            """,
            roast.chatID, requester, RoastKind.requested.rawValue, roast.category.rawValue, roast.spice.rawValue
        ) { (row: borrowing Row) in row.bool(0) } ?? true
    }

    public func roast(_ id: RoastID) throws(StoreError) -> StoredRoast? {
        try connection.queryOne("SELECT \(Self.roastColumns) FROM roasts WHERE roast_id = ?", id, context: "roasts") {
            (row: borrowing Row) throws(StoreError) in try Self.storedRoast(row)
        }
    }

    /// The roast posted as `message` in `chat` (the latest, should ids ever repeat after a migration).
    public func roast(chat: ChatID, message: MessageID) throws(StoreError) -> StoredRoast? {
        try connection.queryOne(
            "SELECT \(Self.roastColumns) FROM roasts WHERE chat_id = ? AND message_id = ? ORDER BY roast_id DESC LIMIT 1",
            chat, message, context: "roasts"
        ) { (row: borrowing Row) throws(StoreError) in try Self.storedRoast(row) }
    }

    /// The message of the latest roast posted in `chat` (the one a native reaction in the console
    /// chat goes to), if any.
    public func latestPostedRoast(in chat: ChatID) throws(StoreError) -> MessageID? {
        try connection.queryOne(
            "SELECT message_id FROM roasts WHERE chat_id = ? AND message_id IS NOT NULL ORDER BY roast_id DESC LIMIT 1", chat,
            context: "roasts"
        ) { (row: borrowing Row) in MessageID(row.int64(0)) }
    }

    /// Records the message that carries the roast.
    public func setRoastMessage(_ id: RoastID, message: MessageID) throws(StoreError) {
        try connection.execute("UPDATE roasts SET message_id = ? WHERE roast_id = ?", message, id)
    }

    /// The library and collection roasts `user` received in `chat`, each with the row id of the latest
    /// time (a mark that grows with time): what they saw, for the picker's no-repeat rule.
    public func libraryIDsServed(chat: ChatID, user: UserID) throws(StoreError) -> [String: Int64] {
        // Not GROUP BY: the dictionary keeps the latest without SQLite's temporary b-tree (index-only read).
        let rows = try connection.query(
            "SELECT library_id, roast_id FROM roasts WHERE chat_id = ? AND user_id = ? AND library_id IS NOT NULL",
            chat, user
        ) { (row: borrowing Row) in (row.string(0), row.int64(1)) }
        return Dictionary(rows, uniquingKeysWith: max)
    }

    /// The library and collection roasts posted in `chat` for everyone (the Roast of the Day) at or
    /// after `since`, each with the row id of the latest post: every member saw them.
    public func libraryIDsShownToAll(chat: ChatID, since: Date) throws(StoreError) -> [String: Int64] {
        let rows = try connection.query(
            """
            SELECT library_id, roast_id FROM roasts
            WHERE chat_id = ? AND user_id IS NULL AND library_id IS NOT NULL AND created_at >= ?
            """,
            chat, since
        ) { (row: borrowing Row) in (row.string(0), row.int64(1)) }
        return Dictionary(rows, uniquingKeysWith: max)
    }

    /// The library and collection ids of `chat`'s latest `limit` roasts (anyone's, and the chat's
    /// posts), newest first.
    public func latestLibraryIDs(chat: ChatID, limit: Int) throws(StoreError) -> [String] {
        try connection.query(
            "SELECT library_id FROM roasts WHERE chat_id = ? ORDER BY roast_id DESC LIMIT ?", chat, limit
        ) { (row: borrowing Row) in row.optionalString(0) }.compactMap { $0 }
    }

    /// The user's latest roasts in `chat`, newest first.
    public func recentRoasts(chat: ChatID, user: UserID, limit: Int) throws(StoreError) -> [StoredRoast] {
        try connection.query(
            """
            SELECT \(Self.roastColumns) FROM roasts WHERE chat_id = ? AND user_id = ?
            ORDER BY created_at DESC, roast_id DESC LIMIT ?
            """,
            chat, user, limit, context: "roasts"
        ) { (row: borrowing Row) throws(StoreError) in try Self.storedRoast(row) }
    }

    // MARK: - Helpers

    static let roastColumns = """
        roasts.roast_id, roasts.message_id, roasts.chat_id, roasts.user_id, roasts.kind, roasts.source, \
        roasts.library_id, roasts.text, roasts.language, roasts.category, roasts.spice, roasts.mood, \
        roasts.collection, roasts.created_at, roasts.topic_id
        """

    /// Decodes the ``roastColumns`` starting at column `first`.
    static func storedRoast(_ row: borrowing Row, from first: Int32 = 0) throws(StoreError) -> StoredRoast {
        guard let spice = SpiceLevel(rawValue: row.int(first + 10)) else { throw .corruptRow("roasts.spice") }
        let roast = RoastRecord(
            chatID: ChatID(row.int64(first + 2)),
            requester: row.optionalInt64(first + 3).map(UserID.init(rawValue:)),
            kind: try row.decode(RoastKind.self, first + 4, name: "kind"),
            source: try row.decode(RoastSource.self, first + 5, name: "source"),
            libraryID: row.optionalString(first + 6),
            text: row.string(first + 7),
            language: try row.decode(Language.self, first + 8, name: "language"),
            category: try row.decode(RoastCategory.self, first + 9, name: "category"),
            spice: spice,
            mood: try row.decodeOptional(Mood.self, first + 11, name: "mood"),
            collection: row.optionalString(first + 12),
            createdAt: row.date(first + 13))
        return StoredRoast(
            id: RoastID(row.int64(first)), messageID: row.optionalInt64(first + 1).map(MessageID.init(rawValue:)),
            topic: row.optionalInt64(first + 14).map(TopicID.init(rawValue:)), record: roast)
    }
}
