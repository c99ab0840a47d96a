import ChatPlatform

/// The keyboards the bot issued, by message: a button press must carry a payload the bot put on the
/// message it was pressed on. Recorded when a delivery with buttons completes (the message's id is
/// known only then) and replaced by each delivered edit of its buttons.
extension StoreTransaction {
    /// Records (or replaces) the buttons on `keyboard.message`; no payloads removes the record. The
    /// first message posted with buttons in a chat (`posted`; an edit of an older message does not
    /// count) dates the chat's checks: messages posted before it predate the records.
    public func recordKeyboard(_ keyboard: IssuedKeyboard, posted: Bool) throws(StoreError) {
        guard !keyboard.payloads.isEmpty else {
            try connection.execute(
                "DELETE FROM issued_keyboards WHERE chat_id = ? AND message_id = ?", keyboard.chat, keyboard.message.rawValue)
            return
        }
        try connection.execute(
            """
            INSERT INTO issued_keyboards (chat_id, message_id, payloads, owner_user_id) VALUES (?, ?, ?, ?)
            ON CONFLICT (chat_id, message_id) DO UPDATE SET payloads = excluded.payloads, owner_user_id = excluded.owner_user_id
            """,
            keyboard.chat, keyboard.message.rawValue, keyboard.payloads.joined(separator: "\n"), keyboard.owner)
        guard posted else { return }
        try connection.execute(
            "UPDATE chats SET keyboards_since = ? WHERE chat_id = ? AND keyboards_since IS NULL", keyboard.message.rawValue, keyboard.chat)
    }

    /// Whether a press carrying `payload` on `message` in `chat` is one the bot issued there: recorded
    /// with the message, or on a delivery to it (or, for a message not recorded yet, a new message)
    /// still waiting for its mark (``pendingDelivery(puts:on:in:newMessage:)``).
    public func pressStanding(_ payload: String, on message: MessageID, in chat: ChatID) throws(StoreError) -> PressStanding {
        let issued = try connection.queryOne(
            "SELECT payloads FROM issued_keyboards WHERE chat_id = ? AND message_id = ?", chat, message.rawValue
        ) { (row: borrowing Row) in row.string(0) }
        if let issued {
            if issued.split(separator: "\n", omittingEmptySubsequences: false).contains(where: { $0 == payload }) { return .issued }
            // An edit of its buttons may be on the platform already and not yet marked.
            return try pendingDelivery(puts: payload, on: message, in: chat, newMessage: false) ? .issued : .notIssued
        }
        let since = try connection.queryOne("SELECT keyboards_since FROM chats WHERE chat_id = ?", chat) { (row: borrowing Row) in
            row.optionalInt64(0)
        }
        guard let since = since ?? nil, message.rawValue >= since else { return .predatesRecords }
        // No record yet: the message may be one whose delivery is not marked yet.
        return try pendingDelivery(puts: payload, on: message, in: chat, newMessage: true) ? .issued : .notIssued
    }
}
