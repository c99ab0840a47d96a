import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import TelegramBotAPI

/// `sendPhoto` and `editMessageMedia` (an upload as `multipart/form-data`, or a stored `file_id` as
/// JSON) and inline results that post a stored photo.
@Suite struct PhotoRequestTests {
    static let sentPhoto = #"""
        {"message_id":41,"chat":{"id":-100,"type":"supergroup"},"date":1767312000,
         "photo":[{"file_id":"small","file_unique_id":"u1","width":90,"height":90,"file_size":900},
                  {"file_id":"large","file_unique_id":"u2","width":1080,"height":1080,"file_size":90000},
                  {"file_id":"medium","file_unique_id":"u3","width":320,"height":320}]}
        """#

    private func header(_ request: HTTPRequest, _ name: String) -> String? {
        request.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test func anUploadIsAMultipartFormWithTheKeyboardAsJSONAndTheLargestSizeComesBack() async throws {
        let http = StubHTTPClient([.ok(Self.sentPhoto)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 255, 13, 10]
        let keyboard = InlineKeyboardMarkup(inlineKeyboard: [[.callback("Story", data: "k:7:crimson:story")]])

        let message = try await client.sendPhoto(
            chatID: -100, photo: .upload(filename: "card.png", data: png), caption: "<b>Roast</b>", parseMode: .html,
            replyMarkup: keyboard, messageThreadID: 77, replyToMessageID: 5120)

        #expect(message.messageID == 41)
        #expect(message.largestPhoto?.fileID == "large")
        let request = try #require(http.requests.first)
        #expect(request.url.hasSuffix("/sendPhoto"))
        let contentType = try #require(header(request, "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let form = String(decoding: request.body, as: UTF8.self)
        #expect(form.contains("name=\"chat_id\"\r\n\r\n-100\r\n"))
        #expect(form.contains("name=\"message_thread_id\"\r\n\r\n77\r\n"))
        #expect(form.contains("name=\"reply_parameters\"\r\n\r\n{\"allow_sending_without_reply\":true,\"message_id\":5120}\r\n"))
        #expect(form.contains("name=\"caption\"\r\n\r\n<b>Roast</b>\r\n"))
        #expect(form.contains("name=\"parse_mode\"\r\n\r\nHTML\r\n"))
        #expect(
            form.contains(
                "name=\"reply_markup\"\r\n\r\n{\"inline_keyboard\":[[{\"callback_data\":\"k:7:crimson:story\",\"text\":\"Story\"}]]}\r\n"))
        #expect(form.contains("name=\"photo\"; filename=\"card.png\"\r\nContent-Type: image/png\r\n\r\n"))
        let marker = Array("Content-Type: image/png\r\n\r\n".utf8)
        let start = try #require(request.body.firstRange(of: marker)).upperBound
        #expect(Array(request.body[start..<(start + png.count)]) == png)
    }

    @Test func aStoredPhotoIsSentByItsFileIDAsJSON() async throws {
        let http = StubHTTPClient([.ok(Self.sentPhoto)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.sendPhoto(chatID: -100, photo: .fileID("AgACAgQ"), messageThreadID: 77)
        let request = try #require(http.requests.first)
        #expect(header(request, "Content-Type") == "application/json")
        let body = try #require(JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["photo"] as? String == "AgACAgQ")
        #expect(body["chat_id"] as? Int == -100)
        #expect(body["message_thread_id"] as? Int == 77)
        #expect(body["caption"] == nil)
    }

    @Test func anEditedPictureIsUploadedAsAMultipartFormThatAttachesItToTheInputMedia() async throws {
        let http = StubHTTPClient([.ok(Self.sentPhoto)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0, 255, 13, 10]
        let keyboard = InlineKeyboardMarkup(inlineKeyboard: [[.callback("✓ Midnight", data: "k:7:midnight:post")]])

        let message = try await client.editMessageMedia(
            chatID: -100, messageID: 41, photo: .upload(filename: "card.png", data: png), caption: "<b>Midnight</b>", parseMode: .html,
            replyMarkup: keyboard)

        #expect(message.largestPhoto?.fileID == "large")
        let request = try #require(http.requests.first)
        #expect(request.url.hasSuffix("/editMessageMedia"))
        #expect(try #require(header(request, "Content-Type")).hasPrefix("multipart/form-data; boundary="))
        let form = String(decoding: request.body, as: UTF8.self)
        #expect(form.contains("name=\"chat_id\"\r\n\r\n-100\r\n"))
        #expect(form.contains("name=\"message_id\"\r\n\r\n41\r\n"))
        #expect(
            form.contains(
                "name=\"media\"\r\n\r\n{\"caption\":\"<b>Midnight</b>\",\"media\":\"attach://card\",\"parse_mode\":\"HTML\",\"type\":\"photo\"}\r\n"
            ))
        #expect(
            form.contains(
                "name=\"reply_markup\"\r\n\r\n{\"inline_keyboard\":[[{\"callback_data\":\"k:7:midnight:post\",\"text\":\"✓ Midnight\"}]]}\r\n"
            ))
        #expect(form.contains("name=\"card\"; filename=\"card.png\"\r\nContent-Type: image/png\r\n\r\n"))
        let marker = Array("Content-Type: image/png\r\n\r\n".utf8)
        let start = try #require(request.body.firstRange(of: marker)).upperBound
        #expect(Array(request.body[start..<(start + png.count)]) == png)
    }

    @Test func anEditedPictureStoredBeforeIsNamedByItsFileIDAsJSON() async throws {
        let http = StubHTTPClient([.ok(Self.sentPhoto)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.editMessageMedia(chatID: -100, messageID: 41, photo: .fileID("AgACAgQ"))
        let request = try #require(http.requests.first)
        #expect(header(request, "Content-Type") == "application/json")
        let body = try #require(JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["chat_id"] as? Int == -100 && body["message_id"] as? Int == 41)
        let media = try #require(body["media"] as? [String: Any])
        #expect(media["type"] as? String == "photo" && media["media"] as? String == "AgACAgQ")
        #expect(media["caption"] == nil && media["parse_mode"] == nil && body["reply_markup"] == nil)
    }

    @Test func inlineAnswersMixArticlesAndCachedPhotos() async throws {
        let http = StubHTTPClient([.ok("true")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        let article = InlineQueryResultArticle(
            id: "l1", title: "Roast", inputMessageContent: InputTextMessageContent(messageText: "<i>Mondays</i>"))
        let photo = InlineQueryResultCachedPhoto(
            id: "c7", photoFileID: "AgACAgQ", title: "Card", description: "Mondays", caption: "🔥 <i>Mondays</i>", parseMode: .html)
        try await client.answerInlineQuery(id: "iq1", results: [.cachedPhoto(photo), .article(article)], cacheTime: 0, isPersonal: true)
        let request = try #require(http.requests.first)
        let body = try #require(JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        let results = try #require(body["results"] as? [[String: Any]])
        #expect(results.map { $0["type"] as? String } == ["photo", "article"])
        #expect(results[0]["photo_file_id"] as? String == "AgACAgQ")
        #expect(results[0]["id"] as? String == "c7")
        #expect(results[0]["caption"] as? String == "🔥 <i>Mondays</i>")
        #expect(results[0]["parse_mode"] as? String == "HTML")
        #expect(results[1]["id"] as? String == "l1")
    }
}
