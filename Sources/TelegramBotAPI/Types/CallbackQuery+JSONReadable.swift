import APIDecoding

extension CallbackQuery: JSONReadable {
    private enum Keys {
        static let id = JSONKey("id")
        static let from = JSONKey("from")
        static let message = JSONKey("message")
        static let inlineMessageID = JSONKey("inline_message_id")
        static let chatInstance = JSONKey("chat_instance")
        static let data = JSONKey("data")
    }

    /// The same value `init(from:)` decodes, read straight from the text (see ``JSONReader``).
    public static func read(from reader: inout JSONReader) throws(JSONReader.Unreadable) -> CallbackQuery {
        var id: String?
        var from: User?
        var message: Message?
        var inlineMessageID: String?
        var chatInstance: String?
        var data: String?
        var seen = JSONMemberSet()
        if try reader.beginObject() {
            repeat {
                switch try reader.readKey() {
                case Keys.id:
                    try seen.insert(0)
                    id = try reader.readString()
                case Keys.from:
                    try seen.insert(1)
                    from = try reader.read(User.self)
                case Keys.message:
                    try seen.insert(2)
                    message = try reader.readIfPresent(Message.self)
                case Keys.inlineMessageID:
                    try seen.insert(3)
                    inlineMessageID = try reader.readIfPresent(String.self)
                case Keys.chatInstance:
                    try seen.insert(4)
                    chatInstance = try reader.readString()
                case Keys.data:
                    try seen.insert(5)
                    data = try reader.readIfPresent(String.self)
                default: try reader.skipValue()
                }
            } while try reader.nextMember()
        }
        guard let id, let from, let chatInstance else { throw JSONReader.Unreadable() }
        return CallbackQuery(
            id: id, from: from, message: message, inlineMessageID: inlineMessageID, chatInstance: chatInstance, data: data)
    }
}
