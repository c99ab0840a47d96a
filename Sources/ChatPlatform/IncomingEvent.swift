import Foundation

/// One platform event, translated into the neutral vocabulary the bot understands.
public struct IncomingEnvelope: Sendable, Hashable {
    public var source: EventSource
    /// The event's idempotency key within its source, chosen by the adapter: a number the source never
    /// gives another event and always gives this one again when it delivers it again (Telegram: the
    /// `update_id`; Discord: the event's own snowflake — interaction id, message id — since the
    /// gateway's sequence restarts with every session). An event with a key is applied exactly once:
    /// the key is recorded in the transaction of its effects. Nil for an event that has none (a
    /// Discord reaction), whose effects must be idempotent by themselves (set a reaction, remove it):
    /// it is applied whenever it comes.
    ///
    /// A source that resumes from a point (Telegram's long polling) keeps keys that grow with time,
    /// and the keys below its resume point are forgotten; Discord's are forgotten once older than its
    /// replay window (the snowflake's time tells), and an event older than that is refused.
    public var key: Int64?
    /// When the event happened as its adapter dates it (the platform's timestamp where it has one;
    /// Discord: the snowflake's time), never when the bot processed it: streak days count from it.
    public var date: Date
    /// The chat the event belongs to: the scope of profiles, streaks, settings (a Telegram group, a
    /// Discord server, a private chat).
    public var chat: ChatRef
    /// Where in the chat the event happened, when the chat has places (a Telegram forum topic; a
    /// Discord channel or thread of the server): the bot's replies go there. Nil in a chat's main thread.
    public var topic: TopicID?
    /// Where a new post started from ``topic`` goes, when it is not ``topic`` itself (Discord: a forum's post is a
    /// thread of its own, so the next post started from one goes to its forum, as a new post); nil: ``topic``. Only
    /// posts that answer nothing (scheduled posts) use it: see ``topicOfNewPosts``.
    public var newPostTopic: TopicID?
    /// The person who acted; nil when no person signed the event (``senderChat``).
    public var sender: Person?
    /// Who acted when it was not a person speaking for themselves: an anonymous admin or a channel.
    public var senderChat: SenderChat?
    /// Whether the sender administers the chat, when the platform said so with the event (Discord: the
    /// member's permissions in the interaction); nil: the bot asks the platform when an action needs
    /// to know (``ChatAdministration``).
    public var senderIsAdmin: Bool?
    /// Set when the platform wants this event answered (a button press on Telegram, every interaction
    /// on Discord): the bot answers it after its transaction (see ``ChatPlatform/answer(_:with:)``) and
    /// marks the replies it causes with it.
    public var interaction: Interaction?
    public var event: IncomingEvent

    public init(
        source: EventSource, key: Int64?, date: Date, chat: ChatRef, topic: TopicID? = nil, newPostTopic: TopicID? = nil, sender: Person?,
        senderChat: SenderChat? = nil, senderIsAdmin: Bool? = nil, interaction: Interaction? = nil, event: IncomingEvent
    ) {
        self.source = source
        self.key = key
        self.date = date
        self.chat = chat
        self.topic = topic
        self.newPostTopic = newPostTopic
        self.sender = sender
        self.senderChat = senderChat
        self.senderIsAdmin = senderIsAdmin
        self.interaction = interaction
        self.event = event
    }

    /// Where posts that answer nothing go when they are meant for the place of this event (the topic of
    /// `/settings topic here`, the topic where the bot was last asked something): ``newPostTopic``, else ``topic``.
    public var topicOfNewPosts: TopicID? { newPostTopic ?? topic }
}

/// Who acted in an event — the one rule every part of the bot asks: only a person keeps a profile
/// and a streak, the spam throttle counts per actor, admin rights follow from it.
public enum Actor: Sendable, Hashable {
    /// A person speaking for themselves.
    case person(Person)
    /// Another bot (it keeps no profile and its requests are not throttled).
    case bot(Person)
    /// An anonymous admin of the group, posting as the group.
    case anonymousAdmin
    /// A channel posting in the group.
    case channel(ChatID)
    /// Nobody (a service update without a sender).
    case nobody

    /// The person, when a person acted.
    public var person: Person? {
        if case .person(let person) = self { return person }
        return nil
    }
}

extension IncomingEnvelope {
    /// Who acted, from ``senderChat`` and ``sender``.
    public var actor: Actor {
        switch senderChat {
        case .anonymousAdmin: return .anonymousAdmin
        case .channel(let channel): return .channel(channel)
        case nil:
            guard let sender else { return .nobody }
            return sender.isBot ? .bot(sender) : .person(sender)
        }
    }
}

/// Who sent a message that no person signed (Telegram's `sender_chat`).
public enum SenderChat: Sendable, Hashable {
    /// An anonymous admin of the group, posting as the group itself: an admin, but no person the bot
    /// can keep a profile for.
    case anonymousAdmin
    /// A channel posting in the group: a member posting as their channel, or the group's linked
    /// channel. Not a person, never an admin of the group.
    case channel(ChatID)
}

/// What happened, independent of the platform.
public enum IncomingEvent: Sendable, Hashable {
    /// `/name args` (the `@BotName` suffix already checked and removed). `message`: the message that
    /// carried it, which the answer replies to in a group; nil when no message did (a Discord slash
    /// command). `addressed`: the command named this bot (`/name@BotName`), or came where every
    /// command is for it (a platform's own slash commands, the console); false for a bare `/name` in
    /// a group, which may be meant for another bot there. A platform whose typed options come
    /// separately passes their values as the words of `arguments`.
    case command(name: String, arguments: String, message: MessageID?, addressed: Bool = true)
    /// Free text that mentions the bot or replies to one of its messages.
    case mention(text: String, message: MessageID)
    /// A button was pressed; `data` is the payload it carried (``Button/data``). The envelope's
    /// ``IncomingEnvelope/interaction`` answers it.
    case buttonPress(data: String, message: MessageID?)
    /// The sender's own native reactions on a message changed, as one list before and after
    /// (Telegram's `message_reaction`).
    case reactionChange(message: MessageID, old: [String], new: [String])
    /// The sender added one native reaction to a message (Discord's `MESSAGE_REACTION_ADD`).
    case reactionAdded(message: MessageID, emoji: String)
    /// The sender removed one native reaction from a message (Discord's `MESSAGE_REACTION_REMOVE`).
    case reactionRemoved(message: MessageID, emoji: String)
    /// The bot's own membership in the chat changed.
    case botMembership(BotMembership)
    /// Another member's status changed (promoted, demoted…): whether they are an admin now.
    case memberChanged(UserID, isAdmin: Bool)
    /// Another member left the chat, or was removed from it.
    case memberLeft(UserID)
    /// The group became a supergroup with a new id; data must follow it.
    case migrated(to: ChatID)
    /// Inline-mode query typed in any chat (``PlatformProfile/inlineMode``; `chat` is then the
    /// sender's private chat).
    case inlineQuery(id: String, query: String)
    /// The user picked one of the inline results (Telegram's `chosen_inline_result`).
    case inlineChosen(resultID: String, query: String)
}

/// The bot's membership state in a chat after a change.
public enum BotMembership: String, Sendable, Hashable, Codable {
    case member
    case administrator
    case left
    case kicked
}
