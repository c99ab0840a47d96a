import ChatPlatform
import CurlHTTP
import Foundation
import RoastTesting
import TelegramBotAPI
import Testing
import Timekeeping

@testable import TelegramAdapter

/// `sendPhoto` and `editMessageMedia` through the platform: the gate, the caption, the buttons, the
/// stored id, a topic that is gone, an edit that changes nothing.
@Suite struct TelegramPlatformPhotoTests {
    static let group = ChatID(-1_001_234)

    let http = StubHTTPClient()
    let gate = AdmitAllGate()

    var platform: TelegramPlatform {
        TelegramPlatform(
            client: TelegramBotClient(token: BotToken("123:SECRET"), http: http), renderer: TelegramMessageRenderer(), gate: gate,
            clock: SleepRecordingClock(), logger: CapturedLogs().logger())
    }

    static let sentPhoto = StubHTTPClient.Reply.ok(
        #"""
        {"message_id":60,"chat":{"id":-1001234,"type":"supergroup"},"date":1767312000,
         "photo":[{"file_id":"thumb","file_unique_id":"a","width":90,"height":160},
                  {"file_id":"full","file_unique_id":"b","width":1080,"height":1920}]}
        """#)

    @Test func anUploadGoesThroughTheGateAndReturnsTheLargestSizesFileID() async throws {
        http.enqueue(Self.sentPhoto)
        let photo = OutgoingPhoto(
            image: .png([0x89, 0x50, 0x4E, 0x47]), caption: RichText([.plain("🖼 "), .bold("Card")]),
            buttons: [[Button("Story", data: "k:1:crimson:story")]], replyTo: MessageID(5120), topic: TopicID(77))
        let sent = try await platform.sendPhoto(photo, to: Self.group)
        #expect(sent == Delivered(message: MessageID(60), storedPhoto: StoredPhotoID("full")))
        #expect(gate.acquired == [Self.group])
        let form = String(decoding: http.requests[0].body, as: UTF8.self)
        #expect(form.contains("name=\"caption\"\r\n\r\n🖼 <b>Card</b>\r\n"))
        #expect(form.contains("name=\"message_thread_id\"\r\n\r\n77\r\n"))
        #expect(form.contains("k:1:crimson:story"))
        #expect(form.contains("filename=\"roastmelater.png\""))
    }

    @Test func aStoredPhotoIsSentByItsIDAndALongCaptionIsCut() async throws {
        http.enqueue(Self.sentPhoto)
        let long = String(repeating: "ồ", count: 2_000)
        _ = try await platform.sendPhoto(
            OutgoingPhoto(image: .stored(StoredPhotoID("full")), caption: RichText(plain: long)), to: Self.group)
        let body = try #require(JSONSerialization.jsonObject(with: Data(http.requests[0].body)) as? [String: Any])
        #expect(body["photo"] as? String == "full")
        let caption = try #require(body["caption"] as? String)
        #expect(caption.count <= 1_024)
        #expect(caption.hasSuffix("…"))
    }

    @Test func anEditedPictureGoesThroughTheGateAsEditMessageMediaAndReturnsItsStoredID() async throws {
        http.enqueue(Self.sentPhoto)
        let photo = OutgoingPhoto(
            image: .png([0x89, 0x50, 0x4E, 0x47]), caption: RichText([.plain("🖼 "), .bold("Midnight")]),
            buttons: [[Button("✓ Midnight", data: "k:1:midnight:post")]], replyTo: MessageID(5120), topic: TopicID(77))
        let edited = try await platform.perform(.editPhoto(MessageID(60), photo), at: Destination(chat: Self.group))
        #expect(edited == Delivered(message: nil, storedPhoto: StoredPhotoID("full")))
        #expect(gate.acquired == [Self.group])
        let request = try #require(http.requests.first)
        #expect(request.url.hasSuffix("/editMessageMedia"))
        let form = String(decoding: request.body, as: UTF8.self)
        #expect(form.contains("name=\"message_id\"\r\n\r\n60\r\n"))
        #expect(form.contains(#""caption":"🖼 <b>Midnight</b>""#))
        #expect(form.contains("k:1:midnight:post"))
        // The message stays where it is: no topic or reply travels with an edit.
        #expect(!form.contains("message_thread_id") && !form.contains("reply_parameters"))
    }

    /// A press on the style a card shows already: the same picture, caption and buttons.
    @Test func anEditThatChangesNothingIsNotAFailure() async throws {
        http.enqueue(
            .refusal(
                400,
                "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"
            ))
        let edited = try await platform.perform(
            .editPhoto(MessageID(60), OutgoingPhoto(image: .stored(StoredPhotoID("full")))), at: Destination(chat: Self.group))
        #expect(edited == Delivered(message: nil))
        #expect(http.requests.count == 1)
        let body = try #require(JSONSerialization.jsonObject(with: Data(http.requests[0].body)) as? [String: Any])
        #expect((body["media"] as? [String: Any])?["media"] as? String == "full")
    }

    @Test func aPhotoForATopicThatIsGoneGoesToTheMainThread() async throws {
        http.enqueue(.refusal(400, "Bad Request: message thread not found"))
        http.enqueue(Self.sentPhoto)
        _ = try await platform.sendPhoto(OutgoingPhoto(image: .stored(StoredPhotoID("full")), topic: TopicID(77)), to: Self.group)
        let bodies = try http.requests.map { try #require(JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any]) }
        #expect(bodies.map { $0["message_thread_id"] as? Int } == [77, nil])
    }
}
