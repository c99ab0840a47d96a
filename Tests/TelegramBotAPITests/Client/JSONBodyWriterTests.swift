import CurlHTTP
import Foundation
import RoastTesting
import Testing

@testable import TelegramBotAPI

/// The hot request bodies are written by hand; they must be the very bytes `JSONEncoder` wrote for
/// them (the client's settings: sorted keys, slashes unescaped), escaping included.
@Suite struct JSONBodyWriterTests {
    static let oddText =
        "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} nul \u{0} unit \u{1F} del \u{7F} "
        + "line sep \u{2028} para sep \u{2029} RTL \u{202E}مرحبا zero-width \u{200B}\u{200D} BOM \u{FEFF} combining e\u{301} "
        + "flag 🇻🇳 family 👨‍👩‍👧 Tiếng Việt <b>&amp;</b> \u{10FFFF}"

    static let keyboard = InlineKeyboardMarkup(inlineKeyboard: [
        [.callback("😂 \(oddText)", data: "r:lol:1"), .callback("⭐", data: "f:1")],
        [InlineKeyboardButton(text: "Share", switchInlineQuery: "monday /roast")],
        [InlineKeyboardButton(text: "Here", switchInlineQueryCurrentChat: "")],
        [InlineKeyboardButton(text: "Open", url: "https://t.me/RoastMeLaterBot?start=roast_a/b")],
        [],
    ])

    static let bodies: [any JSONBody] = [
        SendMessageBody(chatID: -1_002_000_000_001, text: "<b>Hi</b>"),
        SendMessageBody(
            chatID: Int64.min, messageThreadID: Int64.max, text: oddText, parseMode: .html, replyMarkup: keyboard,
            replyParameters: ReplyParameters(messageID: 0, allowSendingWithoutReply: true), disableNotification: true,
            linkPreviewOptions: LinkPreviewOptions(isDisabled: true)),
        SendMessageBody(
            chatID: 5, text: "", parseMode: .markdownV2, replyParameters: ReplyParameters(messageID: -7, allowSendingWithoutReply: false),
            disableNotification: false, linkPreviewOptions: LinkPreviewOptions(isDisabled: false)),
        EditMessageTextBody(chatID: -100, messageID: 42, text: oddText),
        EditMessageTextBody(
            chatID: 1, messageID: 2, text: "x", parseMode: .html, replyMarkup: keyboard,
            linkPreviewOptions: LinkPreviewOptions(isDisabled: true)),
        EditMessageReplyMarkupBody(chatID: -1_002_000_000_001, messageID: 5_120, replyMarkup: keyboard),
        EditMessageReplyMarkupBody(chatID: 7, messageID: 9, replyMarkup: nil),
        EditMessageReplyMarkupBody(chatID: 7, messageID: 9, replyMarkup: InlineKeyboardMarkup(inlineKeyboard: [])),
        AnswerCallbackQueryBody(callbackQueryID: "4382bfdwdsb323b2d9", text: nil, showAlert: nil),
        AnswerCallbackQueryBody(callbackQueryID: oddText, text: oddText, showAlert: true),
        AnswerCallbackQueryBody(callbackQueryID: "", text: "", showAlert: false),
    ]

    static func encoded(_ body: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(body))
    }

    @Test(arguments: bodies.indices)
    func writesWhatJSONEncoderWrites(index: Int) throws {
        let body = Self.bodies[index]
        let expected = try Self.encoded(body)
        #expect(String(decoding: body.jsonBytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(body.jsonBytes == expected)
    }

    /// Every Unicode scalar, in blocks of 4,096: each written as `JSONEncoder` writes it, and read
    /// back by `JSONSerialization` as the same text.
    @Test func everyUnicodeScalarIsWrittenAsJSONEncoderWritesIt() throws {
        let scalars = (0...0x10FFFF).lazy.compactMap { Unicode.Scalar(UInt32($0)) }
        var block = String.UnicodeScalarView()
        var blockSize = 0
        var blocks = 0
        func check() throws {
            let text = String(block)
            let body = AnswerCallbackQueryBody(callbackQueryID: "q", text: text, showAlert: nil)
            let written = body.jsonBytes
            #expect(written == (try Self.encoded(body)), "block \(blocks)")
            let parsed = try #require(JSONSerialization.jsonObject(with: Data(written)) as? [String: String])
            #expect(parsed["text"] == text, "block \(blocks)")
            block = String.UnicodeScalarView()
            blockSize = 0
            blocks += 1
        }
        for scalar in scalars {
            block.append(scalar)
            blockSize += 1
            if blockSize == 4_096 { try check() }
        }
        try check()
        #expect(blocks == 272)
    }

    /// Integers across their range: the digits `JSONEncoder` writes.
    @Test(arguments: [Int64.min, Int64.min + 1, -1_002_000_000_001, -10, -1, 0, 1, 9, 10, 99, 100, 5_120, Int64.max])
    func writesIntegersAsJSONEncoderDoes(number: Int64) throws {
        let body = EditMessageReplyMarkupBody(chatID: number, messageID: number, replyMarkup: nil)
        #expect(body.jsonBytes == (try Self.encoded(body)))
    }

    /// The client sends the hand-written bytes for the hot methods.
    @Test func theClientSendsTheWrittenBodies() async throws {
        let http = StubHTTPClient([.ok(#"{"message_id":1}"#), .ok("true"), .ok("true")])
        let client = TelegramBotClient(token: BotToken("123:SECRET"), http: http)
        _ = try await client.sendMessage(chatID: -100, text: Self.oddText, replyMarkup: Self.keyboard, replyToMessageID: 3)
        try await client.answerCallbackQuery(id: "cb", text: Self.oddText)
        try await client.editMessageReplyMarkup(chatID: -100, messageID: 3, replyMarkup: Self.keyboard)
        let bodies = http.requests.map(\.body)
        #expect(
            bodies == [
                try Self.encoded(
                    SendMessageBody(
                        chatID: -100, text: Self.oddText, parseMode: .html, replyMarkup: Self.keyboard,
                        replyParameters: ReplyParameters(messageID: 3, allowSendingWithoutReply: true),
                        linkPreviewOptions: LinkPreviewOptions(isDisabled: true))),
                try Self.encoded(AnswerCallbackQueryBody(callbackQueryID: "cb", text: Self.oddText)),
                try Self.encoded(EditMessageReplyMarkupBody(chatID: -100, messageID: 3, replyMarkup: Self.keyboard)),
            ])
    }
}
