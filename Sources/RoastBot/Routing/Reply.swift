import ChatPlatform
import RoastStore

/// Something a handler wants the chat to see. Replies are written to the outbox in the same
/// transaction as the handler's state changes and delivered after commit.
public enum Reply: Sendable, Hashable {
    /// Post a message; `anchor` links the posted message to a roast (for reactions on it).
    case send(OutgoingMessage, anchor: RoastID?)
    /// Replace a message the bot posted earlier.
    case edit(MessageID, OutgoingMessage)
    /// Replace only the buttons of a message the bot posted earlier (new counts on a roast).
    case editButtons(MessageID, [[Button]])
    /// Send a file.
    case document(OutgoingDocument)
    /// Send a file to `person` in their private chat with the bot, wherever the event happened:
    /// personal data never goes to a group.
    case privateDocument(OutgoingDocument, to: UserID)
    /// Post a photo, drawn after commit when it is not stored yet (see ``PictureOrder``).
    case picture(PictureOrder)

    public static func send(_ message: OutgoingMessage) -> Reply { .send(message, anchor: nil) }
}

/// What handling one event produced.
public struct HandlerOutcome: Sendable, Hashable {
    public var replies: [Reply]
    /// The short acknowledgement shown to whoever pressed a button (Telegram's callback answer).
    public var notice: String?
    /// Someone other than the sender whose badge measures the event may have moved: the requester
    /// of the roast a reaction was given on.
    public var credited: UserID?
    /// Results for an inline query, answered right after the transaction commits.
    public var inlineAnswer: InlineAnswer?
    /// The forum topic the replies belong in when the event came without one: a native reaction is
    /// answered in the topic of the roast it was given on (see ``ReplyPlacement``).
    public var topic: TopicID?
    /// What other features post alongside (a season's banner with a chat's first request): after
    /// the event's own answer and its announcements, so that the answer to a command comes first.
    public var accompanying: [Reply] = []

    public init(
        replies: [Reply] = [], notice: String? = nil, credited: UserID? = nil, inlineAnswer: InlineAnswer? = nil, topic: TopicID? = nil
    ) {
        self.replies = replies
        self.notice = notice
        self.credited = credited
        self.inlineAnswer = inlineAnswer
        self.topic = topic
    }

    public static let nothing = HandlerOutcome()
}

/// The results offered for one inline query.
public struct InlineAnswer: Sendable, Hashable {
    public var queryID: String
    public var results: [InlineResult]

    public init(queryID: String, results: [InlineResult]) {
        self.queryID = queryID
        self.results = results
    }
}
