import ChatPlatform
import TelegramBotAPI

/// Answers inline queries with article results that post the roast as HTML.
/// https://core.telegram.org/bots/api#answerinlinequery
public struct TelegramInlineAnswers: InlineAnswering {
    private let client: TelegramBotClient
    private let renderer = TelegramHTMLRenderer()

    public init(client: TelegramBotClient) { self.client = client }

    public func answerInline(_ queryID: String, results: [InlineResult]) async throws(DeliveryError) {
        let articles = results.filter { $0.id.utf8.count <= 64 }.map { result in
            InlineQueryResultArticle(
                id: result.id, title: result.title,
                inputMessageContent: InputTextMessageContent(messageText: String(renderer.html(for: result.text).prefix(4000))),
                description: result.description.map { String($0.prefix(200)) })
        }
        do {
            // Personal (favorites differ per user), cached briefly by Telegram.
            try await client.answerInlineQuery(id: queryID, results: articles, cacheTime: 10, isPersonal: true)
        } catch .network(.cancelled) {
            throw .cancelled
        } catch {
            throw .rejected(reason: error.description)
        }
    }
}
