/// A message, including service messages (members joining, group migration).
/// <https://core.telegram.org/bots/api#message>
///
/// Also decodes an `InaccessibleMessage` (the message of an old callback query): it has only `chat`,
/// `message_id` and `date == 0`; see ``isAccessible``.
public struct Message: Sendable, Hashable, Codable {
    public var messageID: Int64
    /// The thread the message belongs to: its forum topic when ``isTopicMessage`` is true (else, in
    /// a group without topics, the thread of replies it is part of).
    public var messageThreadID: Int64?
    /// True for a message sent in a forum topic (never set for a forum's General topic).
    public var isTopicMessage: Bool?
    public var from: User?
    /// The chat the message was sent on behalf of (anonymous admins, channels).
    public var senderChat: Chat?
    public var chat: Chat
    /// Unix time; 0 for an inaccessible message.
    public var date: Int64
    public var text: String?
    public var entities: [MessageEntity]?
    public var caption: String?
    /// The sizes Telegram stored of a photo message, smallest first as Telegram lists them.
    public var photo: [PhotoSize]?
    public var migrateToChatID: Int64?
    public var migrateFromChatID: Int64?
    public var newChatMembers: [User]?
    public var leftChatMember: User?

    /// The message this one replies to (Telegram does not nest further).
    public var replyToMessage: Message? {
        get { replyStorage?.value }
        set { replyStorage = newValue.map(Box.init) }
    }

    /// The largest stored size of a photo message (the one to post again), nil for other messages.
    public var largestPhoto: PhotoSize? { photo?.max { $0.width * $0.height < $1.width * $1.height } }

    /// False for an `InaccessibleMessage` (Telegram marks it with date 0).
    public var isAccessible: Bool { date != 0 }

    public init(
        messageID: Int64, from: User? = nil, senderChat: Chat? = nil, chat: Chat, date: Int64, text: String? = nil,
        entities: [MessageEntity]? = nil, caption: String? = nil, replyToMessage: Message? = nil,
        migrateToChatID: Int64? = nil, migrateFromChatID: Int64? = nil, newChatMembers: [User]? = nil,
        leftChatMember: User? = nil, messageThreadID: Int64? = nil, isTopicMessage: Bool? = nil, photo: [PhotoSize]? = nil
    ) {
        self.messageID = messageID
        self.messageThreadID = messageThreadID
        self.isTopicMessage = isTopicMessage
        self.from = from
        self.senderChat = senderChat
        self.chat = chat
        self.date = date
        self.text = text
        self.entities = entities
        self.caption = caption
        self.photo = photo
        self.replyStorage = replyToMessage.map(Box.init)
        self.migrateToChatID = migrateToChatID
        self.migrateFromChatID = migrateFromChatID
        self.newChatMembers = newChatMembers
        self.leftChatMember = leftChatMember
    }

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id"
        case messageThreadID = "message_thread_id"
        case isTopicMessage = "is_topic_message"
        case from
        case senderChat = "sender_chat"
        case chat, date, text, entities, caption, photo
        case replyToMessage = "reply_to_message"
        case migrateToChatID = "migrate_to_chat_id"
        case migrateFromChatID = "migrate_from_chat_id"
        case newChatMembers = "new_chat_members"
        case leftChatMember = "left_chat_member"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        messageID = try c.decode(Int64.self, forKey: .messageID)
        messageThreadID = try c.decodeIfPresent(Int64.self, forKey: .messageThreadID)
        isTopicMessage = try c.decodeIfPresent(Bool.self, forKey: .isTopicMessage)
        from = try c.decodeIfPresent(User.self, forKey: .from)
        senderChat = try c.decodeIfPresent(Chat.self, forKey: .senderChat)
        chat = try c.decode(Chat.self, forKey: .chat)
        date = try c.decode(Int64.self, forKey: .date)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        entities = try c.decodeIfPresent([MessageEntity].self, forKey: .entities)
        caption = try c.decodeIfPresent(String.self, forKey: .caption)
        photo = try c.decodeIfPresent([PhotoSize].self, forKey: .photo)
        replyStorage = try c.decodeIfPresent(Message.self, forKey: .replyToMessage).map(Box.init)
        migrateToChatID = try c.decodeIfPresent(Int64.self, forKey: .migrateToChatID)
        migrateFromChatID = try c.decodeIfPresent(Int64.self, forKey: .migrateFromChatID)
        newChatMembers = try c.decodeIfPresent([User].self, forKey: .newChatMembers)
        leftChatMember = try c.decodeIfPresent(User.self, forKey: .leftChatMember)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(messageID, forKey: .messageID)
        try c.encodeIfPresent(messageThreadID, forKey: .messageThreadID)
        try c.encodeIfPresent(isTopicMessage, forKey: .isTopicMessage)
        try c.encodeIfPresent(from, forKey: .from)
        try c.encodeIfPresent(senderChat, forKey: .senderChat)
        try c.encode(chat, forKey: .chat)
        try c.encode(date, forKey: .date)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(entities, forKey: .entities)
        try c.encodeIfPresent(caption, forKey: .caption)
        try c.encodeIfPresent(photo, forKey: .photo)
        try c.encodeIfPresent(replyToMessage, forKey: .replyToMessage)
        try c.encodeIfPresent(migrateToChatID, forKey: .migrateToChatID)
        try c.encodeIfPresent(migrateFromChatID, forKey: .migrateFromChatID)
        try c.encodeIfPresent(newChatMembers, forKey: .newChatMembers)
        try c.encodeIfPresent(leftChatMember, forKey: .leftChatMember)
    }

    /// Heap storage that lets a message hold the message it replies to.
    private var replyStorage: Box?

    private final class Box: Sendable, Hashable {
        let value: Message
        init(_ value: Message) { self.value = value }
        static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }
}
