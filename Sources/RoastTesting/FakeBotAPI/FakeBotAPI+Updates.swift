import Foundation

/// Test-side injection of updates: verbatim JSON, or builders that produce what Telegram would send.
/// Every injection makes its chats and users known and wakes a pending long poll.
extension FakeBotAPI {
    /// Queues one update object exactly as given (malformed or unknown shapes included). A top-level integer
    /// `update_id` is used for offset bookkeeping; without one the next id is assigned for bookkeeping only.
    @discardableResult
    public func enqueue(rawJSON: String) -> Int {
        let id = state.withLock { $0.enqueue(rawJSON: rawJSON) }
        wakeActivePoll()
        return id
    }

    /// A message starting with a command, e.g. "/roast", "/roast@RoastMeLaterBot 3", with its
    /// `bot_command` entity measured in UTF-16 code units; in forum topic `topic` when given.
    @discardableResult
    public func commandMessage(chat: FakeChat, from user: FakeUser, text: String, topic: Int64? = nil, date: Date = Date())
        -> FakeInjectedUpdate
    {
        let command = text.prefix { !$0.isWhitespace }
        var entities: [FakeJSON] = []
        if command.hasPrefix("/") {
            entities.append([
                "type": "bot_command", "offset": 0, "length": .int(Int64(command.utf16.count)),
            ])
        }
        return message(chat: chat, from: user, text: text, entities: entities, replyTo: nil, topic: topic, date: date)
    }

    /// A plain text message; `replyTo` makes it a reply to that message of the chat (e.g. one the bot
    /// sent); in forum topic `topic` when given.
    @discardableResult
    public func textMessage(
        chat: FakeChat, from user: FakeUser, text: String, replyTo: Int64? = nil, topic: Int64? = nil, date: Date = Date()
    ) -> FakeInjectedUpdate {
        message(chat: chat, from: user, text: text, entities: [], replyTo: replyTo, topic: topic, date: date)
    }

    /// Opens a forum topic in `chat` (a supergroup with topics) and returns its thread id: the id of
    /// the service message that created it, as on Telegram. Sends may name it in `message_thread_id`.
    @discardableResult
    public func createTopic(in chat: FakeChat, name: String) -> Int64 {
        state.withLock { state in
            var forum = chat
            forum.isForum = true
            state.register(forum)
            let thread = state.allocateMessageID(in: chat.id)
            state.topics[chat.id, default: []].insert(thread)
            state.messageTopics[FakeBotAPIState.MessageKey(chatID: chat.id, messageID: thread)] = thread
            return thread
        }
    }

    /// A button press on a message the bot sent; the update carries that message as it stands now.
    @discardableResult
    public func callbackQuery(from user: FakeUser, message: FakeSentMessage, data: String)
        -> FakeInjectedUpdate
    {
        let injected = state.withLock { state -> FakeInjectedUpdate in
            state.register(user)
            let queryID = "cbq-\(state.nextQueryID)"
            state.nextQueryID += 1
            state.openCallbackQueries.insert(queryID)
            let current =
                state.sent.first { $0.chatID == message.chatID && $0.messageID == message.messageID }
                ?? message
            let payload: FakeJSON = [
                "id": .string(queryID), "from": user.json, "message": state.messageJSON(current),
                "chat_instance": .string("ci\(abs(message.chatID))"), "data": .string(data),
            ]
            let (id, json) = state.enqueue(kind: "callback_query", payload: payload)
            return FakeInjectedUpdate(
                updateID: id, messageID: message.messageID, callbackQueryID: queryID, json: json)
        }
        wakeActivePoll()
        return injected
    }

    /// A change of one user's reactions to a message; `old`/`new` are emoji.
    @discardableResult
    public func messageReaction(
        chat: FakeChat, messageID: Int64, user: FakeUser, old: [String] = [], new: [String],
        date: Date = Date()
    ) -> FakeInjectedUpdate {
        let reactions: ([String]) -> FakeJSON = { emoji in
            .array(emoji.map { ["type": "emoji", "emoji": .string($0)] })
        }
        return inject(kind: "message_reaction", chat: chat, user: user) { _ in
            [
                "chat": chat.json, "message_id": .int(messageID), "user": user.json,
                "date": .int(Int64(date.timeIntervalSince1970)), "old_reaction": reactions(old),
                "new_reaction": reactions(new),
            ]
        }
    }

