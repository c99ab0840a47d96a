import ChatPlatform
import Foundation
import TelegramBotAPI

/// Turns Telegram updates into neutral events, or says why an update is skipped. Pure: no I/O.
///
/// An event's key is the update's `update_id`; a button press is an interaction answered by its
/// callback query's id.
///
/// Rules, in the order they apply to a message:
/// - a service message with `migrate_to_chat_id` → ``IncomingEvent/migrated(to:)``;
/// - text starting with a `bot_command` entity → ``IncomingEvent/command(name:arguments:message:addressed:)``
///   (`/cmd@OtherBot` is skipped; `/cmd@ThisBot` is addressed, a bare `/cmd` is not; the name is
///   lower-cased; arguments are the rest, trimmed);
/// - text that mentions the bot (`@username` or a text mention), replies to one of its messages, or
///   is sent in a private chat → ``IncomingEvent/mention(text:message:)`` with the mention removed;
/// - anything else (group chatter, edits, stickers) is skipped.
///
/// A message signed by a chat (`sender_chat`: an anonymous admin posting as the group, a channel)
/// has no sender person but a ``SenderChat``; another member's status change becomes
/// ``IncomingEvent/memberChanged(_:isAdmin:)``, or ``IncomingEvent/memberLeft(_:)`` when they left or
/// were removed — from a `chat_member` update (sent where the bot is an admin) or from the
/// `left_chat_member` service message (sent to every bot in the group, privacy mode or not).
///
/// A message in a forum topic (`is_topic_message`) happens in that topic (its `message_thread_id`), and
/// so does a press on a button of such a message; a reply thread in a group without topics has a
/// thread id too, but is no topic.
public struct UpdateTranslator: Sendable {
    /// The outcome for one update.
    public typealias Translation = IncomingTranslation

    public let botUserID: Int64
    public let botUsername: String

    /// - Parameter botUsername: with or without the leading `@`; compared case-insensitively.
    public init(botUserID: Int64, botUsername: String) {
        self.botUserID = botUserID
        self.botUsername = botUsername.hasPrefix("@") ? String(botUsername.dropFirst()) : botUsername
    }

    /// - Parameter receivedAt: the date for updates that carry none of their own (inline queries,
    ///   callbacks on inaccessible messages).
    public func translate(_ update: Update, receivedAt: Date) -> Translation {
        let sequence = update.updateID
        switch update.kind {
        case .message(let message):
            return translate(message, sequence: sequence)
        case .editedMessage:
            return .skip(reason: "edited message")
        case .callbackQuery(let query):
            return translate(query, sequence: sequence, receivedAt: receivedAt)
        case .messageReaction(let reaction):
            return translate(reaction, sequence: sequence)
        case .messageReactionCount:
            return .skip(reason: "anonymous reaction counts")
        case .myChatMember(let change):
            return translate(change, sequence: sequence)
        case .chatMember(let change):
            return translateMember(change, sequence: sequence)
        case .inlineQuery(let query):
            return .event(
                IncomingEnvelope(
                    source: .telegram, key: sequence, date: receivedAt, chat: privateChat(of: query.from), sender: person(query.from),
                    event: .inlineQuery(id: query.id, query: query.query)))
        case .chosenInlineResult(let chosen):
            return .event(
                IncomingEnvelope(
                    source: .telegram, key: sequence, date: receivedAt, chat: privateChat(of: chosen.from),
                    sender: person(chosen.from), event: .inlineChosen(resultID: chosen.resultID, query: chosen.query)))
        case .unsupported(let reason):
            return .skip(reason: "unsupported update: \(reason)")
        }
    }

    // MARK: Messages

    private func translate(_ message: Message, sequence: Int64) -> Translation {
        guard let chat = chatRef(message.chat) else { return .skip(reason: "unknown chat type") }
        let date = Date(timeIntervalSince1970: TimeInterval(message.date))
        // A message signed by a chat (an anonymous admin as the group, a channel) comes from a service
        // account (`GroupAnonymousBot`, `Channel_Bot`): no person acted.
        let senderChat = message.senderChat.map { $0.id == message.chat.id ? SenderChat.anonymousAdmin : .channel(ChatID($0.id)) }
        let sender = senderChat == nil ? message.from.map(person) : nil
        let messageID = MessageID(message.messageID)
        let topic = Self.topic(of: message)
        func envelope(_ event: IncomingEvent) -> Translation {
            .event(
                IncomingEnvelope(
                    source: .telegram, key: sequence, date: date, chat: chat, topic: topic, sender: sender, senderChat: senderChat,
                    event: event))
        }

        if let newChatID = message.migrateToChatID { return envelope(.migrated(to: ChatID(newChatID))) }
        if let left = message.leftChatMember {
            // The bot's own departure comes as `my_chat_member`.
            guard left.id != botUserID else { return .skip(reason: "the bot left (reported by my_chat_member)") }
            return envelope(.memberLeft(UserID(left.id)))
        }
        if message.migrateFromChatID != nil { return .skip(reason: "migration notice in the new supergroup") }
        guard let text = message.text else { return .skip(reason: "message without text") }
        let entities = message.entities ?? []

        if let command = entities.first(where: { $0.type == .botCommand && $0.offset == 0 }) {
            guard let token = command.substring(of: text) else { return .skip(reason: "command entity out of range") }
            var name = token.dropFirst()  // the slash
            let addressed = name.contains("@")
            if let at = name.firstIndex(of: "@") {
                guard name[name.index(after: at)...].lowercased() == botUsername.lowercased() else {
                    return .skip(reason: "command for another bot")
                }
                name = name[..<at]
            }
            let arguments = text[token.endIndex...].trimmingCharacters(in: .whitespacesAndNewlines)
            return envelope(.command(name: name.lowercased(), arguments: arguments, message: messageID, addressed: addressed))
        }

        let mentions = entities.filter(isMentionOfBot(in: text))
        let repliesToBot = message.replyToMessage?.from?.id == botUserID
        guard !mentions.isEmpty || repliesToBot || chat.kind == .privateChat else {
            return .skip(reason: "group message not addressed to the bot")
        }
        return envelope(.mention(text: removing(mentions, from: text), message: messageID))
    }

