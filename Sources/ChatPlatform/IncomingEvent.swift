import Foundation

/// One platform update, translated into the neutral vocabulary the bot understands.
///
/// `sequence` is the source's own increasing id (Telegram's `update_id`): together with `source` it
/// is what makes applying an update idempotent. `date` is when the event happened as its adapter
/// dates it (the platform's timestamp where it has one), never when the bot processed it: streak
/// days are computed from it.
public struct IncomingEnvelope: Sendable, Hashable {
    public var source: EventSource
    public var sequence: Int64
    public var date: Date
    public var chat: ChatRef
    /// The topic (forum thread) of the chat the event happened in; nil outside topics.
    public var topic: TopicID?
    /// The person who acted; nil when no person signed the event (``senderChat``).
    public var sender: Person?
    /// Who acted when it was not a person speaking for themselves: an anonymous admin or a channel.
    public var senderChat: SenderChat?
    public var event: IncomingEvent

    public init(
        source: EventSource, sequence: Int64, date: Date, chat: ChatRef, topic: TopicID? = nil, sender: Person?,
        senderChat: SenderChat? = nil, event: IncomingEvent
    ) {
        self.source = source
        self.sequence = sequence
        self.date = date
        self.chat = chat
        self.topic = topic
        self.sender = sender
        self.senderChat = senderChat
        self.event = event
    }
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
    /// `/name args` (the `@BotName` suffix already checked and removed). `addressed`: the command
    /// named this bot (`/name@BotName`), or came where every command is for it (a platform's own
    /// slash commands, the console); false for a bare `/name` in a group, which may be meant for
    /// another bot there.
    case command(name: String, arguments: String, message: MessageID, addressed: Bool = true)
    /// Free text that mentions the bot or replies to one of its messages.
    case mention(text: String, message: MessageID)
    /// An inline button was pressed. `callbackID` must be acknowledged promptly.
    case buttonPress(callbackID: String, data: String, message: MessageID?)
    /// The sender's own reactions on a message changed (emoji before and after).
    case reactionChange(message: MessageID, old: [String], new: [String])
    /// The bot's own membership in the chat changed.
    case botMembership(BotMembership)
    /// Another member's status changed (promoted, demoted…): whether they are an admin now.
    case memberChanged(UserID, isAdmin: Bool)
    /// Another member left the chat, or was removed from it.
    case memberLeft(UserID)
    /// The group became a supergroup with a new id; data must follow it.
    case migrated(to: ChatID)
    /// Inline-mode query typed in any chat (`chat` is then the sender's private chat).
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
