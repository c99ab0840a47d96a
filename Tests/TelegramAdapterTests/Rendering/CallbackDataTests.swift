import ChatPlatform
import Testing

@testable import TelegramAdapter

struct CallbackDataTests {
    @Test(arguments: ["x", "roast:123:spicy", String(repeating: "a", count: 64), String(repeating: "é", count: 32)])
    func acceptsOneToSixtyFourBytes(data: String) throws {
        try CallbackData.validate([[Button("OK", data: data)]])
    }

    @Test(arguments: [
        (String(repeating: "a", count: 65), 65),
        (String(repeating: "é", count: 33), 66),
        (String(repeating: "🔥", count: 17), 68),
    ])
    func rejectsPayloadsOverSixtyFourBytesWithoutTruncating(data: String, bytes: Int) {
        let buttons = [[Button("OK", data: "ok")], [Button("A", data: "a"), Button("B", data: data)]]
        #expect(throws: RenderingError.callbackDataTooLong(row: 1, column: 1, bytes: bytes)) {
            try CallbackData.validate(buttons)
        }
    }

    @Test func rejectsEmptyPayload() {
        #expect(throws: RenderingError.emptyCallbackData(row: 0, column: 0)) {
            try CallbackData.validate([[Button("OK", data: "")]])
        }
    }

    @Test(arguments: ["", " ", "\n\t"])
    func rejectsBlankLabel(label: String) {
        #expect(throws: RenderingError.emptyLabel(row: 0, column: 1)) {
            try CallbackData.validate([[Button("OK", data: "ok"), Button(label, data: "x")]])
        }
    }

    @Test func acceptsAHundredButtonsButNotMore() throws {
        let row = Array(repeating: Button("b", data: "d"), count: 10)
        try CallbackData.validate(Array(repeating: row, count: 10))
        #expect(throws: RenderingError.tooManyButtons(count: 101)) {
            try CallbackData.validate(Array(repeating: row, count: 10) + [[Button("b", data: "d")]])
        }
    }

    @Test func acceptsNoButtons() throws {
        try CallbackData.validate([])
    }

    /// The limit the core learns from Telegram's profile is this rule's.
    @Test func theProfileTellsTheCoreThisLimit() {
        #expect(TelegramPlatform.profile(botUsername: "bot").buttonPayloadLimit == CallbackData.maxBytes)
    }
}
