import ChatPlatform
import RoastStore

/// Something a handler wants delivered: one outgoing action (the type it keeps through the outbox to
/// the platform), the roast it posts, and whether one person alone is to see it. Replies are written
/// to the outbox in the same transaction as the handler's state changes and delivered after commit.
public struct Reply: Sendable, Hashable {
    public var action: QueuedAction
    /// The roast the action posts: its message is linked to the roast once delivered (reactions on
    /// it count for the roast).
    public var anchor: RoastID?
    /// Only this person sees it, wherever the event happened (``Destination/person``): personal data
    /// never goes to a group.
    public var person: UserID?

    public init(_ action: QueuedAction, anchor: RoastID? = nil, person: UserID? = nil) {
        self.action = action
        self.anchor = anchor
        self.person = person
    }

    /// Post a message; `anchor` links the posted message to a roast.
    public static func send(_ message: OutgoingMessage, anchor: RoastID? = nil) -> Reply { Reply(.send(message), anchor: anchor) }
    /// Replace a message the bot posted earlier.
    public static func edit(_ message: MessageID, _ content: OutgoingMessage) -> Reply { Reply(.edit(message, content)) }
    /// Replace only the buttons of a message the bot posted earlier (new counts on a roast).
    public static func editButtons(_ message: MessageID, _ buttons: [[Button]]) -> Reply { Reply(.editButtons(message, buttons)) }
    /// Send a file.
    public static func document(_ document: OutgoingDocument) -> Reply { Reply(.document(document)) }
    /// Post a photo, drawn after commit when it is not stored yet (see ``PictureOrder``).
    public static func picture(_ photo: QueuedPhoto) -> Reply { Reply(.photo(photo)) }
    /// Put `photo` in place of the picture of a photo the bot posted earlier (`message`), with its
    /// caption and buttons; drawn after commit like ``picture(_:)``.
    public static func editPicture(_ message: MessageID, _ photo: QueuedPhoto) -> Reply { Reply(.editPhoto(message, photo)) }

    /// The same reply for `person` alone.
    public func privately(to person: UserID) -> Reply {
        var reply = self
        reply.person = person
        return reply
    }

    /// The message it posts, when it posts one (not an edit, a file or a photo).
    public var sentMessage: OutgoingMessage? {
        if case .send(let message) = action { return message }
        return nil
    }
}

/// What handling one event produced.
public struct HandlerOutcome: Sendable, Hashable {
    public var replies: [Reply]
    /// The short answer shown to the person whose interaction this was, alone (Telegram: the toast of
    /// a button press; see ``InteractionAnswer/handled(notice:replies:)``).
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
