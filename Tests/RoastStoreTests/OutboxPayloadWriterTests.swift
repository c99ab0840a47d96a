import ChatPlatform
import Foundation
import Testing

@testable import RoastStore

/// The hand-written outbox JSON must be the very document `JSONEncoder` writes, so that rows written
/// before and after it, and the `Codable` reader, agree.
struct OutboxPayloadWriterTests {
    static let oddText =
        "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} nul \u{0} unit \u{1F} "
        + "RTL \u{202E}مرحبا zero-width \u{200B}\u{200D} combining e\u{301} flag 🇻🇳 family 👨‍👩‍👧 Tiếng Việt"

    static let actions: [OutboxAction] = [
        .send(OutboxTests.richMessage),
        .send(OutgoingMessage(text: "")),
        .send(OutgoingMessage(text: RichText(plain: oddText), buttons: [[Button(oddText, data: "r:1:f")], []])),
        .send(OutgoingMessage(text: RichText([.link(url: "https://t.me/x?a=\"1\"", text: oddText), .mention(UserID(-7), name: oddText)]))),
        .edit(MessageID(31), OutboxTests.richMessage),
        .edit(MessageID(Int64.max), OutgoingMessage(text: RichText([.bold(""), .italic(oddText), .code("\\")]), silent: true)),
        .document(OutgoingDocument(filename: "export.json", contents: Array(0...255), caption: RichText(plain: oddText))),
        .document(OutgoingDocument(filename: oddText, contents: [])),
    ]

    @Test(arguments: actions)
    func writesWhatJSONEncoderWritesWithSortedKeys(action: OutboxAction) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = String(decoding: try encoder.encode(action), as: UTF8.self)
        #expect(OutboxPayloadWriter.json(action) == expected)
    }

    @Test(arguments: actions)
    func codableReadsBackTheSameAction(action: OutboxAction) throws {
        let decoded = try JSONDecoder().decode(OutboxAction.self, from: Data(OutboxPayloadWriter.json(action).utf8))
        #expect(decoded == action)
    }
}
