import Foundation
import Testing

@testable import DiscordAPI

@Suite struct SnowflakeTests {
    @Test(arguments: [
        // The docs' example: 175928847299117063 was made at 2016-04-30 11:18:25.796 UTC.
        (Int64(175_928_847_299_117_063), 1_462_015_105_796 as Int64),
        (0, 1_420_070_400_000),
        (1 << 22, 1_420_070_400_001),
    ])
    func timestampIsMillisecondsSinceTheDiscordEpoch(raw: Int64, unixMilliseconds: Int64) {
        let id = DiscordInteractionID(raw)
        #expect(id.millisecondsSinceDiscordEpoch + Snowflake<DiscordInteraction>.discordEpochMilliseconds == unixMilliseconds)
        #expect(Int64((id.timestamp.timeIntervalSince1970 * 1000).rounded()) == unixMilliseconds)
    }

    @Test func earliestAtADateSortsBeforeEveryIDMadeThen() {
        let date = Date(timeIntervalSince1970: 1_767_225_600.25)
        let earliest = DiscordMessageID.earliest(at: date)
        #expect(earliest.timestamp == date)
        #expect(earliest < DiscordMessageID(earliest.rawValue + 4095))
    }

    @Test func decodesStringsAndNumbersAndEncodesStrings() throws {
        struct Holder: Codable { var id: DiscordUserID }
        let fromString = try JSONDecoder().decode(Holder.self, from: Data(#"{"id":"53908232506183680"}"#.utf8))
        let fromNumber = try JSONDecoder().decode(Holder.self, from: Data(#"{"id":53908232506183680}"#.utf8))
        #expect(fromString.id == DiscordUserID(53_908_232_506_183_680))
        #expect(fromNumber.id == fromString.id)
        #expect(String(decoding: try JSONEncoder().encode(fromString), as: UTF8.self) == #"{"id":"53908232506183680"}"#)
    }

    @Test(arguments: ["", "-5", "12a", "99999999999999999999", " 12"])
    func rejectsTextThatIsNotASnowflake(text: String) {
        #expect(DiscordChannelID(text) == nil)
        struct Holder: Codable { var id: DiscordChannelID }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Holder.self, from: Data("{\"id\":\"\(text)\"}".utf8)) }
    }

    @Test func tokensNeverPrint() {
        let bot = DiscordBotToken("Bot MTA1.secret.part")
        let interaction = DiscordInteractionToken("aW50ZXJhY3Rpb24")
        for text in [
            "\(bot)", String(reflecting: bot), "\(interaction)", String(reflecting: interaction),
            "\(Mirror(reflecting: bot).children.count)",
        ] {
            #expect(!text.contains("secret") && !text.contains("aW50ZXJhY3Rpb24"))
        }
        #expect(bot.authorization == "Bot MTA1.secret.part")
        #expect(!DiscordBotToken("two words").isWellFormed)
        #expect(DiscordBotToken(" MTA1.x.y\n").isWellFormed)
    }

    @Test(arguments: [
        ("2017-07-11T17:27:07.299000+00:00", 1_499_794_027.299),
        ("2017-07-11T17:27:07+00:00", 1_499_794_027.0),
        ("2017-07-11T19:27:07.5+02:00", 1_499_794_027.5),
        ("2017-07-11T17:27:07Z", 1_499_794_027.0),
    ])
    func parsesDiscordTimestamps(text: String, seconds: Double) throws {
        let date = try #require(DiscordTimestamp.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_5)
    }

    @Test(arguments: ["2017-07-11", "2017-13-11T17:27:07+00:00", "2017-07-11T17:27:07", "yesterday"])
    func refusesOtherTimestamps(text: String) {
        #expect(DiscordTimestamp.parse(text) == nil)
    }

    @Test func permissionsDecodeFromStringsAndTellManagers() throws {
        struct Holder: Codable { var permissions: DiscordPermissions }
        let admin = try JSONDecoder().decode(Holder.self, from: Data(#"{"permissions":"8"}"#.utf8)).permissions
        let manager = try JSONDecoder().decode(Holder.self, from: Data(#"{"permissions":"32"}"#.utf8)).permissions
        let member = try JSONDecoder().decode(Holder.self, from: Data(#"{"permissions":"277025508416"}"#.utf8)).permissions
        #expect(admin.canManageGuild && manager.canManageGuild && !member.canManageGuild)
        #expect(member.contains([.sendMessages, .attachFiles, .sendMessagesInThreads]))
        #expect(String(decoding: try JSONEncoder().encode(Holder(permissions: .manageGuild)), as: UTF8.self) == #"{"permissions":"32"}"#)
    }
}
