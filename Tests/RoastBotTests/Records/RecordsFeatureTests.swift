import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

@Suite struct RecordsFeatureTests {
    @Test func favoritesArePagedWithButtonsThatEditInPlace() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        for _ in 1...7 {
            await bot.run(bot.command("/roast"))
            let posted = try #require(bot.platform.sentMessages.last)
            let star = posted.content.buttons[1][0].data
            await bot.run(bot.envelope(.press(callbackID: "s", data: star, message: posted.message)))
        }
        await bot.run(bot.command("/favorites"))
        let page1 = try #require(bot.platform.sentMessages.last)
        #expect(page1.content.text.plainText.contains("1/2"))
        #expect(
            page1.content.buttons == [
                [Button(Phrasebook(.vi).nextPage, data: RecordsFeature.ButtonAction(page: 2, of: BotFixture.alice.id).payload)]
            ])
        await bot.run(
            bot.envelope(
                .press(
                    callbackID: "p", data: RecordsFeature.ButtonAction(page: 2, of: BotFixture.alice.id).payload, message: page1.message)))
        guard
            case .edited(_, let message, let page2) = bot.platform.deliveries.last(where: {
                if case .edited = $0 { return true }
                return false
            })
        else {
            Issue.record("expected an edit")
            return
        }
        #expect(message == page1.message)
        #expect(page2.text.plainText.contains("2/2"))
        #expect(page2.text.plainText.contains("7."))
    }

    @Test func historyShowsReactionsAndFiltersByMood() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast tired"))
        let tired = try #require(bot.platform.sentMessages.last)
        await bot.run(bot.envelope(.press(callbackID: "r", data: tired.content.buttons[0][0].data, message: tired.message)))
        await bot.run(bot.command("/roast bored"))
        await bot.run(bot.command("/roast"))
        let tiredRoast = try #require(try storedRoast(bot, message: tired.message))

        await bot.run(bot.command("/history mệt"))
        let filtered = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(filtered.contains(RecordsFeature.excerpt(tiredRoast.text)))
        #expect(filtered.contains("😂"))
        #expect(!filtered.contains(Mood.bored.emoji))

        await bot.run(bot.command("/history"))
        let all = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(all.contains(Mood.bored.emoji))
        #expect(all.components(separatedBy: "\n\n").count == 4)
    }

    /// A filter that matches nothing says so (the person has roasts); no roast at all says that.
    @Test(arguments: [
        (Language.vi, "Không có roast nào khớp bộ lọc", "Bạn chưa có roast nào"),
        (.en, "None matches the filter", "No roast yet"),
    ])
    func historyWithAFilterAndNoMatchSaysNoneMatchesTheFilter(language: Language, noneMatches: String, noneYet: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        try bot.database.write { tx in
            var settings = try tx.ensureChat(BotFixture.group, defaultLanguage: language, at: bot.clock.now)
            settings.language = language
            try tx.saveChat(settings)
        }
        await bot.run(bot.command("/history"))
        #expect(try #require(bot.platform.sentMessages.last).content.text.plainText.contains(noneYet))
        await bot.run(bot.command("/roast tired"))
        await bot.run(bot.command("/history bored"))
        let filtered = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(filtered.contains(noneMatches), "\(filtered)")
        #expect(!filtered.contains(noneYet))
    }

    @Test func statsShowReactionBarsCategoriesSpiceAndChatTotals() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast meetings 2"))
        let posted = try #require(bot.platform.sentMessages.last)
        await bot.run(
            bot.envelope(
                .press(callbackID: "f", data: posted.content.buttons[0][1].data, message: posted.message), from: BotFixture.bob))
        await bot.run(bot.command("/roast kpi 1", from: BotFixture.bob))
        await bot.run(bot.command("/stats"))
        let text = try #require(bot.platform.sentMessages.last).content.text.plainText
        #expect(text.contains(Phrasebook(.vi).statsTitle))
        #expect(text.contains("🔥 ██████████ 1"))
        #expect(text.contains("📅 Họp hành ██████████ 1"))
        #expect(text.contains("🌶️🌶️ ██████████ 1"))
        #expect(text.contains(Phrasebook(.vi).statsChat(roasts: 2)))
        #expect(StatsView.bar(1, of: 4) == "███░░░░░░░")
    }
}
