/// Buttons shown under a message. <https://core.telegram.org/bots/api#inlinekeyboardmarkup>
public struct InlineKeyboardMarkup: Sendable, Hashable, Codable {
    public var inlineKeyboard: [[InlineKeyboardButton]]

    public init(inlineKeyboard: [[InlineKeyboardButton]]) { self.inlineKeyboard = inlineKeyboard }

    enum CodingKeys: String, CodingKey {
        case inlineKeyboard = "inline_keyboard"
    }
}

/// One inline button; exactly one of the optional fields should be set.
/// <https://core.telegram.org/bots/api#inlinekeyboardbutton>
public struct InlineKeyboardButton: Sendable, Hashable, Codable {
    public var text: String
    /// At most 64 bytes.
    public var callbackData: String?
    public var url: String?
    /// Opens inline mode in a chat the user picks, prefilled with this query.
    public var switchInlineQuery: String?
    /// Opens inline mode in the current chat, prefilled with this query.
    public var switchInlineQueryCurrentChat: String?

    public init(
        text: String, callbackData: String? = nil, url: String? = nil, switchInlineQuery: String? = nil,
        switchInlineQueryCurrentChat: String? = nil
    ) {
        self.text = text
        self.callbackData = callbackData
        self.url = url
        self.switchInlineQuery = switchInlineQuery
        self.switchInlineQueryCurrentChat = switchInlineQueryCurrentChat
    }

    /// A button that sends `data` back in a callback query.
    public static func callback(_ text: String, data: String) -> Self { Self(text: text, callbackData: data) }

    enum CodingKeys: String, CodingKey {
        case text
        case callbackData = "callback_data"
        case url
        case switchInlineQuery = "switch_inline_query"
        case switchInlineQueryCurrentChat = "switch_inline_query_current_chat"
    }
}
