import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// A group starts in the language of whoever added the bot, and its welcome says, in both
/// languages, how to switch.
struct WelcomeLanguageTests {
    @Test(arguments: [(String?("en"), Language.en), ("vi", .vi), ("en-GB", .en), ("fr", .vi), (nil, .vi)])
    func aGroupStartsInTheLanguageOfWhoeverAddedTheBot(_ code: String?, _ expected: Language) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let adder = Person(id: UserID(77), displayName: "Sam", username: "sam", languageCode: code)
        await bot.run(bot.envelope(.botMembership(.member), from: adder))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.language } == expected)
        let welcome = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(welcome.hasPrefix(Phrasebook(expected).welcomeToGroup))
        #expect(welcome.contains(Phrasebook(expected).languageSwitchHint))
        #expect(welcome.contains("/settings language vi") || welcome.contains("/settings language en"))
    }

    /// A group the bot already knows keeps the language it chose, whoever adds the bot again.
    @Test func aGroupAddedAgainKeepsItsLanguage() async throws {
        var bot = try BotFixture(administration: FixedAdministration(admins: [BotFixture.alice.id]))
        defer { bot.cleanUp() }
        await bot.run(bot.envelope(.botMembership(.member), from: BotFixture.alice))
        await bot.run(bot.command("/settings language vi", from: BotFixture.alice))
        await bot.run(bot.envelope(.botMembership(.left), from: BotFixture.alice))
        await bot.run(bot.envelope(.botMembership(.member), from: BotFixture.alice))
        #expect(try bot.database.read { try $0.chat(BotFixture.group.id)?.language } == .vi)
    }
}
