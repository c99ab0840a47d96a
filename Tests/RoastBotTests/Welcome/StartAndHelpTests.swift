import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// `/start` and `/help` end with one line, in the other language, saying how to switch to it; `/help`
/// lists everything `/roast` takes.
struct StartAndHelpTests {
    static let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)

    @Test(arguments: ["/start", "/help"])
    func aVietnameseChatEndsWithHowToSwitchToEnglish(_ command: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command(command, from: BotFixture.bob))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(text.hasSuffix("\n\n🌐 English: /settings language en"))
    }

    @Test(arguments: ["/start", "/help"])
    func anEnglishChatEndsWithHowToSwitchToVietnamese(_ command: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command(command, from: BotFixture.alice, in: Self.privateChat))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(text.hasSuffix("\n\n🌐 Tiếng Việt: /settings language vi"))
    }

    @Test func helpShowsThatRoastTakesACollection() throws {
        let bot = try BotFixture()
        defer { bot.cleanUp() }
        let menu = bot.runtime.menu
        #expect(WelcomeFeature.helpText(.vi, menu: menu).plainText.contains("/roast [chủ đề] [1-5] [tâm trạng] [bộ sưu tập]"))
        #expect(WelcomeFeature.helpText(.en, menu: menu).plainText.contains("/roast [category] [1-5] [mood] [collection]"))
    }
}
