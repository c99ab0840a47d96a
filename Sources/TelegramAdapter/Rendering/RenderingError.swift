/// Why buttons cannot be sent to Telegram as they are.
///
/// Every case is a programming error in the bot (a payload or keyboard built too large or empty):
/// the platform logs it and rejects the message rather than truncating anything. Cases carry
/// positions and sizes only, never the label or payload text.
public enum RenderingError: Error, Sendable, Hashable {
    /// A button's callback data is empty; Telegram requires 1…64 bytes.
    case emptyCallbackData(row: Int, column: Int)
    /// A button's callback data is longer than 64 bytes of UTF-8.
    case callbackDataTooLong(row: Int, column: Int, bytes: Int)
    /// A private-chat button's start payload is empty, longer than 64 characters or has characters
    /// other than `A-Z a-z 0-9 _ -`.
    case invalidStartPayload(row: Int, column: Int)
    /// A private-chat button cannot be drawn without the bot's username.
    case unknownBotUsername
    /// A button's label is empty or only whitespace.
    case emptyLabel(row: Int, column: Int)
    /// The keyboard has more buttons than Telegram accepts in one message.
    case tooManyButtons(count: Int)
    /// An inline result's id is empty or longer than 64 bytes of UTF-8.
    case invalidResultID(index: Int, bytes: Int)
}
