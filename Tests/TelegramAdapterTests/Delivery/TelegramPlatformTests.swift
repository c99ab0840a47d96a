import ChatPlatform
import CurlHTTP
import Foundation
import RoastTesting
import Synchronization
import TelegramBotAPI
import Testing
import Timekeeping

@testable import TelegramAdapter

/// Renders plain text, one part per `|`-separated piece; buttons go on the last part.
struct PipeSplittingRenderer: TelegramRendering {
    func render(_ message: OutgoingMessage) -> [TelegramRenderedPart] {
        let pieces = message.text.plainText.split(separator: "|").map(String.init)
        let keyboard =
            message.buttons.isEmpty
            ? nil
            : InlineKeyboardMarkup(inlineKeyboard: message.buttons.map { $0.map { .callback($0.label, data: $0.data) } })
        return pieces.enumerated().map { index, piece in
            TelegramRenderedPart(html: piece, keyboard: index == pieces.count - 1 ? keyboard : nil)
        }
    }
}

/// A gate that admits everything at once and remembers what it was asked and told.
final class AdmitAllGate: SendGate {
    private let state = Mutex<(acquired: [ChatID], backOffs: [(ChatID?, Int)])>(([], []))

    var acquired: [ChatID] { state.withLock { $0.acquired } }
    var backOffs: [(chat: ChatID?, seconds: Int)] { state.withLock { $0.backOffs } }

    func acquire(chat: ChatID, isGroup: Bool) async throws {
        try Task.checkCancellation()
        state.withLock { $0.acquired.append(chat) }
    }

    func backOff(chat: ChatID?, seconds: Int) async {
        state.withLock { $0.backOffs.append((chat, seconds)) }
    }
}

@Suite struct TelegramPlatformTests {
    static let group = ChatID(-1_001_234)

    let http = StubHTTPClient()
    let gate = AdmitAllGate()
    let clock = SleepRecordingClock()

    var platform: TelegramPlatform {
        TelegramPlatform(
            client: TelegramBotClient(token: BotToken("123:SECRET"), http: http), renderer: PipeSplittingRenderer(),
            gate: gate, clock: clock, logger: CapturedLogs().logger())
    }

