import AIRoasts
import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Synchronization
import Testing

@Suite struct MoodsFeatureTests {
    @Test func moodWithoutArgumentShowsButtonsAndAPressSetsTodaysMood() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood"))
        let menu = try #require(bot.platform.sentMessages.last)
        let labels = menu.content.buttons.flatMap { $0 }
        #expect(labels.count == 6)
        let tired = try #require(labels.first { $0.data == MoodsFeature.ButtonAction(.tired).payload })
        await bot.run(bot.envelope(.buttonPress(callbackID: "m", data: tired.data, message: menu.message)))
        await bot.run(bot.command("/roast"))
        let last = try #require(bot.platform.sentMessages.last)
        let roast = try #require(try storedRoast(bot, message: last.message))
        #expect(roast.mood == .tired)
    }

    @Test(arguments: ["stressed", "căng thẳng", "cang thang", "áp lực"])
    func moodWordsInEitherLanguageSetTheMood(_ word: String) async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood \(word)"))
        let mood = try bot.database.read { tx in
            try tx.mood(chat: BotFixture.group.id, user: BotFixture.alice.id, on: LocalDate(bot.clock.now, in: BotDefaults.timeZone))
        }
        #expect(mood == .stressed)
    }

    @Test func requestedMoodWinsOverTodaysMoodAndOffClearsIt() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood bored"))
        await bot.run(bot.command("/roast annoyed"))
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.mood == .annoyed)
        await bot.run(bot.command("/mood off"))
        await bot.run(bot.command("/roast"))
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.mood == nil)
    }

    @Test func moodIsPerDay() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood tired"))
        bot.clock.advance(by: 86_400)
        await bot.run(bot.command("/roast"))
        #expect(try storedRoast(bot, message: bot.platform.sentMessages.last!.message)?.mood == nil)
    }

    @Test func unknownMoodWordGetsAHint() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/mood hungry"))
        #expect(bot.platform.sentMessages.last?.content.text.plainText == Phrasebook(.vi).moodUnknown("hungry"))
    }
}
