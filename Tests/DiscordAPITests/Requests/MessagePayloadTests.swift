import Foundation
import RoastTesting
import Testing

@testable import DiscordAPI

@Suite struct MessagePayloadTests {
    private func json(_ payload: DiscordMessagePayload, files: [DiscordFile] = []) throws -> FakeJSON {
        try #require(FakeJSON.parse(try DiscordClient.encoder.encode(MessageBody(payload: payload, files: files))))
    }

    @Test(arguments: [
        DiscordMessagePayload(content: "@everyone look"),
        DiscordMessagePayload(components: [DiscordActionRow([.action(customID: "a", label: "A")])]),
        DiscordMessagePayload(content: "hi <@5>", allowedMentions: DiscordAllowedMentions(users: [DiscordUserID(5), DiscordUserID(5)])),
        DiscordMessagePayload(keptAttachments: []),
    ])
    func everyPayloadSaysWhomItMayNotifyAndParsesNothing(payload: DiscordMessagePayload) throws {
        let mentions = try #require(try json(payload)["allowed_mentions"])
        #expect(mentions["parse"] == [])
        #expect(mentions["replied_user"] == false)
        let expectedUsers = Array(Set(payload.allowedMentions.users)).map { FakeJSON.string(String($0.rawValue)) }
        #expect(mentions["users"] == .array(expectedUsers))
    }

    @Test func aReplyIsSentAnywayWhenItsMessageIsGone() throws {
        let payload = DiscordMessagePayload(content: "x", reference: .reply(to: DiscordMessageID(77)))
        #expect(try json(payload)["message_reference"] == ["message_id": "77", "fail_if_not_exists": false])
    }

    @Test func buttonsEncodeAsActionRows() throws {
        let payload = DiscordMessagePayload(
            content: "roast",
            components: [
                DiscordActionRow([
                    .action(customID: "r:laugh", label: "2", emoji: .unicode("😂")),
                    .link(url: "https://example.com", label: "More"),
                ])
            ])
        #expect(
            try json(payload)["components"] == [
                [
                    "type": 1,
                    "components": [
                        ["type": 2, "style": 2, "label": "2", "emoji": ["name": "😂"], "custom_id": "r:laugh"],
                        ["type": 2, "style": 5, "label": "More", "url": "https://example.com"],
                    ],
                ]
            ])
    }

    @Test func newFilesAreListedByTheirIndexAndKeptOnesByTheirID() throws {
        let payload = DiscordMessagePayload(keptAttachments: [DiscordAttachmentID(1_290_000_000_000_000_009)])
        let files = [DiscordFile.png(filename: "card.png", data: [1], description: "A card"), .png(filename: "b.png", data: [2])]
        #expect(
            try json(payload, files: files)["attachments"] == [
                ["id": "1290000000000000009"], ["id": 0, "filename": "card.png", "description": "A card"], ["id": 1, "filename": "b.png"],
            ])
        #expect(try json(DiscordMessagePayload(content: "x"))["attachments"] == nil)
    }

    private static let row = DiscordActionRow((0..<5).map { .action(customID: "b\($0)", label: "\($0)") })

    @Test(arguments: [
        (DiscordMessagePayload(content: String(repeating: "é", count: 2001)), "content has 2001 characters (at most 2000)"),
        (DiscordMessagePayload(content: ""), "a message needs content, components or a file"),
        (
            DiscordMessagePayload(components: (0..<6).map { row in DiscordActionRow([.action(customID: "r\(row)", label: "x")]) }),
            "6 action rows (at most 5)"
        ),
        (
            DiscordMessagePayload(components: [DiscordActionRow(row.buttons + [.action(customID: "b5", label: "5")])]),
            "row 0 has 6 buttons (1 to 5)"
        ),
        (DiscordMessagePayload(components: [DiscordActionRow([])]), "row 0 has 0 buttons (1 to 5)"),
        (
            DiscordMessagePayload(components: [DiscordActionRow([.action(customID: String(repeating: "x", count: 101), label: "x")])]),
            "button 0.0 custom_id has 101 characters (1 to 100)"
        ),
        (
            DiscordMessagePayload(components: [DiscordActionRow([.action(customID: "", label: "x")])]),
            "button 0.0 custom_id has 0 characters (1 to 100)"
        ),
        (
            DiscordMessagePayload(components: [
                DiscordActionRow([.action(customID: "a", label: "x")]), DiscordActionRow([.action(customID: "a", label: "y")]),
            ]),
            "button 1.0 repeats a custom_id of the same message"
        ),
        (
            DiscordMessagePayload(components: [DiscordActionRow([.action(customID: "a", label: String(repeating: "x", count: 81))])]),
            "button 0.0 label has 81 characters (at most 80)"
        ),
        (DiscordMessagePayload(components: [DiscordActionRow([.action(customID: "a")])]), "button 0.0 has neither label nor emoji"),
        (
            DiscordMessagePayload(content: "x", allowedMentions: DiscordAllowedMentions(users: (1...101).map { DiscordUserID(Int64($0)) })),
            "allowed_mentions names 101 users (at most 100)"
        ),
        (DiscordMessagePayload(content: "x", flags: .ephemeral), "only interaction answers and followups can be ephemeral"),
    ])
    func limitsAreCheckedBeforeSending(payload: DiscordMessagePayload, reason: String) {
        #expect(throws: DiscordError.invalidRequest(reason)) {
            try payload.validate(files: [], requiresContent: true, allowsEphemeral: false)
        }
    }

    @Test func theLimitsThemselvesPass() throws {
        let full = DiscordMessagePayload(
            content: String(repeating: "é", count: 2000),
            components: (0..<5).map { rowIndex in
                DiscordActionRow(
                    (0..<5).map {
                        .action(customID: String(repeating: "\(rowIndex)", count: 95) + "-\($0)", label: String(repeating: "l", count: 80))
                    })
            },
            allowedMentions: DiscordAllowedMentions(users: (1...100).map { DiscordUserID(Int64($0)) }))
        try full.validate(files: [], requiresContent: true, allowsEphemeral: false)
        try DiscordMessagePayload(flags: .ephemeral).validate(files: [], requiresContent: false, allowsEphemeral: true)
    }

    @Test func interactionResponsesEncodeTheirTypeAndOnlyAnEphemeralFlagWhenDeferred() throws {
        func encoded(_ response: DiscordInteractionResponse) throws -> FakeJSON {
            try #require(FakeJSON.parse(try DiscordClient.encoder.encode(InteractionResponseBody(response: response, files: []))))
        }
        #expect(try encoded(.deferredMessage(ephemeral: true)) == ["type": 5, "data": ["flags": 64]])
        #expect(try encoded(.deferredMessage(ephemeral: false)) == ["type": 5])
        #expect(try encoded(.deferredUpdate) == ["type": 6])
        let message = try encoded(.message(DiscordMessagePayload(content: "hi", flags: .ephemeral)))
        #expect(message["type"] == 4 && message["data"]?["flags"] == 64 && message["data"]?["allowed_mentions"]?["parse"] == [])
        #expect(try encoded(.updateMessage(DiscordMessagePayload(components: [])))["data"]?["components"] == [])
    }
}
