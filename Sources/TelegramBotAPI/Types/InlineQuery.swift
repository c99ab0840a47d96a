/// Text typed after the bot's username in any chat (inline mode).
/// <https://core.telegram.org/bots/api#inlinequery>
public struct InlineQuery: Sendable, Hashable, Codable {
    public var id: String
    public var from: User
    public var query: String
    public var offset: String
    /// `sender`, `private`, `group`, `supergroup` or `channel`, when known.
    public var chatType: String?

    public init(id: String, from: User, query: String, offset: String = "", chatType: String? = nil) {
        self.id = id
        self.from = from
        self.query = query
        self.offset = offset
        self.chatType = chatType
    }

    enum CodingKeys: String, CodingKey {
        case id, from, query, offset
        case chatType = "chat_type"
    }
}

/// The inline result a user picked. <https://core.telegram.org/bots/api#choseninlineresult>
public struct ChosenInlineResult: Sendable, Hashable, Codable {
    public var resultID: String
    public var from: User
    public var inlineMessageID: String?
    public var query: String

    public init(resultID: String, from: User, inlineMessageID: String? = nil, query: String) {
        self.resultID = resultID
        self.from = from
        self.inlineMessageID = inlineMessageID
        self.query = query
    }

    enum CodingKeys: String, CodingKey {
        case resultID = "result_id"
        case from
        case inlineMessageID = "inline_message_id"
        case query
    }
}
