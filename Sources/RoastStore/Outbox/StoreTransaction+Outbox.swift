import ChatPlatform
import Foundation

/// Deliveries queued in the same transaction as the change that caused them.
extension StoreTransaction {
    /// Queues `action` for `destination`; `anchor` is the roast it posts, whose message id is recorded
    /// when the item completes, and whose topic is the message's; `about` is the person (and the chat
    /// where they acted) whose event caused it, so that forgetting them removes it. Returns the item's id.
    @discardableResult
    public func enqueue(
        _ action: QueuedAction, to destination: Destination, anchor: RoastID?, at date: Date, priority: OutboxPriority = .reply,
        about: (user: UserID, chat: ChatID)? = nil
    ) throws(StoreError) -> Int64 {
        let record = OutboxRecord(action: action, person: destination.person, interaction: destination.interaction)
        let text = record.jsonBytes
        try connection.execute(
            """
            INSERT INTO outbox (chat_id, payload, anchor_roast_id, created_at, priority, about_user_id, about_chat_id)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            destination.chat, String(decoding: text, as: UTF8.self), anchor, date, priority.rawValue, about?.user, about?.chat)
        let id = connection.lastInsertRowID
        outboxRecords.remember(id, record, text: text)
        // Roasts start in the main thread (NULL): only a topic needs writing.
        if let anchor, case .send(let message) = action, let topic = message.topic {
            try connection.execute("UPDATE roasts SET topic_id = ? WHERE roast_id = ?", topic, anchor)
        }
        return id
    }

    /// Queues `action` for `chat` as a whole (see ``enqueue(_:to:anchor:at:priority:about:)``).
    @discardableResult
    public func enqueue(
        _ action: QueuedAction, chat: ChatID, anchor: RoastID?, at date: Date, priority: OutboxPriority = .reply,
        about: (user: UserID, chat: ChatID)? = nil
    ) throws(StoreError) -> Int64 {
        try enqueue(action, to: Destination(chat: chat), anchor: anchor, at: date, priority: priority, about: about)
    }

    /// Pending items, oldest first.
    public func pendingOutbox(limit: Int) throws(StoreError) -> [OutboxItem] {
        try connection.query(
            """
            SELECT \(Self.outboxColumns) FROM outbox
            WHERE state = 'pending' ORDER BY outbox_id LIMIT ?
            """,
            limit, context: "outbox"
        ) { [outboxRecords] (row: borrowing Row) throws(StoreError) in try Self.outboxItem(row, outboxRecords) }
    }

    /// The chats with pending items, by id.
    public func pendingOutboxChats() throws(StoreError) -> [ChatID] {
        try connection.query("SELECT DISTINCT chat_id FROM outbox WHERE state = 'pending' ORDER BY chat_id") { (row: borrowing Row) in
            ChatID(row.int64(0))
        }
    }

    /// `chat`'s pending items in delivery order: replies before broadcasts, each oldest first — except
    /// broadcasts queued at `broadcastsDueBy` or earlier, which have waited long enough and go first.
    public func pendingOutbox(chat: ChatID, limit: Int, broadcastsDueBy: Date? = nil) throws(StoreError) -> [OutboxItem] {
        try connection.query(
            """
            SELECT \(Self.outboxColumns) FROM outbox
            WHERE state = 'pending' AND chat_id = ?
            ORDER BY CASE WHEN priority = \(OutboxPriority.broadcast.rawValue) AND created_at <= ? THEN -1 ELSE priority END, outbox_id
            LIMIT ?
            """,
            chat, broadcastsDueBy, limit, context: "outbox"
        ) { [outboxRecords] (row: borrowing Row) throws(StoreError) in try Self.outboxItem(row, outboxRecords) }
    }

    /// `chat`'s pending replies queued before `date`, oldest first.
    public func pendingReplies(chat: ChatID, queuedBefore date: Date) throws(StoreError) -> [OutboxItem] {
        try connection.query(
            """
            SELECT \(Self.outboxColumns) FROM outbox
            WHERE state = 'pending' AND chat_id = ? AND priority = \(OutboxPriority.reply.rawValue) AND created_at < ?
            ORDER BY outbox_id
            """,
            chat, date, context: "outbox"
        ) { [outboxRecords] (row: borrowing Row) throws(StoreError) in try Self.outboxItem(row, outboxRecords) }
    }

    /// Whether a delivery of `chat` still pending puts a button sending `payload` on `message`: an
    /// edit of that message, or, when `newMessage` (the message has no record of its own), a message
    /// being posted, whose id the bot learns only once its delivery completes. Between the platform
    /// taking a message and the write that marks it delivered (and records its buttons), a press on
    /// one of its buttons is one the bot issued (``pressStanding(_:on:in:)``).
    func pendingDelivery(puts payload: String, on message: MessageID, in chat: ChatID, newMessage: Bool) throws(StoreError) -> Bool {
        let rows = try connection.query(
            """
            SELECT outbox_id, payload FROM outbox
            WHERE state = 'pending' AND chat_id = ? AND instr(payload, ?) > 0 ORDER BY outbox_id LIMIT 50
            """,
            chat, OutboxRecord.buttonPrefix(data: payload)
        ) { [outboxRecords] (row: borrowing Row) in try? Self.record(row, id: 0, payload: 1, outboxRecords) }
        for record in rows {
            guard let action = record?.action else { continue }
            let buttons: [[Button]]
            switch action {
            case .send(let content) where newMessage: buttons = content.buttons
            case .photo(let photo) where newMessage: buttons = photo.buttons
            case .edit(message, let content): buttons = content.buttons
            case .editButtons(message, let rows): buttons = rows
            case .editPhoto(message, let photo): buttons = photo.buttons
            default: continue
            }
            if buttons.joined().contains(where: { $0.data == payload && $0.startsPrivateChat == nil }) { return true }
        }
        return false
    }

    /// How many items are pending and when the oldest of them was queued (nil when none is).
    public func pendingOutboxSummary() throws(StoreError) -> (count: Int, oldest: Date?) {
        try connection.queryOne("SELECT count(*), min(created_at) FROM outbox WHERE state = 'pending'") { (row: borrowing Row) in
            (row.int(0), row.optionalDate(1))
        } ?? (0, nil)
    }

    public func pendingOutboxCount() throws(StoreError) -> Int {
        try connection.queryOne("SELECT count(*) FROM outbox WHERE state = 'pending'") { (row: borrowing Row) in row.int(0) }
            ?? 0
    }

    /// Removes a delivered item; when it posted a roast (`anchor`) and `message` is known, records the
    /// roast's message id. Unknown ids are ignored.
    public func completeOutbox(_ id: Int64, message: MessageID?) throws(StoreError) {
        let anchor = try connection.queryOne("SELECT anchor_roast_id FROM outbox WHERE outbox_id = ?", id) {
            (row: borrowing Row) in row.optionalInt64(0)
        }
        if let anchor = anchor ?? nil, let message {
            try setRoastMessage(RoastID(anchor), message: message)
        }
        try connection.execute("DELETE FROM outbox WHERE outbox_id = ?", id)
        outboxRecords.forget(id)
    }

    /// ``completeOutbox(_:message:)``, keeping the photo the platform stored for the card the row
    /// posted, in the same write.
    public func completeOutbox(
        _ id: Int64, message: MessageID?, cardPhoto: (key: CardKey, photo: StoredPhotoID, madeBy: UserID?), at date: Date
    ) throws(StoreError) {
        try saveCardPhoto(cardPhoto.photo, for: cardPhoto.key, madeBy: cardPhoto.madeBy, at: date)
        try completeOutbox(id, message: message)
    }

    /// Parks an item that will never be delivered. `reason` is kept for the operator and must not
    /// contain message text.
    /// Records that `id` will never be delivered, and why. Its content goes: a failed row is kept
    /// for the operator (chat, time, reason), not the message, which may hold people's data (a whole
    /// export, names in a leaderboard). Failed rows are deleted after a while (``pruneFailedOutbox(before:)``).
    public func failOutbox(_ id: Int64, reason: String) throws(StoreError) {
        try connection.execute(
            "UPDATE outbox SET state = 'failed', failure_reason = ?, payload = '' WHERE outbox_id = ?", String(reason.prefix(500)), id)
        outboxRecords.forget(id)
    }

    /// Fails `chat`'s pending rows whose content cannot be read (written by a newer version, in a
    /// format this one does not know, or damaged), so that they stop blocking the chat's queue; returns how many.
    public func failUnreadableOutbox(chat: ChatID) throws(StoreError) -> Int {
        let rows = try connection.query("SELECT outbox_id, payload FROM outbox WHERE state = 'pending' AND chat_id = ?", chat) {
            (row: borrowing Row) in (row.int64(0), row.string(1))
        }
        var failed = 0
        for (id, payload) in rows where (try? Self.decoder.decode(OutboxRecord.self, from: Data(payload.utf8))) == nil {
            try failOutbox(id, reason: "unreadable content")
            failed += 1
        }
        return failed
    }

    /// Deletes failed rows created before `date`; returns how many.
    public func pruneFailedOutbox(before date: Date) throws(StoreError) -> Int {
        try connection.execute("DELETE FROM outbox WHERE state = 'failed' AND created_at < ?", date)
        return connection.changes
    }

    public func bumpOutboxAttempts(_ id: Int64) throws(StoreError) {
        try connection.execute("UPDATE outbox SET attempts = attempts + 1 WHERE outbox_id = ?", id)
    }

    /// Points every queued item of `old` at `new` (the chat migrated).
    public func retargetOutbox(from old: ChatID, to new: ChatID) throws(StoreError) {
        try connection.execute("UPDATE outbox SET chat_id = ? WHERE chat_id = ?", new, old)
        try connection.execute("UPDATE outbox SET about_chat_id = ? WHERE about_chat_id = ?", new, old)
        outboxRecords.noteRemovals()
    }

    // MARK: - Helpers

    private static var decoder: JSONDecoder { JSONDecoder() }

    private static let outboxColumns = "outbox_id, chat_id, payload, anchor_roast_id, attempts, created_at, priority"

    /// The record of the row `id` whose text is `payload`: the one it was queued with when this
    /// process queued it (``OutboxRecordCache``), else decoded (and remembered for the next read).
    private static func record(_ row: borrowing Row, id idColumn: Int32, payload: Int32, _ records: OutboxRecordCache) throws(StoreError)
        -> OutboxRecord
    {
        let id = row.int64(idColumn)
        if let known = records.record(id, matches: { row.textEquals(payload, $0) }) { return known }
        let text = row.string(payload)
        do {
            let record = try decoder.decode(OutboxRecord.self, from: Data(text.utf8))
            records.remember(id, record, text: Array(text.utf8))
            return record
        } catch {
            throw .corruptRow("outbox.payload of item \(id)")
        }
    }

    private static func outboxItem(_ row: borrowing Row, _ records: OutboxRecordCache) throws(StoreError) -> OutboxItem {
        let record = try record(row, id: 0, payload: 2, records)
        return OutboxItem(
            id: row.int64(0),
            destination: Destination(chat: ChatID(row.int64(1)), person: record.person, interaction: record.interaction),
            action: record.action, anchor: row.optionalInt64(3).map(RoastID.init(rawValue:)), attempts: row.int(4), createdAt: row.date(5),
            priority: OutboxPriority(rawValue: row.int(6)) ?? .reply)
    }
}
