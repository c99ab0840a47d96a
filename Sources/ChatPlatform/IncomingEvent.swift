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
    public var sender: Person?
    public var event: IncomingEvent

    public init(
        source: EventSource, sequence: Int64, date: Date, chat: ChatRef, topic: TopicID? = nil, sender: Person?, event: IncomingEvent
    ) {
        self.source = source
        self.sequence = sequence
        self.date = date
        self.chat = chat
        self.topic = topic
        self.sender = sender
        self.event = event
    }
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
