import ChatPlatform
import TelegramBotAPI

/// The production ``TelegramRendering``: escaped HTML split under Telegram's length limit, and the
/// buttons as an inline keyboard on the last part, after checking every callback payload.
public struct TelegramMessageRenderer: TelegramRendering {
    private let html: TelegramHTMLRenderer

    public init(html: TelegramHTMLRenderer = TelegramHTMLRenderer()) {
        self.html = html
    }

    public func render(_ message: OutgoingMessage) throws(RenderingError) -> [TelegramRenderedPart] {
        try CallbackData.validate(message.buttons)
        return html.render(message).map { part in
            let keyboard =
                part.buttons.isEmpty
                ? nil
                : InlineKeyboardMarkup(inlineKeyboard: part.buttons.map { row in row.map { .callback($0.label, data: $0.data) } })
            return TelegramRenderedPart(html: part.html, keyboard: keyboard)
        }
    }
}
