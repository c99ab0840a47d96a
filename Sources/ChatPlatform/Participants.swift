/// What kind of chat an event happened in; groups share one profile per member, private chats one.
public enum ChatKind: String, Sendable, Codable, Hashable {
    case privateChat = "private"
    case group
    case supergroup
    case channel
}

/// The chat an event happened in.
public struct ChatRef: Sendable, Hashable, Codable {
    public var id: ChatID
    public var kind: ChatKind
    public var title: String?
    /// A chat with topics (a Telegram supergroup with forum topics; a Discord server, whose channels
    /// are its topics): the only kind of chat where a topic for scheduled posts can be picked.
    public var isForum: Bool
    /// The language the chat itself prefers, as an IETF tag, when the platform says (Discord: the
    /// server's `preferred_locale`); a new group starts in it.
    public var languageCode: String?

    public init(id: ChatID, kind: ChatKind, title: String? = nil, isForum: Bool = false, languageCode: String? = nil) {
        self.id = id
        self.kind = kind
        self.title = title
        self.isForum = isForum
        self.languageCode = languageCode
    }

    public var isGroup: Bool { kind == .group || kind == .supergroup }
}

/// The person behind an event.
public struct Person: Sendable, Hashable, Codable {
    public var id: UserID
    public var displayName: String
    public var username: String?
    /// The IETF language tag the client reports (Telegram's `language_code`), if any.
    public var languageCode: String?
    public var isBot: Bool

    public init(id: UserID, displayName: String, username: String? = nil, languageCode: String? = nil, isBot: Bool = false) {
        self.id = id
        self.displayName = displayName
        self.username = username
        self.languageCode = languageCode
        self.isBot = isBot
    }
}
