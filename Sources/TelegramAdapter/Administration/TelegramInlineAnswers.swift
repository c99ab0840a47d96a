import ChatPlatform
import TelegramBotAPI

/// Answers inline queries: article results that post the roast as HTML, and cached photos (share
/// cards Telegram stored) with the roast as their caption.
/// https://core.telegram.org/bots/api#answerinlinequery
public struct TelegramInlineAnswers: InlineAnswering {
    private let client: TelegramBotClient
    private let renderer = TelegramHTMLRenderer()

    public init(client: TelegramBotClient) { self.client = client }

    /// An id Telegram would refuse refuses the whole answer (``CallbackData``'s one policy).
    public func answerInline(_ queryID: String, results: [InlineResult]) async throws(DeliveryError) {
        do {
            try CallbackData.validate(resultIDs: results.map(\.id))
        } catch {
            throw .rejected(reason: "unrenderable inline answer: \(error)")
        }
        let answers = results.map { result -> InlineQueryResult in
            let description = result.description.map { String($0.prefix(200)) }
            if let photo = result.photo {
                return .cachedPhoto(
                    InlineQueryResultCachedPhoto(
                        id: result.id, photoFileID: photo.rawValue, title: result.title, description: description,
                        caption: renderer.html(for: TelegramPlatform.captionSized(result.text)), parseMode: .html))
            }
            return .article(
                InlineQueryResultArticle(
                    id: result.id, title: result.title,
                    inputMessageContent: InputTextMessageContent(
                        messageText: String(renderer.html(for: result.text).prefix(TelegramPlatform.messageLimit))),
                    description: description))
        }
        do {
            // Personal (favorites differ per user), cached briefly by Telegram.
            try await client.answerInlineQuery(id: queryID, results: answers, cacheTime: 10, isPersonal: true)
        } catch .network(.cancelled) {
            throw .cancelled
        } catch .api(let code, _) where code == 400 && answers.contains(where: \.isPhoto) {
            // A stored photo Telegram no longer knows refuses the whole answer: the roasts still go.
            try await answerWithoutPhotos(queryID, answers)
        } catch {
            throw .rejected(reason: error.description)
        }
    }

    private func answerWithoutPhotos(_ queryID: String, _ answers: [InlineQueryResult]) async throws(DeliveryError) {
        do {
            try await client.answerInlineQuery(id: queryID, results: answers.filter { !$0.isPhoto }, cacheTime: 10, isPersonal: true)
        } catch .network(.cancelled) {
            throw .cancelled
        } catch {
            throw .rejected(reason: error.description)
        }
    }
}
