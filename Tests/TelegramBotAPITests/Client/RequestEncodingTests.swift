import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import TelegramBotAPI

@Suite struct RequestEncodingTests {
    static let sentMessage = #"{"message_id":99,"chat":{"id":-100,"type":"supergroup"},"date":1767312000,"text":"x"}"#

    private func jsonObject(_ request: HTTPRequest) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
    }

    private func header(_ request: HTTPRequest, _ name: String) -> String? {
        request.headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    @Test func sendMessageEncodesSnakeCaseFieldsAndReplyParameters() async throws {
        let http = StubHTTPClient([.ok(Self.sentMessage)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), baseURL: "http://127.0.0.1:8081/", http: http)
        let keyboard = InlineKeyboardMarkup(inlineKeyboard: [
            [.callback("😂", data: "r:lol:1"), InlineKeyboardButton(text: "Share", switchInlineQuery: "monday")]
        ])

        let message = try await client.sendMessage(
            chatID: -100, text: "<b>Hi</b>", parseMode: .html, replyMarkup: keyboard, replyToMessageID: 7,
            disableNotification: true)

        #expect(message.messageID == 99)
        let request = try #require(http.requests.first)
        #expect(request.url == "http://127.0.0.1:8081/bot123:SECRET/sendMessage")
        #expect(request.method == .post)
        #expect(header(request, "Content-Type") == "application/json")
        #expect(request.timeout == 15)
        #expect(request.connectTimeout == 10)
        let body = try jsonObject(request)
        #expect(body["chat_id"] as? Int == -100)
        #expect(body["text"] as? String == "<b>Hi</b>")
        #expect(body["parse_mode"] as? String == "HTML")
        #expect(body["disable_notification"] as? Bool == true)
        let reply = try #require(body["reply_parameters"] as? [String: Any])
        #expect(reply["message_id"] as? Int == 7)
        #expect(reply["allow_sending_without_reply"] as? Bool == true)
        #expect((body["link_preview_options"] as? [String: Any])?["is_disabled"] as? Bool == true)
        let rows = try #require((body["reply_markup"] as? [String: Any])?["inline_keyboard"] as? [[[String: Any]]])
        #expect(rows.first?.first?["text"] as? String == "😂")
        #expect(rows.first?.first?["callback_data"] as? String == "r:lol:1")
        #expect(rows.first?.last?["switch_inline_query"] as? String == "monday")
        #expect(rows.first?.last?["callback_data"] == nil)
    }

    /// Only the sent message's id is read: the rest of the echoed message (its chat, text, buttons,
    /// the message it replies to) is not decoded, so an unexpected shape there does not matter.
    @Test func sendMessageReadsOnlyTheSentMessagesID() async throws {
        let echoed = #"{"message_id":99,"chat":"not a chat","date":"not a date","reply_to_message":{"unexpected":[1,{"x":null}]}}"#
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: StubHTTPClient([.ok(echoed)]))
        let message = try await client.sendMessage(chatID: -100, text: "hi")
        #expect(message == SentMessage(messageID: 99))
    }

    @Test func sendMessageInATopicNamesItsThread() async throws {
        let http = StubHTTPClient([.ok(Self.sentMessage)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.sendMessage(chatID: -100, text: "hi", messageThreadID: 77, replyToMessageID: 5120)
        let body = try jsonObject(try #require(http.requests.first))
        #expect(body["message_thread_id"] as? Int == 77)
        #expect((body["reply_parameters"] as? [String: Any])?["message_id"] as? Int == 5120)
    }

    @Test func sendMessageLeavesOutUnsetOptions() async throws {
        let http = StubHTTPClient([.ok(Self.sentMessage)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.sendMessage(chatID: 5, text: "plain", parseMode: nil, linkPreviewDisabled: false)
        let body = try jsonObject(try #require(http.requests.first))
        #expect(Set(body.keys) == ["chat_id", "text"])
    }

    @Test func getUpdatesWaitsLongerThanThePollAndSendsAllowedUpdates() async throws {
        let http = StubHTTPClient([.ok("[]")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.getUpdates(offset: 42, limit: 100, timeout: 50, allowedUpdates: ["message", "callback_query"])
        let request = try #require(http.requests.first)
        #expect(request.url == "https://api.telegram.org/bot123:SECRET/getUpdates")
        #expect(request.timeout == 65)
        #expect(request.connectTimeout == 10)
        let body = try jsonObject(request)
        #expect(body["offset"] as? Int == 42)
        #expect(body["limit"] as? Int == 100)
        #expect(body["timeout"] as? Int == 50)
        #expect(body["allowed_updates"] as? [String] == ["message", "callback_query"])
    }

    @Test func setMyCommandsEncodesScopeAndLanguage() async throws {
        let http = StubHTTPClient([.ok("true")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        try await client.setMyCommands(
            [BotCommand(command: "roast", description: "A roast")], scope: .allGroupChats, languageCode: "vi")
        let body = try jsonObject(try #require(http.requests.first))
        #expect((body["scope"] as? [String: Any])?["type"] as? String == "all_group_chats")
        #expect(body["language_code"] as? String == "vi")
        #expect((body["commands"] as? [[String: String]]) == [["command": "roast", "description": "A roast"]])
    }

    @Test(arguments: [
        (BotCommandScope.default, #"{"type":"default"}"#),
        (.allPrivateChats, #"{"type":"all_private_chats"}"#),
        (.allChatAdministrators, #"{"type":"all_chat_administrators"}"#),
        (.chat(chatID: -5), #"{"chat_id":-5,"type":"chat"}"#),
        (.chatMember(chatID: -5, userID: 9), #"{"chat_id":-5,"type":"chat_member","user_id":9}"#),
    ])
    func commandScopeRoundTrips(scope: BotCommandScope, json: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(scope), as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(BotCommandScope.self, from: Data(json.utf8)) == scope)
    }

    @Test func answerInlineQueryEncodesArticles() async throws {
        let http = StubHTTPClient([.ok("true")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        let article = InlineQueryResultArticle(
            id: "roast-1", title: "Monday roast",
            inputMessageContent: InputTextMessageContent(messageText: "<i>Mondays</i>", parseMode: .html))
        try await client.answerInlineQuery(id: "iq1", results: [.article(article)], cacheTime: 0, isPersonal: true)
        let body = try jsonObject(try #require(http.requests.first))
        #expect(body["inline_query_id"] as? String == "iq1")
        #expect(body["cache_time"] as? Int == 0)
        #expect(body["is_personal"] as? Bool == true)
        let result = try #require((body["results"] as? [[String: Any]])?.first)
        #expect(result["type"] as? String == "article")
        #expect(result["id"] as? String == "roast-1")
        let content = try #require(result["input_message_content"] as? [String: Any])
        #expect(content["message_text"] as? String == "<i>Mondays</i>")
        #expect(content["parse_mode"] as? String == "HTML")
    }

    @Test func answerCallbackQueryAndEditsUseTheirFieldNames() async throws {
        let http = StubHTTPClient([.ok("true"), .ok(Self.sentMessage), .ok("true"), .ok("true")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        try await client.answerCallbackQuery(id: "cb1", text: "Saved", showAlert: true)
        try await client.editMessageText(chatID: -100, messageID: 99, text: "new", replyMarkup: nil)
        try await client.editMessageReplyMarkup(chatID: -100, messageID: 99, replyMarkup: nil)
        try await client.deleteWebhook()
        let bodies = try http.requests.map(jsonObject)
        #expect(bodies[0]["callback_query_id"] as? String == "cb1")
        #expect(bodies[0]["show_alert"] as? Bool == true)
        #expect(bodies[1]["message_id"] as? Int == 99)
        #expect(bodies[1]["text"] as? String == "new")
        #expect(bodies[1]["reply_markup"] == nil)
        #expect(Set(bodies[2].keys) == ["chat_id", "message_id"])
        #expect(bodies[3]["drop_pending_updates"] as? Bool == false)
        #expect(
            http.requests.map { $0.url.split(separator: "/").last.map(String.init) } == [
                "answerCallbackQuery", "editMessageText", "editMessageReplyMarkup", "deleteWebhook",
            ])
    }

    @Test func sendDocumentBuildsMultipartForm() async throws {
        let http = StubHTTPClient([.ok(Self.sentMessage)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        let csv: [UInt8] = Array("date,roast\n2026-01-01,\"hi\"\n".utf8) + [0, 255]

        _ = try await client.sendDocument(
            chatID: -100, filename: "export \"me\".csv", data: csv, caption: "<b>Export</b>", parseMode: .html)

        let request = try #require(http.requests.first)
        let contentType = try #require(header(request, "Content-Type"))
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let expected: [UInt8] =
            Array(
                """
                --\(boundary)\r
                Content-Disposition: form-data; name="chat_id"\r
                \r
                -100\r
                --\(boundary)\r
                Content-Disposition: form-data; name="caption"\r
                \r
                <b>Export</b>\r
                --\(boundary)\r
                Content-Disposition: form-data; name="parse_mode"\r
                \r
                HTML\r
                --\(boundary)\r
                Content-Disposition: form-data; name="document"; filename="export _me_.csv"\r
                Content-Type: application/octet-stream\r
                \r

                """.utf8) + csv + Array("\r\n--\(boundary)--\r\n".utf8)
        #expect(request.body == expected)
        #expect(request.url.hasSuffix("/sendDocument"))
    }

    @Test func sendDocumentInATopicNamesItsThreadAndTheMessageItAnswers() async throws {
        let http = StubHTTPClient([.ok(Self.sentMessage)])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.sendDocument(
            chatID: -100, filename: "export.json", data: Array("{}".utf8), messageThreadID: 77, replyToMessageID: 5120)
        let request = try #require(http.requests.first)
        let form = String(decoding: request.body, as: UTF8.self)
        #expect(form.contains("name=\"message_thread_id\"\r\n\r\n77\r\n"))
        #expect(form.contains("name=\"reply_parameters\"\r\n\r\n{\"allow_sending_without_reply\":true,\"message_id\":5120}\r\n"))
    }

    @Test func botTokenKnowsItsBotIDAndShape() {
        #expect(BotToken("8000000001:AAH-secret").botID == 8_000_000_001)
        #expect(BotToken(" 8000000001:AAH-secret\n").isWellFormed)
        #expect(!BotToken("nocolon").isWellFormed)
        #expect(!BotToken("123:").isWellFormed)
    }
}