    static func sent(_ id: Int) -> StubHTTPClient.Reply {
        .ok(#"{"message_id":\#(id),"chat":{"id":-1001234,"type":"supergroup"},"date":1767312000,"text":"x"}"#)
    }

    private func body(_ index: Int) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(http.requests[index].body)) as? [String: Any])
    }

    @Test func longMessageIsSentInPartsReplyingOnceWithButtonsLast() async throws {
        http.enqueue(Self.sent(10), Self.sent(11))
        let message = OutgoingMessage(
            text: "part one|part two", buttons: [[Button("😂", data: "r:lol:1")]], replyTo: MessageID(7), silent: true)

        let id = try await platform.send(message, to: Self.group)

        #expect(id == MessageID(11))
        #expect(gate.acquired == [Self.group, Self.group])
        let first = try body(0)
        let second = try body(1)
        #expect(first["text"] as? String == "part one")
        #expect(first["parse_mode"] as? String == "HTML")
        #expect((first["reply_parameters"] as? [String: Any])?["message_id"] as? Int == 7)
        #expect(first["reply_markup"] == nil)
        #expect(second["reply_parameters"] == nil)
        #expect(second["reply_markup"] != nil)
        #expect(second["disable_notification"] as? Bool == true)
    }

    @Test func everyPartOfAMessageInATopicGoesToThatTopic() async throws {
        http.enqueue(Self.sent(10), Self.sent(11))
        let message = OutgoingMessage(text: "part one|part two", replyTo: MessageID(5120), topic: TopicID(77))
        _ = try await platform.send(message, to: Self.group)
        #expect(try body(0)["message_thread_id"] as? Int == 77)
        #expect(try body(1)["message_thread_id"] as? Int == 77)
        #expect((try body(0)["reply_parameters"] as? [String: Any])?["allow_sending_without_reply"] as? Bool == true)
        // General: no thread id at all.
        http.enqueue(Self.sent(12))
        _ = try await platform.send(OutgoingMessage(text: "general"), to: Self.group)
        #expect(try body(2)["message_thread_id"] == nil)
    }

    @Test func aMessageForATopicThatIsGoneIsPostedInTheMainThread() async throws {
        http.enqueue(.refusal(400, "Bad Request: message thread not found"), Self.sent(13))
        let id = try await platform.send(OutgoingMessage(text: "daily", replyTo: MessageID(9), topic: TopicID(66)), to: Self.group)
        #expect(id == MessageID(13))
        #expect(try body(0)["message_thread_id"] as? Int == 66)
        #expect(try body(1)["message_thread_id"] == nil)
        #expect(try body(1)["reply_parameters"] == nil)
        // Without a topic the same refusal is final.
        http.enqueue(.refusal(400, "Bad Request: message thread not found"))
        await #expect(throws: DeliveryError.rejected(reason: "Bad Request: message thread not found")) {
            _ = try await platform.send(OutgoingMessage(text: "x"), to: Self.group)
        }
    }

    @Test func floodControlWaitsExactlyRetryAfterAndTellsTheGate() async throws {
        http.enqueue(.refusal(429, "Too Many Requests: retry after 5", parameters: #"{"retry_after":5}"#), Self.sent(12))
        let platform = platform
        let task = Task { try await platform.send(OutgoingMessage(text: "hello"), to: Self.group) }

        await yieldUntil("flood wait") { clock.waits(excludingWatchdog: -1).count == 1 }
        #expect(clock.waits(excludingWatchdog: -1) == [5])
        #expect(gate.backOffs.map(\.seconds) == [5])
        #expect(gate.backOffs.map(\.chat) == [Self.group])
        clock.advance(by: 5)

        #expect(try await task.value == MessageID(12))
        #expect(http.requestCount == 2)
        #expect(gate.acquired.count == 2)
    }

    @Test func transientFailuresAreRetriedFiveTimesThenUnavailable() async {
        for _ in 0..<6 { http.enqueue(.text("<html>bad gateway</html>", status: 502)) }
        let platform = platform
        let task = Task { () async -> DeliveryError? in
            do throws(DeliveryError) {
                _ = try await platform.send(OutgoingMessage(text: "hello"), to: Self.group)
                return nil
            } catch {
                return error
            }
        }
        for (index, delay) in [1.0, 2, 4, 8, 16].enumerated() {
            await yieldUntil("retry \(index)") { clock.waits(excludingWatchdog: -1).count == index + 1 }
            clock.advance(by: delay)
        }
        #expect(await task.value == DeliveryError.unavailable(reason: "Telegram error 502: HTTP 502"))
        #expect(http.requestCount == 6)
        #expect(clock.waits(excludingWatchdog: -1) == [1, 2, 4, 8, 16])
    }

    @Test(arguments: [
        (StubHTTPClient.Reply.refusal(403, "Forbidden: bot was blocked by the user"), DeliveryError.chatUnavailable),
        (.refusal(403, "Forbidden: bot was kicked from the supergroup chat"), .chatUnavailable),
        (.refusal(400, "Bad Request: chat not found"), .chatUnavailable),
        (
            .refusal(400, "Bad Request: group chat was upgraded to a supergroup chat", parameters: #"{"migrate_to_chat_id":-100999}"#),
            .migrated(to: ChatID(-100_999))
        ),
        (.refusal(400, "Bad Request: can't parse entities"), .rejected(reason: "Bad Request: can't parse entities")),
        (.refusal(401, "Unauthorized"), .unavailable(reason: "Telegram refused the bot token")),
    ])
    func refusalsMapToDeliveryDecisions(reply: StubHTTPClient.Reply, expected: DeliveryError) async {
        http.enqueue(reply)
        await #expect(throws: expected) {
            _ = try await platform.send(OutgoingMessage(text: "secret roast text"), to: Self.group)
        }
        #expect(http.requestCount == 1)
    }

    @Test func editTreatsNotModifiedAsSuccess() async throws {
        http.enqueue(
            .refusal(400, "Bad Request: message is not modified: specified new message content and reply markup are exactly the same"))
        try await platform.edit(
            MessageID(41), in: Self.group, to: OutgoingMessage(text: "same", buttons: [[Button("🔥", data: "r:fire:1")]]))
        let body = try body(0)
        #expect(body["message_id"] as? Int == 41)
        #expect(body["text"] as? String == "same")
        #expect(body["reply_markup"] != nil)
        #expect(http.requests[0].url.hasSuffix("/editMessageText"))
    }

    @Test func aKeyboardEditSendsOnlyTheKeyboard() async throws {
        http.enqueue(.ok("true"))
        try await platform.editButtons(MessageID(41), in: Self.group, to: [[Button("🔥 2", data: "r:1:f")]])
        let body = try body(0)
        #expect(http.requests[0].url.hasSuffix("/editMessageReplyMarkup"))
        #expect(Set(body.keys) == ["chat_id", "message_id", "reply_markup"])
        let rows = try #require((body["reply_markup"] as? [String: Any])?["inline_keyboard"] as? [[[String: Any]]])
        #expect(rows.first?.first?["text"] as? String == "🔥 2")
        #expect(gate.acquired == [Self.group])
    }

    @Test func editOfAMissingMessageIsRejected() async {
        http.enqueue(.refusal(400, "Bad Request: message to edit not found"))
        await #expect(throws: DeliveryError.rejected(reason: "Bad Request: message to edit not found")) {
            try await platform.edit(MessageID(41), in: Self.group, to: OutgoingMessage(text: "new"))
        }
    }

    @Test func aHandledPressIsAnsweredAtOnceWithoutTheGate() async throws {
        http.enqueue(.ok("true"))
        try await platform.answer(Interaction(handle: "cb1"), with: .handled(notice: "Saved ⭐", replies: 1))
        #expect(gate.acquired.isEmpty)
        let body = try body(0)
        #expect(body["callback_query_id"] as? String == "cb1")
        #expect(body["text"] as? String == "Saved ⭐")
    }

    @Test func anAnswerToAnExpiredQueryIsRejectedNotRetried() async {
        http.enqueue(.refusal(400, "Bad Request: query is too old and response timeout expired or query ID is invalid"))
        await #expect(throws: DeliveryError.self) {
            try await platform.answer(Interaction(handle: "cb1"), with: .handled(notice: nil, replies: 0))
        }
        #expect(http.requestCount == 1)
    }

    /// Telegram has no deadline to defer for: nothing is sent until the press is handled.
    @Test func aDeferralSendsNothing() async throws {
        try await platform.answer(Interaction(handle: "cb1"), with: .deferred)
        #expect(http.requestCount == 0)
    }

    /// A delivery for one person goes to their private chat, which on Telegram has their id.
    @Test func aPrivateDeliveryGoesToThePersonsOwnChat() async throws {
        http.enqueue(Self.sent(51))
        let delivered = try await platform.perform(
            .send(OutgoingMessage(text: "yours")), at: Destination(chat: Self.group, person: UserID(777)))
        #expect(delivered.message == MessageID(51))
        #expect(try body(0)["chat_id"] as? Int == 777)
    }

    @Test func documentGoesThroughTheGateWithRenderedCaption() async throws {
        http.enqueue(Self.sent(50))
        let document = OutgoingDocument(filename: "export.csv", contents: Array("a,b\n".utf8), caption: "Your export")
        let id = try await platform.sendDocument(document, to: Self.group)
        #expect(id == MessageID(50))
        #expect(gate.acquired == [Self.group])
        let body = String(decoding: http.requests[0].body, as: UTF8.self)
        #expect(body.contains("Your export"))
        #expect(body.contains(#"filename="export.csv""#))
    }

    @Test func aDocumentInATopicGoesToThatTopicAsAReply() async throws {
        http.enqueue(Self.sent(51))
        let document = OutgoingDocument(
            filename: "export.json", contents: Array("{}".utf8), caption: "Your export", replyTo: MessageID(5120), topic: TopicID(77))
        _ = try await platform.sendDocument(document, to: Self.group)
        let body = String(decoding: http.requests[0].body, as: UTF8.self)
        #expect(body.contains("name=\"message_thread_id\"\r\n\r\n77\r\n"))
        #expect(body.contains("\"message_id\":5120"))
    }

    @Test func cancelledGateMeansCancelled() async {
        http.enqueue(Self.sent(1))
        let platform = platform
        let task = Task { () async -> DeliveryError? in
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(DeliveryError) {
                _ = try await platform.send(OutgoingMessage(text: "hello"), to: Self.group)
                return nil
            } catch {
                return error
            }
        }
        #expect(await task.value == DeliveryError.cancelled)
        #expect(http.requestCount == 0)
    }
}
