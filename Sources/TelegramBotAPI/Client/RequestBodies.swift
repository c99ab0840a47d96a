// JSON bodies of the methods ``TelegramBotClient`` calls; `nil` fields are left out.

struct Empty: Encodable {}

struct GetUpdatesBody: Encodable {
    var offset: Int64?
    var limit: Int?
    var timeout: Int
    var allowedUpdates: [String]?

    enum CodingKeys: String, CodingKey {
        case offset, limit, timeout
        case allowedUpdates = "allowed_updates"
    }
}

struct DeleteWebhookBody: Encodable {
    var dropPendingUpdates: Bool

    enum CodingKeys: String, CodingKey {
        case dropPendingUpdates = "drop_pending_updates"
    }
}

struct SetWebhookBody: Encodable {
    var url: String
    var secretToken: String
    var allowedUpdates: [String]
    var maxConnections: Int
    var dropPendingUpdates: Bool

    enum CodingKeys: String, CodingKey {
        case url
        case secretToken = "secret_token"
        case allowedUpdates = "allowed_updates"
        case maxConnections = "max_connections"
        case dropPendingUpdates = "drop_pending_updates"
    }
}

/// <https://core.telegram.org/bots/api#replyparameters>
struct ReplyParameters: Encodable {
    var messageID: Int64
    var allowSendingWithoutReply: Bool

    enum CodingKeys: String, CodingKey {
        case messageID = "message_id"
        case allowSendingWithoutReply = "allow_sending_without_reply"
    }
}

/// <https://core.telegram.org/bots/api#linkpreviewoptions>
struct LinkPreviewOptions: Encodable {
    var isDisabled: Bool

    enum CodingKeys: String, CodingKey {
        case isDisabled = "is_disabled"
    }
}

struct SendMessageBody: Encodable {
    var chatID: Int64
    var messageThreadID: Int64?
    var text: String
    var parseMode: ParseMode?
    var replyMarkup: InlineKeyboardMarkup?
    var replyParameters: ReplyParameters?
    var disableNotification: Bool?
    var linkPreviewOptions: LinkPreviewOptions?

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case messageThreadID = "message_thread_id"
        case text
        case parseMode = "parse_mode"
        case replyMarkup = "reply_markup"
        case replyParameters = "reply_parameters"
        case disableNotification = "disable_notification"
        case linkPreviewOptions = "link_preview_options"
    }
}

struct SendPhotoBody: Encodable {
    var chatID: Int64
    var messageThreadID: Int64?
    var photo: String
    var caption: String?
    var parseMode: ParseMode?
    var replyMarkup: InlineKeyboardMarkup?
    var replyParameters: ReplyParameters?

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case messageThreadID = "message_thread_id"
        case photo, caption
        case parseMode = "parse_mode"
        case replyMarkup = "reply_markup"
        case replyParameters = "reply_parameters"
    }
}

struct EditMessageTextBody: Encodable {
    var chatID: Int64
    var messageID: Int64
    var text: String
    var parseMode: ParseMode?
    var replyMarkup: InlineKeyboardMarkup?
    var linkPreviewOptions: LinkPreviewOptions?

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case messageID = "message_id"
        case text
        case parseMode = "parse_mode"
        case replyMarkup = "reply_markup"
        case linkPreviewOptions = "link_preview_options"
    }
}

/// <https://core.telegram.org/bots/api#inputmediaphoto>: `media` is a stored `file_id` or
/// `attach://<name>` for a file uploaded in the same request under that name.
struct InputMediaPhotoBody: Encodable {
    var type = "photo"
    var media: String
    var caption: String?
    var parseMode: ParseMode?

    enum CodingKeys: String, CodingKey {
        case type, media, caption
        case parseMode = "parse_mode"
    }
}

struct EditMessageMediaBody: Encodable {
    var chatID: Int64
    var messageID: Int64
    var media: InputMediaPhotoBody
    var replyMarkup: InlineKeyboardMarkup?

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case messageID = "message_id"
        case media
        case replyMarkup = "reply_markup"
    }
}

struct EditMessageReplyMarkupBody: Encodable {
    var chatID: Int64
    var messageID: Int64
    var replyMarkup: InlineKeyboardMarkup?

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case messageID = "message_id"
        case replyMarkup = "reply_markup"
    }
}

struct AnswerCallbackQueryBody: Encodable {
    var callbackQueryID: String
    var text: String?
    var showAlert: Bool?

    enum CodingKeys: String, CodingKey {
        case callbackQueryID = "callback_query_id"
        case text
        case showAlert = "show_alert"
    }
}

struct SetMyCommandsBody: Encodable {
    var commands: [BotCommand]
    var scope: BotCommandScope?
    var languageCode: String?

    enum CodingKeys: String, CodingKey {
        case commands, scope
        case languageCode = "language_code"
    }
}

struct GetChatMemberBody: Encodable {
    var chatID: Int64
    var userID: Int64

    enum CodingKeys: String, CodingKey {
        case chatID = "chat_id"
        case userID = "user_id"
    }
}

struct AnswerInlineQueryBody: Encodable {
    var inlineQueryID: String
    var results: [InlineQueryResult]
    var cacheTime: Int?
    var isPersonal: Bool?

    enum CodingKeys: String, CodingKey {
        case inlineQueryID = "inline_query_id"
        case results
        case cacheTime = "cache_time"
        case isPersonal = "is_personal"
    }
}

// MARK: - The hot bodies, written without JSONEncoder (keys in sorted order)

extension SendMessageBody: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("chat_id", chatID)
            json.member("disable_notification", disableNotification)
            json.member("link_preview_options", linkPreviewOptions)
            json.member("message_thread_id", messageThreadID)
            json.member("parse_mode", parseMode?.rawValue)
            json.member("reply_markup", replyMarkup)
            json.member("reply_parameters", replyParameters)
            json.member("text", text)
        }
    }
}

extension EditMessageTextBody: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("chat_id", chatID)
            json.member("link_preview_options", linkPreviewOptions)
            json.member("message_id", messageID)
            json.member("parse_mode", parseMode?.rawValue)
            json.member("reply_markup", replyMarkup)
            json.member("text", text)
        }
    }
}

extension EditMessageReplyMarkupBody: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("chat_id", chatID)
            json.member("message_id", messageID)
            json.member("reply_markup", replyMarkup)
        }
    }
}

extension AnswerCallbackQueryBody: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("callback_query_id", callbackQueryID)
            json.member("show_alert", showAlert)
            json.member("text", text)
        }
    }
}

extension ReplyParameters: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("allow_sending_without_reply", allowSendingWithoutReply)
            json.member("message_id", messageID)
        }
    }
}

extension LinkPreviewOptions: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("is_disabled", isDisabled)
        }
    }
}

extension InlineKeyboardMarkup: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.key("inline_keyboard")
            json.array(inlineKeyboard) { json, row in
                json.array(row) { json, button in button.write(to: &json) }
            }
        }
    }
}

extension InlineKeyboardButton: JSONBody {
    func write(to writer: inout JSONBodyWriter) {
        writer.object { json in
            json.member("callback_data", callbackData)
            json.member("switch_inline_query", switchInlineQuery)
            json.member("switch_inline_query_current_chat", switchInlineQueryCurrentChat)
            json.member("text", text)
            json.member("url", url)
        }
    }
}
