import ChatPlatform
import Foundation
import RoastTesting
import TelegramBotAPI
import Testing

@testable import TelegramAdapter

/// Inline answers: articles and stored photos; a photo Telegram no longer knows does not cost the
/// person the roasts.
@Suite struct TelegramInlineAnswersTests {
    let http = StubHTTPClient()

    var answers: TelegramInlineAnswers { TelegramInlineAnswers(client: TelegramBotClient(token: BotToken("123:SECRET"), http: http)) }

    static let results = [
        InlineResult(
            id: "k1:crimson:post", title: "Card", description: "Mondays", text: RichText(plain: "Mondays"), photo: StoredPhotoID("gone")),
        InlineResult(id: "l1", title: "Roast", description: "Meetings", text: RichText(plain: "Meetings")),
    ]

    private func types(_ request: Int) throws -> [String?] {
        let body = try #require(JSONSerialization.jsonObject(with: Data(http.requests[request].body)) as? [String: Any])
        return try #require(body["results"] as? [[String: Any]]).map { $0["type"] as? String }
    }

    @Test func photosAndArticlesGoTogether() async throws {
        http.enqueue(.ok("true"))
        try await answers.answerInline("iq1", results: Self.results)
        #expect(try types(0) == ["photo", "article"])
    }

    @Test func anAnswerRefusedForAStoredPhotoIsSentAgainWithoutPhotos() async throws {
        http.enqueue(.refusal(400, "Bad Request: wrong file identifier/HTTP URL specified"))
        http.enqueue(.ok("true"))
        try await answers.answerInline("iq1", results: Self.results)
        #expect(http.requestCount == 2)
        #expect(try types(1) == ["article"])
    }

    /// An id Telegram would refuse is refused here with the whole answer, as an oversize button payload
    /// refuses its message (one rule, ``CallbackData``), never left out silently.
    @Test func anOversizeResultIDRefusesTheAnswer() async throws {
        let long = InlineResult(id: String(repeating: "k", count: 65), title: "Card", text: RichText(plain: "x"))
        await #expect(throws: DeliveryError.rejected(reason: "unrenderable inline answer: invalidResultID(index: 1, bytes: 65)")) {
            try await answers.answerInline("iq1", results: [Self.results[1], long])
        }
        #expect(http.requestCount == 0)
    }
}
