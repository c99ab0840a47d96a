import ChatPlatform
import Foundation
import RoastBot
import RoastCore
import RoastStore
import RoastTesting
import Testing

/// Native reactions are interactions with the bot only on its own roasts: a 👍 on a colleague's
/// message is none of the bot's business (the bot sees it because it is an admin).
struct ReactionScopeTests {
    static let dayLength: TimeInterval = 86_400

    @Test func reactionsOnOtherMessagesKeepNoProfileStreakOrBadge() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<3 {
            let date = start.addingTimeInterval(Double(day) * Self.dayLength)
            for emoji in ["👍", "🔥"] {
                await bot.run(
                    bot.envelope(
                        .reactionChange(message: MessageID(Int64(900 + day)), old: [], new: [emoji]), from: BotFixture.bob, at: date))
            }
        }
        let (profile, streak) = try bot.database.read { tx in
            (
                try tx.profile(chat: BotFixture.group.id, user: BotFixture.bob.id),
                try tx.streak(chat: BotFixture.group.id, user: BotFixture.bob.id)
            )
        }
        #expect(profile == nil)
        #expect(streak == nil)
        #expect(bot.platform.deliveries.isEmpty)
    }

    @Test func reactionsOnTheBotsRoastsCountEveryDay() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        let start = bot.clock.now
        for day in 0..<3 {
            let date = start.addingTimeInterval(Double(day) * Self.dayLength)
            await bot.run(bot.envelope(.command(name: "roast", arguments: "", message: MessageID(Int64(100 + day))), at: date))
            let roast = try #require(bot.platform.sentMessages.last { $0.content.buttons.count == 2 })
            await bot.run(
                bot.envelope(
                    .reactionChange(message: roast.message, old: [], new: ["👍"]), from: BotFixture.bob, at: date.addingTimeInterval(60)))
        }
        let streak = try bot.database.read { try $0.streak(chat: BotFixture.group.id, user: BotFixture.bob.id) }
        #expect(streak?.current == 3)
        #expect(bot.platform.sentMessages.contains { $0.content.text.plainText.contains("Bob" + Phrasebook(.vi).milestoneReached(3)) })
    }

    @Test func theRouterAsksTheStoreWhetherANativeReactionCounts() async throws {
        var bot = try BotFixture()
        defer { bot.cleanUp() }
        await bot.run(bot.command("/roast"))
        let roast = try #require(bot.platform.sentMessages.last)
        let onRoast = bot.runtime.router.decode(bot.envelope(.reactionChange(message: roast.message, old: [], new: ["👍"])))
        let elsewhere = bot.runtime.router.decode(bot.envelope(.reactionChange(message: MessageID(4_242), old: [], new: ["🔥"])))
        let command = bot.runtime.router.decode(bot.command("/streak"))
        let verdicts = try bot.database.read { tx in
            (
                try bot.runtime.router.countsAsActivity(onRoast, in: BotFixture.group.id, tx),
                try bot.runtime.router.countsAsActivity(elsewhere, in: BotFixture.group.id, tx),
                try bot.runtime.router.countsAsActivity(command, in: BotFixture.group.id, tx)
            )
        }
        #expect(verdicts == (true, false, true))
    }
}