    /// The bot's own membership changed (added, promoted, kicked, blocked…). Removal statuses also make
    /// later sends to the chat fail with 403, as on Telegram.
    @discardableResult
    public func myChatMember(
        chat: FakeChat, from user: FakeUser, oldStatus: FakeMemberStatus, newStatus: FakeMemberStatus,
        date: Date = Date()
    ) -> FakeInjectedUpdate {
        inject(kind: "my_chat_member", chat: chat, user: user) { state in
            if newStatus == .left || newStatus == .kicked {
                state.removedFrom.insert(chat.id)
            } else {
                state.removedFrom.remove(chat.id)
            }
            state.memberStatuses[chat.id, default: [:]][state.bot.id] = newStatus
            return [
                "chat": chat.json, "from": user.json, "date": .int(Int64(date.timeIntervalSince1970)),
                "old_chat_member": oldStatus.json(user: state.bot),
                "new_chat_member": newStatus.json(user: state.bot),
            ]
        }
    }

    /// Another member's status changed (promoted, demoted, left): Telegram's `chat_member` update, sent
    /// only to bots that asked for it in `allowed_updates`. `getChatMember` answers the new status after it.
    @discardableResult
    public func chatMember(
        chat: FakeChat, member: FakeUser, by user: FakeUser, oldStatus: FakeMemberStatus, newStatus: FakeMemberStatus,
        date: Date = Date()
    ) -> FakeInjectedUpdate {
        inject(kind: "chat_member", chat: chat, user: user) { state in
            state.register(member)
            state.memberStatuses[chat.id, default: [:]][member.id] = newStatus
            return [
                "chat": chat.json, "from": user.json, "date": .int(Int64(date.timeIntervalSince1970)),
                "old_chat_member": oldStatus.json(user: member), "new_chat_member": newStatus.json(user: member),
            ]
        }
    }

    /// Telegram's service account that signs an anonymous admin's messages (`sender_chat` is the group).
    public static let groupAnonymousBot = FakeUser(id: 1_087_968_824, firstName: "Group", username: "GroupAnonymousBot", isBot: true)
    /// Telegram's service account that signs messages posted as a channel (`sender_chat` is the channel).
    public static let channelBot = FakeUser(id: 136_817_688, firstName: "Channel", username: "Channel_Bot", isBot: true)

    /// A command sent by no person: as the group itself (`signedBy` is `chat`: an anonymous admin) or
    /// as a channel, signed by Telegram's service account with `sender_chat`, as Telegram does.
    @discardableResult
    public func commandMessage(chat: FakeChat, signedBy sender: FakeChat, text: String, date: Date = Date()) -> FakeInjectedUpdate {
        let service = sender.id == chat.id ? Self.groupAnonymousBot : Self.channelBot
        let command = text.prefix { !$0.isWhitespace }
        return inject(kind: "message", chat: chat, user: service) { state in
            let messageID = state.allocateMessageID(in: chat.id)
            return [
                "message_id": .int(messageID), "from": service.json, "sender_chat": sender.json, "chat": chat.json,
                "date": .int(Int64(date.timeIntervalSince1970)), "text": .string(text),
                "entities": [["type": "bot_command", "offset": 0, "length": .int(Int64(command.utf16.count))]],
            ]
        }
    }

    /// A group upgraded to a supergroup: Telegram's two service messages (migrate_to_chat_id in the old
    /// group, then migrate_from_chat_id in the new one). Afterwards sends to the old id get 400 with
    /// `migrate_to_chat_id`. Returns the second update.
    @discardableResult
    public func migration(
        fromGroup group: FakeChat, toSupergroup supergroupID: Int64, by user: FakeUser? = nil,
        date: Date = Date()
    )
        -> FakeInjectedUpdate
    {
        let actor =
            user
            ?? FakeUser(id: 1_087_968_824, firstName: "Group", username: "GroupAnonymousBot", isBot: true)
        let supergroup = FakeChat(id: supergroupID, type: .supergroup, title: group.title)
        let injected = state.withLock { state -> FakeInjectedUpdate in
            state.register(group)
            state.register(supergroup)
            let unix = FakeJSON.int(Int64(date.timeIntervalSince1970))
            let oldMessage: FakeJSON = [
                "message_id": .int(state.allocateMessageID(in: group.id)), "from": actor.json,
                "chat": group.json,
                "date": unix, "migrate_to_chat_id": .int(supergroupID),
            ]
            _ = state.enqueue(kind: "message", payload: oldMessage)
            let newID = state.allocateMessageID(in: supergroupID)
            let newMessage: FakeJSON = [
                "message_id": .int(newID), "from": actor.json, "chat": supergroup.json, "date": unix,
                "migrate_from_chat_id": .int(group.id),
            ]
            let (id, json) = state.enqueue(kind: "message", payload: newMessage)
            state.migratedTo[group.id] = supergroupID
            return FakeInjectedUpdate(updateID: id, messageID: newID, json: json)
        }
        wakeActivePoll()
        return injected
    }

