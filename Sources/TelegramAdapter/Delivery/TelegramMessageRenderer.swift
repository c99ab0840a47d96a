import ChatPlatform
import TelegramBotAPI

/// The production ``TelegramRendering``: escaped HTML split under Telegram's length limit, and the
/// buttons as an inline keyboard on the last part, after checking every callback payload.
public struct TelegramMessageRenderer: TelegramRendering {
    private let html: TelegramHTMLRenderer
    public let botUsername: String?

    /// - Parameter botUsername: the bot's username (from `getMe`), for buttons that open its private chat.
    public init(html: TelegramHTMLRenderer = TelegramHTMLRenderer(), botUsername: String? = nil) {
        self.html = html
        self.botUsername = botUsername
    }

    public func render(_ message: OutgoingMessage) throws(RenderingError) -> [TelegramRenderedPart] {
        var parts: [TelegramRenderedPart] = []
        for part in html.render(message) {
            parts.append(TelegramRenderedPart(html: part.html, keyboard: try keyboard(part.buttons)))
        }
        return parts
    }
}
