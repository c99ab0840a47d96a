/// A press of an inline keyboard button. <https://core.telegram.org/bots/api#callbackquery>
public struct CallbackQuery: Sendable, Hashable, Codable {
    public var id: String
    public var from: User
    /// The message with the button; absent for buttons on inline-mode messages, and inaccessible
    /// (``Message/isAccessible`` false) when it is too old.
    public var message: Message?
    public var inlineMessageID: String?
    public var chatInstance: String
    public var data: String?

    public init(
        id: String, from: User, message: Message? = nil, inlineMessageID: String? = nil, chatInstance: String,
        data: String? = nil
    ) {
        self.id = id
        self.from = from
        self.message = message
        self.inlineMessageID = inlineMessageID
        self.chatInstance = chatInstance
        self.data = data
    }

    enum CodingKeys: String, CodingKey {
        case id, from, message
        case inlineMessageID = "inline_message_id"
        case chatInstance = "chat_instance"
        case data
    }
}