    /// An inline query; answer it with answerInlineQuery using the returned `inlineQueryID`.
    @discardableResult
    public func inlineQuery(
        from user: FakeUser, query: String, offset: String = "", chatType: String? = "sender"
    )
        -> FakeInjectedUpdate
    {
        let injected = state.withLock { state -> FakeInjectedUpdate in
            state.register(user)
            let queryID = "iq-\(state.nextQueryID)"
            state.nextQueryID += 1
            state.openInlineQueries.insert(queryID)
            var payload: [String: FakeJSON] = [
                "id": .string(queryID), "from": user.json, "query": .string(query),
                "offset": .string(offset),
            ]
            if let chatType { payload["chat_type"] = .string(chatType) }
            let (id, json) = state.enqueue(kind: "inline_query", payload: .object(payload))
            return FakeInjectedUpdate(updateID: id, inlineQueryID: queryID, json: json)
        }
        wakeActivePoll()
        return injected
    }

    /// The user picked an inline result (only delivered when the bot enabled inline feedback).
    @discardableResult
    public func chosenInlineResult(from user: FakeUser, resultID: String, query: String)
        -> FakeInjectedUpdate
    {
        inject(kind: "chosen_inline_result", chat: nil, user: user) { _ in
            ["result_id": .string(resultID), "from": user.json, "query": .string(query)]
        }
    }

    /// An update of a kind the bot does not know (e.g. a future Bot API addition); `payloadJSON` is its object.
    @discardableResult
    public func unknownKind(_ kind: String = "future_update_kind", payloadJSON: String = "{\"id\":1}")
        -> FakeInjectedUpdate
    {
        let payload = FakeJSON.parse(payloadJSON) ?? .string(payloadJSON)
        return inject(kind: kind, chat: nil, user: nil) { _ in payload }
    }

    /// Deletes a forum topic: later sends naming it get Telegram's "message thread not found".
    public func deleteTopic(_ thread: Int64, in chat: FakeChat) {
        state.withLock { _ = $0.topics[chat.id]?.remove(thread) }
    }

    // MARK: Helpers

    private func message(
        chat: FakeChat, from user: FakeUser, text: String, entities: [FakeJSON], replyTo: Int64?, topic: Int64?,
        date: Date
    ) -> FakeInjectedUpdate {
        var chat = chat
        // Only forums have topics.
        if topic != nil { chat.isForum = true }
        let injected = state.withLock { state -> FakeInjectedUpdate in
            state.register(chat)
            state.register(user)
            let messageID = state.allocateMessageID(in: chat.id)
            var payload: [String: FakeJSON] = [
                "message_id": .int(messageID), "from": user.json, "chat": chat.json,
                "date": .int(Int64(date.timeIntervalSince1970)), "text": .string(text),
            ]
            if !entities.isEmpty { payload["entities"] = .array(entities) }
            if let topic {
                payload["message_thread_id"] = .int(topic)
                payload["is_topic_message"] = true
                state.topics[chat.id, default: []].insert(topic)
                state.messageTopics[FakeBotAPIState.MessageKey(chatID: chat.id, messageID: messageID)] = topic
            }
            if let replyTo {
                let key = FakeBotAPIState.MessageKey(chatID: chat.id, messageID: replyTo)
                if let index = state.sentIndex[key] {
                    payload["reply_to_message"] = state.messageJSON(state.sent[index])
                } else {
                    payload["reply_to_message"] = [
                        "message_id": .int(replyTo), "chat": chat.json,
                        "date": .int(Int64(date.timeIntervalSince1970)),
                    ]
                }
            }
            let (id, json) = state.enqueue(kind: "message", payload: .object(payload))
            return FakeInjectedUpdate(updateID: id, messageID: messageID, json: json)
        }
        wakeActivePoll()
        return injected
    }

    private func inject(
        kind: String, chat: FakeChat?, user: FakeUser?, payload: (inout FakeBotAPIState) -> FakeJSON
    ) -> FakeInjectedUpdate {
        let injected = state.withLock { state -> FakeInjectedUpdate in
            if let chat { state.register(chat) }
            if let user { state.register(user) }
            let (id, json) = state.enqueue(kind: kind, payload: payload(&state))
            return FakeInjectedUpdate(updateID: id, json: json)
        }
        wakeActivePoll()
        return injected
    }
}
