/// An inline-mode result that posts a text message. <https://core.telegram.org/bots/api#inlinequeryresultarticle>
public struct InlineQueryResultArticle: Sendable, Hashable, Codable {
    /// Always `article`.
    public var type: String = "article"
    /// At most 64 bytes.
    public var id: String
    public var title: String
    public var inputMessageContent: InputTextMessageContent
    public var replyMarkup: InlineKeyboardMarkup?
    public var description: String?

    public init(
        id: String, title: String, inputMessageContent: InputTextMessageContent,
        replyMarkup: InlineKeyboardMarkup? = nil, description: String? = nil
    ) {
        self.id = id
        self.title = title
        self.inputMessageContent = inputMessageContent
        self.replyMarkup = replyMarkup
        self.description = description
    }

    enum CodingKeys: String, CodingKey {
        case type, id, title
        case inputMessageContent = "input_message_content"
        case replyMarkup = "reply_markup"
        case description
    }
}

/// The text message an inline result posts. <https://core.telegram.org/bots/api#inputtextmessagecontent>
public struct InputTextMessageContent: Sendable, Hashable, Codable {
    public var messageText: String
    public var parseMode: ParseMode?

    public init(messageText: String, parseMode: ParseMode? = .html) {
        self.messageText = messageText
        self.parseMode = parseMode
    }

    enum CodingKeys: String, CodingKey {
        case messageText = "message_text"
        case parseMode = "parse_mode"
    }
}

/// How Telegram should read formatting in a text. <https://core.telegram.org/bots/api#formatting-options>
public enum ParseMode: String, Sendable, Hashable, Codable {
    case html = "HTML"
    case markdownV2 = "MarkdownV2"
}
