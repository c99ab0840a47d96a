import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// `/stats` labels every line, and leaves out the chat's totals in a private chat (where the chat
/// is the person).
struct StatsPlaceTests {
    @Test func aPrivateChatHasNoChatTotals() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let chat = ChatRef(id: ChatID(BotFixture.bob.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/roast", from: BotFixture.bob, in: chat))
        await bot.run(bot.command("/stats", from: BotFixture.bob, in: chat))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(!text.contains("Cả nhóm"))
        #expect(!text.contains(Phrasebook(.vi).statsChat(roasts: 1)))
    }

    @Test(arguments: [Language.vi, .en])
    func theGroupsTotalsSayTheyAreReactions(_ language: Language) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        try bot.database.write { tx in
            var settings = try tx.ensureChat(BotFixture.group, defaultLanguage: language, at: bot.clock.now)
            settings.language = language
            try tx.saveChat(settings)
        }
        await bot.run(bot.command("/roast", from: BotFixture.bob))
        await bot.run(bot.command("/stats", from: BotFixture.bob))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        let words = Phrasebook(language)
        #expect(text.hasSuffix(words.statsChat(roasts: 1) + "\n" + words.statsNoReactionsYet))
        #expect(language == .vi ? text.contains("phản ứng") : text.contains("reactions"))
    }
}

/// `/history` takes a mood and a category, so its hint names those and nothing else.
struct HistoryHintTests {
    @Test(arguments: [Language.vi, .en])
    func theHintListsMoodsAndCategoriesNotSpice(_ language: Language) {
        let hint = Phrasebook(language).unknownHistoryWords(["xyz"])
        #expect(hint.contains("“xyz”"))
        #expect(Mood.allCases.allSatisfy { hint.contains($0.name(in: language).lowercased()) })
        #expect(!hint.contains("1–5"))
    }

    @Test func historyAnswersUnknownWordsWithItsOwnHint() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/history xyz", from: BotFixture.bob))
        let text = try #require(bot.platform.sentMessages.last?.content.text.plainText)
        #expect(text.hasSuffix(Phrasebook(.vi).unknownHistoryWords(["xyz"])))
    }
}
