import APIDecoding

extension Message: JSONReadable {
    private enum Keys {
        static let messageID = JSONKey("message_id")
        static let messageThreadID = JSONKey("message_thread_id")
        static let isTopicMessage = JSONKey("is_topic_message")
        static let from = JSONKey("from")
        static let senderChat = JSONKey("sender_chat")
        static let chat = JSONKey("chat")
        static let date = JSONKey("date")
        static let text = JSONKey("text")
        static let entities = JSONKey("entities")
        static let caption = JSONKey("caption")
        static let photo = JSONKey("photo")
        static let replyToMessage = JSONKey("reply_to_message")
        static let migrateToChatID = JSONKey("migrate_to_chat_id")
        static let migrateFromChatID = JSONKey("migrate_from_chat_id")
        static let newChatMembers = JSONKey("new_chat_members")
        static let leftChatMember = JSONKey("left_chat_member")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``); the
    /// many members the bot does not keep (reply markup, forward origins, media) are skipped.
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> Message {
        var messageID: Int64?
        var messageThreadID: Int64?
        var isTopicMessage: Bool?
        var from: User?
        var senderChat: Chat?
        var chat: Chat?
        var date: Int64?
        var text: String?
        var entities: [MessageEntity]?
        var caption: String?
        var photo: [PhotoSize]?
        var replyToMessage: Message?
        var migrateToChatID: Int64?
        var migrateFromChatID: Int64?
        var newChatMembers: [User]?
        var leftChatMember: User?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.messageID:
                    try seen.insert(0)
                    messageID = try reader.readInt64()
                case Keys.messageThreadID:
                    try seen.insert(1)
                    messageThreadID = try reader.readIfPresent(Int64.self)
                case Keys.isTopicMessage:
                    try seen.insert(2)
                    isTopicMessage = try reader.readIfPresent(Bool.self)
                case Keys.from:
                    try seen.insert(3)
                    from = try reader.readIfPresent(User.self)
                case Keys.senderChat:
                    try seen.insert(4)
                    senderChat = try reader.readIfPresent(Chat.self)
                case Keys.chat:
                    try seen.insert(5)
                    chat = try reader.read(Chat.self)
                case Keys.date:
                    try seen.insert(6)
                    date = try reader.readInt64()
                case Keys.text:
                    try seen.insert(7)
                    text = try reader.readIfPresent(String.self)
                case Keys.entities:
                    try seen.insert(8)
                    entities = try reader.readIfPresent([MessageEntity].self)
                case Keys.caption:
                    try seen.insert(9)
                    caption = try reader.readIfPresent(String.self)
                case Keys.photo:
                    try seen.insert(10)
                    photo = try reader.readIfPresent([PhotoSize].self)
                case Keys.replyToMessage:
                    try seen.insert(11)
                    replyToMessage = try reader.readIfPresent(Message.self)
                case Keys.migrateToChatID:
                    try seen.insert(12)
                    migrateToChatID = try reader.readIfPresent(Int64.self)
                case Keys.migrateFromChatID:
                    try seen.insert(13)
                    migrateFromChatID = try reader.readIfPresent(Int64.self)
                case Keys.newChatMembers:
                    try seen.insert(14)
                    newChatMembers = try reader.readIfPresent([User].self)
                case Keys.leftChatMember:
                    try seen.insert(15)
                    leftChatMember = try reader.readIfPresent(User.self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let messageID, let chat, let date else { throw JSONReader.Unreadable() }
        return Message(
            messageID: messageID, from: from, senderChat: senderChat, chat: chat, date: date, text: text, entities: entities,
            caption: caption, replyToMessage: replyToMessage, migrateToChatID: migrateToChatID,
            migrateFromChatID: migrateFromChatID, newChatMembers: newChatMembers, leftChatMember: leftChatMember,
            messageThreadID: messageThreadID, isTopicMessage: isTopicMessage, photo: photo)
    }
}