    private func isMentionOfBot(in text: String) -> (MessageEntity) -> Bool {
        { entity in
            switch entity.type {
            case .mention: entity.substring(of: text)?.lowercased() == "@" + botUsername.lowercased()
            case .textMention: entity.user?.id == botUserID
            default: false
            }
        }
    }

    /// `text` without the given entities, keeping a single space where one was cut out mid-sentence.
    private func removing(_ entities: [MessageEntity], from text: String) -> String {
        var result = text
        for entity in entities.sorted(by: { $0.offset > $1.offset }) {
            guard let range = entity.substring(of: result).map({ $0.startIndex..<$0.endIndex }) else { continue }
            let before = result[..<range.lowerBound]
            var after = result[range.upperBound...]
            if before.last?.isWhitespace ?? true, after.first?.isWhitespace == true { after = after.dropFirst() }
            result = String(before) + String(after)
        }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Buttons, reactions, membership

    private func translate(_ query: CallbackQuery, sequence: Int64, receivedAt: Date) -> Translation {
        // An inaccessible (too old) message still names its chat and id: the press is usable.
        guard let message = query.message else { return .skip(reason: "callback without chat") }
        guard let chat = chatRef(message.chat) else { return .skip(reason: "unknown chat type") }
        guard let data = query.data else { return .skip(reason: "callback without data") }
        // Telegram reports no time for a press; the message's date is when the message was posted,
        // possibly weeks ago. A press is dated when it arrives.
        let date = receivedAt
        return .event(
            IncomingEnvelope(
                source: .telegram, key: sequence, date: date, chat: chat, topic: Self.topic(of: message), sender: person(query.from),
                interaction: Interaction(handle: query.id), event: .buttonPress(data: data, message: MessageID(message.messageID))))
    }

    private func translate(_ reaction: MessageReactionUpdated, sequence: Int64) -> Translation {
        guard let user = reaction.user else { return .skip(reason: "anonymous reaction") }
        guard let chat = chatRef(reaction.chat) else { return .skip(reason: "unknown chat type") }
        func emoji(_ reactions: [ReactionType]) -> [String] {
            reactions.compactMap { if case .emoji(let emoji) = $0 { emoji } else { nil } }
        }
        return .event(
            IncomingEnvelope(
                source: .telegram, key: sequence, date: Date(timeIntervalSince1970: TimeInterval(reaction.date)), chat: chat,
                sender: person(user),
                event: .reactionChange(
                    message: MessageID(reaction.messageID), old: emoji(reaction.oldReaction),
                    new: emoji(reaction.newReaction))))
    }

    private func translate(_ change: ChatMemberUpdated, sequence: Int64) -> Translation {
        guard let chat = chatRef(change.chat) else { return .skip(reason: "unknown chat type") }
        let member = change.newChatMember
        let membership: BotMembership
        switch member.status {
        case .creator, .administrator: membership = .administrator
        case .member: membership = .member
        case .restricted: membership = member.isMember == true ? .member : .left
        case .left: membership = .left
        case .kicked: membership = .kicked
        default: return .skip(reason: "unknown membership status")
        }
        return .event(
            IncomingEnvelope(
                source: .telegram, key: sequence, date: Date(timeIntervalSince1970: TimeInterval(change.date)), chat: chat,
                sender: person(change.from), event: .botMembership(membership)))
    }

    /// Another member's status changed: whether they are an admin now (cached answers are stale), or
    /// that they are no longer a member (left, removed, or restricted outside the chat).
    private func translateMember(_ change: ChatMemberUpdated, sequence: Int64) -> Translation {
        guard let chat = chatRef(change.chat) else { return .skip(reason: "unknown chat type") }
        let member = change.newChatMember
        let user = UserID(member.user.id)
        let event: IncomingEvent
        switch member.status {
        case .left, .kicked: event = .memberLeft(user)
        case .restricted where member.isMember == false: event = .memberLeft(user)
        default: event = .memberChanged(user, isAdmin: member.status == .administrator || member.status == .creator)
        }
        return .event(
            IncomingEnvelope(
                source: .telegram, key: sequence, date: Date(timeIntervalSince1970: TimeInterval(change.date)), chat: chat,
                sender: person(change.from), event: event))
    }

    // MARK: Vocabulary

    /// The forum topic `message` was sent in; nil in General, in private chats and in groups without topics.
    static func topic(of message: Message) -> TopicID? {
        guard message.isTopicMessage == true, let thread = message.messageThreadID else { return nil }
        return TopicID(thread)
    }

    private func chatRef(_ chat: Chat) -> ChatRef? {
        let kind: ChatKind
        switch chat.type {
        case .privateChat: kind = .privateChat
        case .group: kind = .group
        case .supergroup: kind = .supergroup
        case .channel: kind = .channel
        default: return nil
        }
        return ChatRef(id: ChatID(chat.id), kind: kind, title: chat.title, isForum: chat.isForum == true)
    }

    private func privateChat(of user: User) -> ChatRef {
        ChatRef(id: TelegramPlatform.privateChat(of: UserID(user.id)), kind: .privateChat)
    }

    private func person(_ user: User) -> Person {
        Person(
            id: UserID(user.id), displayName: [user.firstName, user.lastName].compactMap { $0 }.joined(separator: " "),
            username: user.username, languageCode: user.languageCode, isBot: user.isBot)
    }
}
