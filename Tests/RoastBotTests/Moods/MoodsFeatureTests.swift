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
        await bot.run(bot.envelope(.press(callbackID: "m", data: tired.data, message: menu.message)))
        await bot.run(bot.command("/roast"))
        let last = try #require(bot.platform.sentMessages.last)
        let roast = try #require(try storedRoast(bot, message: last.message))
        #expect(roast.mood == .tired)
    }

    @Test(arguments: ["stressed", "căng thẳng", "cang thang", "áp lực", "😰", "😰 Căng thẳng", "căng\u{200B} thẳng"])
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

extension MoodsFeatureTests {
    /// The scenario: after `/mood stressed`, `/roast` in a chat capped at 5 gives gentle
    /// roasts only, the supportive ones first (sixty: more than the library's supportive ones, so
    /// the gentle rule is tested past them) — until the person names a spice themselves.
    @Test func aStressedPersonGetsGentleSupportiveRoastsUntilTheyAskASpice() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let privateChat = ChatRef(id: ChatID(BotFixture.alice.id.rawValue), kind: .privateChat)
        await bot.run(bot.command("/mood stressed", in: privateChat))
        for _ in 0..<60 { await bot.run(bot.command("/roast", in: privateChat)) }
        await bot.run(bot.command("/roast 4", in: privateChat))
        let roasts = try bot.database.read { try $0.recentRoasts(chat: privateChat.id, user: BotFixture.alice.id, limit: 61) }.reversed()
        #expect(try bot.database.read { try $0.chat(privateChat.id)?.maxSpice } == .hottest)
        let gentle = roasts.prefix(60)
        #expect(gentle.count == 60)
        #expect(gentle.allSatisfy { $0.spice <= SpiceLevel(clamping: 2) && $0.mood == .stressed })
        // Supportive ones first: as many as the library has for them (Premium is not unlocked yet).
        let supportive = BotFixture.library.all.count { $0.language == .en && !$0.isPremium && $0.moods.contains(.stressed) }
        #expect(supportive >= 24)
        #expect(
            gentle.prefix(min(supportive, 60)).allSatisfy {
                BotFixture.library.roast(id: $0.libraryID ?? "")?.moods.contains(.stressed) == true
            })
        #expect(roasts.last?.spice == SpiceLevel(clamping: 4))
    }
}
